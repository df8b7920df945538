import type { IslandName } from './islands/registry.ts';

/**
 * User Timing marks (`performance.mark`) the browser sets: the boot loader has started the page's plain behaviours;
 * an island has started waking (its module is asked for) and has hydrated; the page load's landing has been
 * recorded (lead attribution). They show in DevTools' and Lighthouse's traces, and the end-to-end tests wait for
 * them instead of markup made for tests.
 */
export const pageStartedMark = 'page-started';
export const islandWakingMark = (name: IslandName) => `island-waking:${name}`;
export const islandHydratedMark = (name: IslandName) => `island-hydrated:${name}`;
export const landingRecordedMark = 'landing-recorded';
