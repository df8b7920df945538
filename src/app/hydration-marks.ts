/**
 * User Timing marks (`performance.mark`) the client sets: when the page has hydrated, and each time a deferred
 * section has. They show in DevTools' and Lighthouse's traces, and the end-to-end tests wait for them instead of
 * markup made for tests.
 */
export const hydratedMark = 'hydrated';
export const deferredSectionMark = 'deferred-section-hydrated';
