import { deferred } from '../app/deferred.tsx';

/**
 * The posts related to a post, below it.
 * Deferred (src/app/deferred.tsx), in a module of its own so that a page's chunks name only the deferred
 * sections it shows, and its boot data lists only their chunks.
 */
export const DeferredRelatedPosts = deferred(() => import('./RelatedPosts.tsx').then((module) => module.RelatedPosts));
