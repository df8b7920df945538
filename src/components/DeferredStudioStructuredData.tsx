import { deferred } from '../app/deferred.tsx';

/**
 * The studio's structured data (seen by search engines only).
 * Deferred (src/app/deferred.tsx), in a module of its own so that a page's chunks name only the deferred
 * sections it shows, and its boot data lists only their chunks.
 */
export const DeferredStudioStructuredData = deferred(() =>
  import('./StudioStructuredData.tsx').then((module) => module.StudioStructuredData),
);
