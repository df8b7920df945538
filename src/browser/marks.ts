import type { IslandName } from './islands/registry.ts';

/**
 * User Timing marks (`performance.mark`) the browser sets: the boot loader has set its listeners (started); it has
 * put in place what waits for the first idle moment after the first paint (settled: the draft in the form, the
 * thank-you page completed, the watch on scrolling and on islands nearing the screen); an island has started waking
 * (its module is asked for) and has hydrated; the page load's landing has been recorded (lead attribution). They show in DevTools' and Lighthouse's traces, and the end-to-end tests wait for
 * them instead of markup made for tests.
 */
export const pageStartedMark = 'page-started';
export const pageSettledMark = 'page-settled';
export const islandWakingMark = (name: IslandName) => `island-waking:${name}`;
export const islandHydratedMark = (name: IslandName) => `island-hydrated:${name}`;
export const landingRecordedMark = 'landing-recorded';
