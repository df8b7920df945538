/**
 * Unit-level guards of the mechanisms in docs/decisions/, one group per record: each fails when a change quietly
 * undoes the mechanism, and names the record that says why it exists. Their twin in the browser is
 * e2e/perf-guards.spec.ts; the build's own guard is in build/self-contained-entry.test.ts, and the import rules
 * (icons.md) in eslint.config.js.
 */
import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestApp, testStore } from '../test-support/server.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // Every request rendered, none served from the page cache: the guards watch the render.
  testApp = await createTestApp({ data: testStore(3), env: { RENDER_CACHE: 'off' } });
});
afterAll(() => testApp.close());

// First, so that its spies watch the first render in this file (which imports the whole app: a longer timeout).
describe('dates-without-intl.md', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  test('pages with dates build no Intl formatter and ask for no locale string', async () => {
    // Before this file's first render, so a formatter built once and kept would be seen too.
    // The prototype's spies first: spying on the constructor replaces it.
    const formatter = [
      vi.spyOn(Intl.DateTimeFormat.prototype as { readonly format: unknown }, 'format', 'get'),
      vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts'),
      vi.spyOn(Intl, 'DateTimeFormat'),
    ];
    const locale = [
      vi.spyOn(Date.prototype, 'toLocaleDateString'),
      vi.spyOn(Date.prototype, 'toLocaleString'),
      vi.spyOn(Date.prototype, 'toLocaleTimeString'),
    ];
    for (const page of ['/blog', '/blog/post-1']) {
      const { text: html } = await request(testApp.app).get(page).expect(200);
      expect(html).toMatch(/<time dateTime="[^"]+">\d{1,2} [A-Z][a-z]+ \d{4}<\/time>/);
    }
    for (const spy of [...formatter, ...locale]) expect(spy).not.toHaveBeenCalled();
  });
});

describe('boot-loader.md', () => {
  test('the HTML starts one script, the loader; the islands’ modules are listed for it', async () => {
    const { text: html } = await request(testApp.app).get('/faq').expect(200);
    const modules = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    expect(modules).toEqual(['/src/browser/boot-loader.ts']);
    // Nothing else is fetched before the first paint: no modulepreload beyond React's hint for the loader.
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/src/browser/boot-loader.ts']);
    const json = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    const boot = JSON.parse(json) as {
      assets: { loader: string; islands: Record<string, string[]>; hydrate: string[] };
    };
    expect(boot.assets.loader).toBe('/src/browser/boot-loader.ts');
    expect(boot.assets.islands['consult-form']).toEqual(['/src/browser/components/ConsultForm.tsx']);
    expect(boot.assets.hydrate).toEqual(['/src/browser/islands/hydrate.tsx']);
  });
});

describe('page-loads.md', () => {
  test('the tap’s loading state styles the progress bar alone, nothing on the root that every element inherits', async () => {
    const css = await readFile(new URL('./styles.css', import.meta.url), 'utf8');
    const selectors = [...css.matchAll(/([^{}]*\[data-navigating\][^{}]*)\{/g)].map((m) => m[1]!.trim());
    expect(selectors.length).toBeGreaterThan(0);
    // A rule on `html[data-navigating]` itself (a progress cursor, say) restyled the whole old page on every tap.
    for (const selector of selectors) expect(selector).toMatch(/\[data-navigating\]\s+\S/);
  });
});
