import { deferred } from '../app/deferred.tsx';

/**
 * The home page below its hero.
 * Deferred (src/app/deferred.tsx), in a module of its own so that a page's chunks name only the deferred
 * sections it shows, and its boot data lists only their chunks.
 */
export const DeferredHomeSections = deferred(() => import('./HomeSections.tsx').then((module) => module.HomeSections));
