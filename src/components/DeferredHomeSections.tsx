import { deferred } from '../app/deferred.tsx';

/** The home page below its hero, up to the packages (deferred: src/app/deferred.tsx). */
export const DeferredHomeSections = deferred(() => import('./HomeSections.tsx').then((module) => module.HomeSections));

/** The home page's add-ons, steps and questions (deferred: src/app/deferred.tsx). */
export const DeferredHomeClosingSections = deferred(() =>
  import('./HomeSections.tsx').then((module) => module.HomeClosingSections),
);
