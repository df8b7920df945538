import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { element, textOf } from '../../test-support/html.ts';
import { ctaLabels } from '../lib/cta-labels.ts';
import { marketingPages } from '../../test-support/marketing-pages.ts';
import { createTestApp, testPost, testSiteUrl, testStore } from '../../test-support/server.ts';

const hostileTitle = '</script><script>alert(1)</script> \u2028 & "q"';
const data = testStore(8);
data.posts.push(testPost({ id: 20, slug: 'hostile', title: hostileTitle, summary: '</script><b>x</b>' }));
const cdnImage = 'https://images.example-cdn.com/photo-1.jpg?w=1600&q=80';
data.posts.push(
  testPost({ id: 21, slug: 'on-a-cdn', featuredImage: cdnImage, publishedAt: '2020-01-01T00:00:00.000Z' }),
);

let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp({ data });
});
afterAll(() => testApp.close());

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');

function headOf(html: string) {
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: attribute(html, /<meta name="description" content="([^"]*)"/),
    canonical: attribute(html, /<link rel="canonical" href="([^"]*)"/),
    robots: attribute(html, /<meta name="robots" content="([^"]*)"/),
    og: Object.fromEntries(
      [...html.matchAll(/<meta property="(og:[\w:]+|article:[\w_]+)" content="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    ),
    twitterCard: attribute(html, /<meta name="twitter:card" content="([^"]*)"/),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? 'null') as { '@type': string },
    ),
  };
}

async function get(path: string, expectedStatus = 200) {
  const response = await request(testApp.app).get(path).expect(expectedStatus).expect('Content-Type', /html/);
  return response.text;
}

const pages = [
  { path: '/', jsonLd: 'ProfessionalService' },
  { path: '/services', jsonLd: 'ProfessionalService' },
  { path: '/how-it-works' },
  { path: '/about' },
  { path: '/faq', jsonLd: 'FAQPage' },
  { path: '/start-project' },
  { path: '/blog' },
  { path: '/blog/post-3', jsonLd: 'BlogPosting' },
];

