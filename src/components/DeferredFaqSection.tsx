import { deferred } from '../app/deferred.tsx';

/** The frequent questions, below a page's first screen (deferred: src/app/deferred.tsx). */
export const DeferredFaqSection = deferred(() => import('./FaqSection.tsx').then((module) => module.FaqSection));
