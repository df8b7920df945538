import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { appRoutes } from '../app/routes.ts';
import { planIds } from '../content/plan-titles.ts';
import { createTestApp, testStore, type TestApp } from '../../test-support/server.ts';

// A link into the form behaves as its address does (a full page load of the form's page), so the browser tests
// follow one link of each kind (e2e/form-links.spec.ts). This checks, on every page's server HTML, that the site
// links into the form in no other way: the form's page, alone or naming a package, never with a fragment.

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ data: testStore(8) });
});
afterAll(() => testApp.close());

// A preview's page is a post's, under a signed link: its links are the post page's.
const addresses = appRoutes
  .filter((route) => !route.path.includes(':token'))
  .map((route) => (route.path === '*' ? '/no-such-page' : route.path.replace(':slug', 'post-1')));

test('every link into the form, on every page, is the form’s page or the form naming a package', async () => {
  const kinds = new Set<string>();
  for (const address of new Set(addresses)) {
    const { text: html } = await request(testApp.app).get(address);
    for (const [, href] of html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)) {
      const url = new URL(href!.replace(/&amp;/g, '&'), `https://studio.example${address}`);
      // A jump within the page (the skip link's #main) leads into nothing but that page.
      const intoTheForm = /consult/.test(url.hash) || (!href!.startsWith('#') && url.pathname === '/start-project');
      if (!intoTheForm) continue;
      expect(url.hash, `${address}: ${href}`).toBe('');
      expect([...url.searchParams.keys()], `${address}: ${href}`).toEqual(url.search ? ['plan'] : []);
      if (url.search) expect(planIds, `${address}: ${href}`).toContain(url.searchParams.get('plan'));
      kinds.add(url.search ? 'a package' : 'the form');
    }
  }
  expect([...kinds].sort()).toEqual(['a package', 'the form']);
  // Eleven pages, the first of them importing the renderer: seconds on a busy machine.
}, 60_000);
