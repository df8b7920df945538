/**
 * Unit-level guards of the mechanisms in docs/decisions/, one group per record: each fails when a change quietly
 * undoes the mechanism, and names the record that says why it exists. Their twin in the browser is
 * e2e/perf-guards.spec.ts; the build's own guard is in build/self-contained-entry.test.ts, and the import rules
 * (icons.md) in eslint.config.js.
 */
import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, testStore } from '../test-support/server.ts';

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // Every request rendered, none served from the page cache: the guards watch the render.
  testApp = await createTestApp({ data: testStore(3), env: { RENDER_CACHE: 'off' } });
});
afterAll(() => testApp.close());

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
