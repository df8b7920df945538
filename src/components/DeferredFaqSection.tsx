import { deferred } from '../app/deferred.tsx';

/**
 * The frequent questions, below a page's first screen.
 * Deferred (src/app/deferred.tsx), in a module of its own so that a page's chunks name only the deferred
 * sections it shows, and its boot data lists only their chunks.
 */
export const DeferredFaqSection = deferred(() => import('./FaqSection.tsx').then((module) => module.FaqSection));
