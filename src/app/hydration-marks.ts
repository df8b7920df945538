/**
 * User Timing marks (`performance.mark`) the client sets: when the page has hydrated, and when the page load's
 * landing has been recorded (lead attribution, loaded apart). They show in DevTools' and Lighthouse's traces, and
 * the end-to-end tests wait for them instead of markup made for tests.
 */
export const hydratedMark = 'hydrated';
export const landingRecordedMark = 'landing-recorded';
