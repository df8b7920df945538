import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, testPost, testSiteUrl, testStore } from '../../test-support/server.ts';

const hostile = 'Ads & <Offers> ]]> "quoted" \u2028 end';
const data = testStore(4);
data.posts.push(testPost({ id: 5, slug: 'hostile', title: hostile, summary: `Summary ${hostile}` }));
data.posts.push(
  testPost({ id: 7, slug: 'on-a-cdn', featuredImage: 'https://images.example-cdn.com/a.jpg?w=1200&q=80' }),
);
data.posts.push(testPost({ id: 6, slug: 'scheduled', publishedAt: new Date(Date.now() + 86_400_000).toISOString() }));
const publicSlugs = ['post-1', 'post-2', 'post-3', 'post-4', 'hostile', 'on-a-cdn'];

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp({ data });
});
afterAll(() => testApp.close());

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'item'].includes(name) });

function parseXml(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

describe('/sitemap.xml', () => {
  test('lists every page and exactly the public posts, with lastmod from each post', async () => {
    const response = await request(testApp.app).get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    const urls: { loc: string; lastmod?: string }[] = parseXml(response.text).urlset.url;
    const locs = urls.map((url) => url.loc);
    for (const path of ['/', '/services', '/how-it-works', '/about', '/faq', '/start-project', '/blog']) {
      expect(locs).toContain(`${testSiteUrl}${path}`);
    }
    const postLocs = locs.filter((loc) => loc.startsWith(`${testSiteUrl}/blog/`));
    expect(postLocs.sort()).toEqual(publicSlugs.map((slug) => `${testSiteUrl}/blog/${slug}`).sort());
    expect(urls.find((url) => url.loc.endsWith('/blog/post-1'))?.lastmod).toBe(data.posts[0]?.publishedAt);
  });
});

describe('/rss.xml', () => {
  test('is RSS 2.0 with every public post, newest first, and keeps hostile text as text', async () => {
    const response = await request(testApp.app)
      .get('/rss.xml')
      .expect(200)
      .expect('Content-Type', /rss\+xml/);
    const channel = parseXml(response.text).rss.channel;
    const items: {
      title: string;
      link: string;
      guid: { '#text': string };
      pubDate: string;
      description: string;
      category: string;
    }[] = channel.item;
    expect(items.map((item) => item.link.replace(`${testSiteUrl}/blog/`, '')).sort()).toEqual([...publicSlugs].sort());
    const dates = items.map((item) => Date.parse(item.pubDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const hostileItem = items.find((item) => item.link.endsWith('/hostile'));
    expect(hostileItem?.title).toBe(hostile);
    expect(hostileItem?.guid['#text']).toBe(`${testSiteUrl}/blog/hostile`);
    expect(hostileItem?.category).toBe('Local SEO');
    expect(response.text).not.toContain('<Offers>');
  });

  test('each item names its featured image: a site image on SITE_URL, an image elsewhere as it is', async () => {
    const response = await request(testApp.app).get('/rss.xml').expect(200);
    const items: { link: string; 'media:content': { '@_url': string; '@_medium': string } }[] = parseXml(response.text)
      .rss.channel.item;
    const image = (slug: string) => items.find((item) => item.link.endsWith(`/${slug}`))?.['media:content'];
    expect(image('post-1')).toEqual({
      '@_url': `${testSiteUrl}/images/blog/google-business-profile.webp`,
      '@_medium': 'image',
    });
    expect(image('on-a-cdn')).toEqual({
      '@_url': 'https://images.example-cdn.com/a.jpg?w=1200&q=80',
      '@_medium': 'image',
    });
  });
});

describe('/robots.txt', () => {
  test('allows crawling and names the sitemap', async () => {
    const response = await request(testApp.app)
      .get('/robots.txt')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(response.text).toContain('User-agent: *');
    expect(response.text).toContain(`Sitemap: ${testSiteUrl}/sitemap.xml`);
  });
});