describe('every page’s server HTML', () => {
  test.each(pages)('$path is complete in place: no script but the loader and data blocks', async ({ path }) => {
    const html = await get(path);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    for (const attributes of scripts)
      expect(attributes).toMatch(/type="(application\/json|application\/ld\+json)"|type="module" src=/);
    // Sections that hydrate later are rendered where they stand, not streamed after the page for a script
    // to move into place.
    expect(html).not.toMatch(/<template\b|\$RC\(/);
  });

  test.each(pages)(
    '$path has its own title, description, canonical, Open Graph and Twitter tags',
    async ({ path, jsonLd }) => {
      const html = await get(path);
      expect(html.startsWith('<!DOCTYPE html><html lang="en-AU">')).toBe(true);
      const head = headOf(html);
      expect(head.title).toMatch(/ \| Newcastle Marketing Studio$/);
      expect(head.description?.length).toBeGreaterThan(10);
      expect(head.canonical).toBe(`${testSiteUrl}${path}`);
      expect(head.og['og:title']).toBe(head.title);
      expect(head.og['og:description']).toBe(head.description);
      expect(head.og['og:url']).toBe(head.canonical);
      expect(head.og['og:image']).toMatch(new RegExp(`^${testSiteUrl}/`));
      expect(head.twitterCard).toBe('summary_large_image');
      expect(head.robots).toBeUndefined();
      if (jsonLd) expect(head.jsonLd.map((item) => item['@type'])).toContain(jsonLd);
      expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml"[^>]*href="\/rss.xml"/);
    },
  );

  test('every page has a different title', async () => {
    const titles = await Promise.all(pages.map(async ({ path }) => headOf(await get(path)).title));
    expect(new Set(titles).size).toBe(pages.length);
  });

  test('a post is an article with its published time, BlogPosting and BreadcrumbList', async () => {
    const head = headOf(await get('/blog/post-3'));
    expect(head.og['og:type']).toBe('article');
    expect(head.og['article:published_time']).toBe(data.posts[2]?.publishedAt);
    expect(head.og['og:image']).toBe(`${testSiteUrl}/images/blog/google-business-profile.webp`);
    const posting = head.jsonLd.find((item) => item['@type'] === 'BlogPosting') as Record<string, unknown>;
    expect(posting).toMatchObject({ headline: 'Post 3', datePublished: data.posts[2]?.publishedAt });
    expect(posting.publisher).toMatchObject({ name: 'Newcastle Marketing Studio' });
    const crumbs = head.jsonLd.find((item) => item['@type'] === 'BreadcrumbList') as unknown as {
      itemListElement: { name: string }[];
    };
    expect(crumbs.itemListElement.map((item) => item.name)).toEqual(['Home', 'Blog', 'Post 3']);
  });

  test('a featured image on another site is shown as it is, preloaded, and named in Open Graph and JSON-LD', async () => {
    const html = await get('/blog/on-a-cdn');
    const escaped = cdnImage.replace('&', '&amp;');
    const img = new RegExp(`<img src="${escaped.replace(/[?.]/g, '\\$&')}"[^>]*>`).exec(html)?.[0];
    expect(img).toBeDefined();
    expect(img).not.toContain('srcset');
    expect(img).toMatch(/width="1200" height="630"/);
    expect(img).toMatch(/fetchPriority="high"/);
    expect(img).toMatch(/object-cover/);
    expect(html).toContain(`<link rel="preload" as="image" href="${escaped}" fetchPriority="high"/>`);
    const head = headOf(html);
    expect(head.og['og:image']).toBe(escaped);
    expect(head.og['og:image:width']).toBeUndefined();
    expect(html).toContain(`<meta name="twitter:image" content="${escaped}"/>`);
    const posting = head.jsonLd.find((item) => item['@type'] === 'BlogPosting') as Record<string, unknown>;
    expect(posting.image).toBe(cdnImage);
  });

  test('the FAQPage data holds exactly the questions the page shows', async () => {
    const html = await get('/faq');
    const faq = headOf(html).jsonLd.find((item) => item['@type'] === 'FAQPage') as unknown as {
      mainEntity: { name: string }[];
    };
    const shown = [...html.matchAll(/<summary[^>]*>([\s\S]*?)<\/summary>/g)].map((m) =>
      (m[1] ?? '')
        .replace(/<[^>]+>/g, '')
        .replace(/&#x27;/g, "'")
        .trim(),
    );
    expect(faq.mainEntity.map((question) => question.name)).toEqual(shown);
    expect(shown.length).toBeGreaterThan(5);
  });

  test('the home page describes the studio in Newcastle NSW with its packages as AUD offers', async () => {
    const studio = headOf(await get('/')).jsonLd.find((item) => item['@type'] === 'ProfessionalService') as unknown as {
      areaServed: { name: string };
      telephone: string;
      email: string;
      makesOffer: { name: string; price?: number; priceCurrency: string }[];
    };
    expect(studio.areaServed.name).toBe('Newcastle, NSW');
    expect(studio.telephone).toBe(testApp.config.public.contactPhone);
    expect(studio.email).toContain('@');
    expect(studio.makesOffer.map((offer) => [offer.name, offer.price ?? null, offer.priceCurrency])).toEqual([
      ['Visibility Boost', 750, 'AUD'],
      ['Local Launch Pack', 1500, 'AUD'],
      ['Growth Partner', 997, 'AUD'],
      ['Paid Ads Management', null, 'AUD'],
      ['Additional Content', null, 'AUD'],
      ['Advanced SEO', null, 'AUD'],
    ]);
  });

  test('blog pages 2+ and categories carry their own canonical', async () => {
    expect(headOf(await get('/blog?page=2')).canonical).toBe(`${testSiteUrl}/blog?page=2`);
    expect(headOf(await get('/blog?category=local-seo&utm_source=x')).canonical).toBe(
      `${testSiteUrl}/blog?category=local-seo`,
    );
  });
});

// What a visitor without JavaScript gets is this HTML with the stylesheet: the sections are in it, whole.
describe('every marketing page is complete in the server’s HTML', () => {
  test.each(marketingPages)(
    '$path has its heading, every section and the phone number',
    async ({ path, h1, sections }) => {
      const html = await get(path);
      const text = (markup: string) => textOf(markup).trim();
      expect([...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => text(m[1]!))).toEqual([h1]);
      const h2s = [...html.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => text(m[1]!));
      for (const section of sections) expect(h2s, path).toContain(section);
      expect(element(html, '<footer', 'footer')).toMatch(/<a href="tel:\+61\d+"[^>]*>\(02\)/);
    },
  );
});

describe('status codes', () => {
  test('an unknown path is a 404 Page Not Found, not indexed', async () => {
    const html = await get('/no/such/page', 404);
    expect(html).toContain('Page Not Found');
    expect(headOf(html).robots).toBe('noindex, follow');
  });

  test('an unknown post is a 404 with the exact texts and a link back', async () => {
    const html = await get('/blog/nope', 404);
    expect(html).toContain('Blog Post Not Found');
    expect(html).toContain('The blog post you&#x27;re looking for doesn&#x27;t exist or has been removed.');
    expect(html).toMatch(/<a[^>]*href="\/blog"[^>]*>.*Go Back to Blog<\/a>/);
  });

  test('a post scheduled for later is on no page of the blog, and its address is a 404', async () => {
    const later = testStore(8);
    later.posts.push(
      testPost({ id: 40, slug: 'not-yet', title: 'A post for later', publishedAt: '2099-01-01T09:00:00.000Z' }),
    );
    const scheduled = await createTestApp({ data: later });
    try {
      for (const path of ['/blog', '/blog?page=2', '/blog?category=local-seo', '/blog/post-8', '/'])
        expect((await request(scheduled.app).get(path).expect(200)).text, path).not.toContain('A post for later');
      const missing = await request(scheduled.app).get('/blog/not-yet').expect(404);
      expect(missing.text).toContain('Blog Post Not Found');
    } finally {
      scheduled.close();
    }
  });

  test('a blog page past the last, or an unknown category, is a 404', async () => {
    await get('/blog?page=3', 404);
    await get('/blog?category=unknown', 404);
  });

  test.each([
    ['/blog?page=9', '/blog#posts'],
    ['/blog?category=local-seo&page=5', '/blog?category=local-seo#posts'],
  ])(
    '%s, past the last page, says the page does not exist and links to the first page, never the empty wordings',
    async (path, firstPage) => {
      const html = await get(path, 404);
      const list = textOf(element(html, '<section id="posts"', 'section'));
      expect(list).toContain('This page does not exist.');
      expect(list).not.toMatch(/No blog posts yet|No posts found|no articles here yet/);
      expect(html).toMatch(new RegExp(`href="${firstPage.replace(/[?]/g, '\\?')}"[^>]*>Go to the first page<`));
    },
  );

  test('an unknown category says the category does not exist, in the title too, never the empty wordings', async () => {
    const html = await get('/blog?category=no-such', 404);
    const list = textOf(element(html, '<section id="posts"', 'section'));
    expect(list).toContain('This category does not exist.');
    expect(list).not.toMatch(/No blog posts yet|No posts found|no articles here yet/);
    expect(headOf(html).title).toMatch(/^Category not found \|/);
  });

  test('a page past the last is titled for what it is', async () => {
    expect(headOf(await get('/blog?page=9', 404)).title).toMatch(/^Page not found – Blog \|/);
    expect(headOf(await get('/blog?category=local-seo&page=5', 404)).title).toMatch(
      /^Page not found – Local SEO articles \|/,
    );
  });

  test.each([
    ['//', '//'],
    ['///', '///'],
    ['//:', '//:'],
    ['//@/', '//@/'],
    ['//evil.example/blog', '//evil.example/blog'],
    ['//evil.example/', '//evil.example/'],
    ['3,000 slashes then services', `/${'/'.repeat(3_000)}services`],
  ])('%s is the 404 page, never another page, and logs no error', async (_name, path) => {
    const lines: Array<{ level: number; err?: unknown }> = [];
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)) as { level: number });
        callback();
      },
    });
    const quiet = await createTestApp({ data, logger: pino(sink) });
    try {
      const response = await request(quiet.app).get(path).expect(404).expect('Content-Type', /html/);
      expect(response.text).toContain('Page Not Found');
      expect(lines.filter((line) => line.level >= 40 || line.err)).toEqual([]);
    } finally {
      quiet.close();
    }
  });

  test('a crawler gets the same complete document', async () => {
    const response = await request(testApp.app)
      .get('/blog/post-3')
      .set('User-Agent', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')
      .expect(200);
    expect(response.text).toContain('Related articles');
    expect(response.text).toContain('</html>');
  });
});

