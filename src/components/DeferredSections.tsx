import { deferred } from '../app/deferred.tsx';

/*
 * Sections that sit below a page's first screen (or, like structured data, are not seen at all): the server
 * renders them in full and the browser hydrates them after the page is interactive (see app/deferred.tsx).
 */

export const DeferredConsultSection = deferred(() =>
  import('./ConsultSection.tsx').then((module) => module.ConsultSection),
);

export const DeferredFaqSection = deferred(() => import('./FaqSection.tsx').then((module) => module.FaqSection));

export const DeferredStudioStructuredData = deferred(() =>
  import('./StudioStructuredData.tsx').then((module) => module.StudioStructuredData),
);

export const DeferredPostStructuredData = deferred(() =>
  import('./PostStructuredData.tsx').then((module) => module.PostStructuredData),
);

export const DeferredRelatedPosts = deferred(() => import('./RelatedPosts.tsx').then((module) => module.RelatedPosts));

export const DeferredHomeSections = deferred(() => import('./HomeSections.tsx').then((module) => module.HomeSections));
