import { deferred } from '../app/deferred.tsx';

/** The studio's structured data, seen by search engines only (deferred: src/app/deferred.tsx). */
export const DeferredStudioStructuredData = deferred(() =>
  import('./StudioStructuredData.tsx').then((module) => module.StudioStructuredData),
);
