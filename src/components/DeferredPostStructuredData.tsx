import { deferred } from '../app/deferred.tsx';

/** A post's structured data, seen by search engines only (deferred: src/app/deferred.tsx). */
export const DeferredPostStructuredData = deferred(() =>
  import('./PostStructuredData.tsx').then((module) => module.PostStructuredData),
);
