import { deferred } from '../app/deferred.tsx';

/** The posts related to a post, below it (deferred: src/app/deferred.tsx). */
export const DeferredRelatedPosts = deferred(() => import('./RelatedPosts.tsx').then((module) => module.RelatedPosts));