describe('images', () => {
  const images = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];

  test('on a blog of images on a CDN, the first screen’s is preloaded at high priority and later ones load lazily', async () => {
    const onCdn = testStore(8);
    for (const post of onCdn.posts) post.featuredImage = `https://images.example-cdn.com/${post.slug}.jpg?w=1600&q=80`;
    const cdnApp = await createTestApp({ data: onCdn });
    try {
      const { text: html } = await request(cdnApp.app).get('/blog').expect(200);
      const [first, ...rest] = images(html.slice(html.indexOf('<main')));
      expect(attr(first!, 'src')).toBe('https://images.example-cdn.com/post-8.jpg?w=1600&amp;q=80');
      expect([attr(first!, 'loading'), attr(first!, 'fetchPriority')]).toEqual(['eager', 'high']);
      expect(rest.length).toBeGreaterThan(0);
      for (const tag of rest) expect(attr(tag, 'loading')).toBe('lazy');
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head).toContain(
        '<link rel="preload" as="image" href="https://images.example-cdn.com/post-8.jpg?w=1600&amp;q=80" fetchPriority="high"/>',
      );
    } finally {
      cdnApp.close();
    }
  });

  test.each(['/blog', '/blog/post-3'])(
    '%s: every image has a size and a WebP srcset of 480, 800 and 1200; only the first screen’s is eager',
    async (path) => {
      const html = await get(path);
      const [first, ...rest] = images(html.slice(html.indexOf('<main')));
      expect(first).toBeDefined();
      for (const tag of [first!, ...rest]) {
        expect([attr(tag, 'width'), attr(tag, 'height')]).toEqual(['1200', '630']);
        expect(attr(tag, 'srcSet')).toBe(
          '/images/blog/google-business-profile-480.webp 480w, /images/blog/google-business-profile-800.webp 800w, /images/blog/google-business-profile.webp 1200w',
        );
        expect(attr(tag, 'sizes')).toBeTruthy();
      }
      expect([attr(first!, 'loading'), attr(first!, 'fetchPriority')]).toEqual(['eager', 'high']);
      for (const tag of rest) expect(attr(tag, 'loading')).toBe('lazy');
      // The first one is fetched early, at high priority, from the head.
      const preload = /<link rel="preload" as="image"[^>]*>/.exec(html.slice(0, html.indexOf('</head>')))?.[0] ?? '';
      expect(attr(preload, 'imageSrcSet')).toBe(attr(first!, 'srcSet'));
      expect(attr(preload, 'fetchPriority')).toBe('high');
    },
  );
});

