import { deferred } from '../app/deferred.tsx';

/**
 * A post's structured data (seen by search engines only).
 * Deferred (src/app/deferred.tsx), in a module of its own so that a page's chunks name only the deferred
 * sections it shows, and its boot data lists only their chunks.
 */
export const DeferredPostStructuredData = deferred(() =>
  import('./PostStructuredData.tsx').then((module) => module.PostStructuredData),
);
