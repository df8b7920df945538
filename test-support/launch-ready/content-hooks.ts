import type { ResolveHook } from 'node:module';

/**
 * Module hooks that give a process this folder's studio content in place of src/content/business.ts, team.ts and
 * testimonials.ts: what a studio that has filled them in runs. Business details and testimonials are the fixture
 * content's; the team is this folder's (someone takes the consults).
 */
const studioFile = /\/src\/content\/(business|testimonials|team)\.ts$/;
const replacements: Record<string, string> = {
  business: '../fixture-content/business.ts',
  testimonials: '../fixture-content/testimonials.ts',
  team: './team.ts',
};

export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  const resolved = await nextResolve(specifier, context);
  const file = studioFile.exec(resolved.url)?.[1];
  return file ? { ...resolved, url: new URL(replacements[file]!, import.meta.url).href } : resolved;
};