describe('the page’s boot data: what its scripts read, and no more', () => {
  test('a post page’s boot data holds none of the post: the post is in the HTML once', async () => {
    const html = await get('/blog/post-3');
    const boot = /<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(boot).toBeDefined();
    for (const shown of ['post-3', 'Post 3', 'Heading 3', 'Body of post 3.', 'Post 5'])
      expect(boot).not.toContain(shown);
    expect(html.split('Body of post 3.')).toHaveLength(2);
  });

  test('names the islands the page shows, with their server state, and the configuration the browser reads', async () => {
    const bootOf = (html: string) =>
      JSON.parse(/<script type="application\/json" id="boot-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '') as {
        config: Record<string, unknown>;
        assets: { islands: Record<string, string[]>; hydrate: string[] };
        state?: Record<string, { token?: string }>;
      };
    const browserReads = ['siteName', 'contactPhone', 'contactEmail', 'hubspot', 'gaMeasurementId', 'bookingUrl'];
    const form = bootOf(await get('/faq'));
    expect(Object.keys(form.assets.islands)).toEqual(['consult-form']);
    expect(form.assets.hydrate).not.toEqual([]);
    expect(Object.keys(form.state ?? {})).toEqual(['consult-form']);
    expect(form.state?.['consult-form']?.token).toMatch(/\S{20}/);
    const post = bootOf(await get('/blog/post-3'));
    expect(post.assets).toMatchObject({ islands: {}, hydrate: [] });
    expect(post.state).toBeUndefined();
    for (const boot of [form, post]) expect(browserReads).toEqual(expect.arrayContaining(Object.keys(boot.config)));
  });

  test('a hostile title cannot close the data block or run as script', async () => {
    const html = await get('/blog/hostile');
    expect(html).not.toContain('<script>alert(1)');
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    for (const attributes of scripts)
      expect(attributes).toMatch(/type="(application\/json|application\/ld\+json|module)"/);
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
  });

  test('pages have no inline executable script, so the CSP needs no unsafe-inline', async () => {
    const response = await request(testApp.app).get('/blog');
    const csp = response.headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/unsafe-inline[^;]*;?\s*$|script-src[^;]*unsafe-(inline|eval)/);
    const inline = [
      ...response.text.matchAll(/<script(?![^>]*\btype="application\/(?:ld\+)?json")(?![^>]*\bsrc=)[^>]*>/g),
    ];
    expect(inline).toEqual([]);
  });
});

