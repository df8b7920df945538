import { deferred } from '../app/deferred.tsx';

/** The home page below its hero (deferred: src/app/deferred.tsx). */
export const DeferredHomeSections = deferred(() => import('./HomeSections.tsx').then((module) => module.HomeSections));
