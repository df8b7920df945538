import { deferred } from '../app/deferred.tsx';

/** The free-consult section with its form, below a page's first screen (deferred: src/app/deferred.tsx). */
export const DeferredConsultSection = deferred(() =>
  import('./ConsultSection.tsx').then((module) => module.ConsultSection),
);