describe('a post’s headings', () => {
  const idsIn = (html: string) => [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]!);

  test('never take an id the page uses, whatever they are called; links to them inside the post still lead there', async () => {
    const page = await get('/blog/post-1');
    const pageIds = idsIn(page).filter((id) => !page.includes(`<h2 id="${id}">Heading 1</h2>`));
    expect(pageIds).toContain('boot-data');
    const content = [
      'Read [the boot data part](#boot-data) first.',
      ...pageIds.map((id) => `## ${id}`),
      '## Boot data',
      '## Business details',
    ].join('\n\n');
    const named = await createTestApp({ data: { ...data, posts: [testPost({ id: 30, slug: 'named', content })] } });
    try {
      const { text: html } = await request(named.app).get('/blog/named').expect(200);
      const ids = idsIn(html);
      expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
      // The page's scripts find their boot data: the first element of that id is it, and it reads as JSON.
      const bootData = /<(\w+)[^>]*\sid="boot-data"[^>]*>([^<]*)</.exec(html);
      expect(bootData?.[1]).toBe('script');
      expect(() => JSON.parse(bootData?.[2] ?? '') as unknown).not.toThrow();
      const target = /<a href="#([^"]+)">the boot data part<\/a>/.exec(html)?.[1];
      expect(html).toContain(`<h2 id="${target}">`);
    } finally {
      named.close();
    }
  });
});

test('every call to action on the site’s pages is a label an enquiry’s attribution keeps', async () => {
  const booking = await createTestApp({ data, env: { BOOKING_URL: 'https://cal.com/studio/consult' } });
  try {
    const labels = new Set<string>();
    const paths = [...pages.map(({ path }) => path), '/thank-you', '/privacy', '/blog/no-such-post', '/no-such-page'];
    for (const path of paths) {
      for (const app of [testApp.app, booking.app]) {
        const { text } = await request(app).get(path);
        for (const match of text.matchAll(/data-cta="([^"]+)"/g)) labels.add(match[1]!);
      }
    }
    expect(labels.size).toBeGreaterThan(20);
    expect([...labels].filter((label) => !ctaLabels.has(label))).toEqual([]);
  } finally {
    booking.close();
  }
}, 60_000);
