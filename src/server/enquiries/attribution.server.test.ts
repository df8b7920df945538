/**
 * Lead attribution on the server: what the browser sends is checked and bounded, kept with the enquiry, shown to
 * operators (`show`, `list --json`, the CSV, `report`), and passed on to the staff (email) and HubSpot.
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { runEnquiriesCommand } from '../../../scripts/lib/enquiries-cli.ts';
import { runCommand } from '../../../scripts/lib/run-script.ts';
import { tokenFieldName } from '../../shared/page-contract.ts';
import { parseConfig } from '../config.server.ts';
import { createTestApp, testSiteUrl } from '../../../test-support/server.ts';
import { parseAttribution as parseWithPosts, type Attribution } from './attribution.server.ts';
import type { NewEnquiry } from './enquiry.ts';
import { openFileStore } from './file-store/file-store.server.ts';
import { formSecretFile, formTokens, loadFormSecret, loadSiteSecret } from './form-token.server.ts';
import { reportEnquiries } from './commands.server.ts';
import { addedBySite, typedByVisitor, forwardToHubSpot } from './hubspot.server.ts';
import { deliveryChannels } from './delivery-policy.server.ts';
import { startOutbox } from './outbox.server.ts';
import { changeEnquiries, newEnquiry, smtpStandIn, tempEnquiriesFile } from '../../../test-support/enquiries.ts';

const tmp = tempEnquiriesFile('attribution-');
const cleanups: Array<() => Promise<unknown> | unknown> = [];
// Registered after the folder's hook, so it runs first: a running outbox stops before its folder is removed.
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
/** `npm run enquiries`'s own code, run in this process with its output captured. */
const cli = (args: string[]) => runCommand(runEnquiriesCommand, args, { ENQUIRIES_FILE: tmp.file });

/** The browser's attribution, cleaned as the endpoint does with a blog whose one public post is `post-1`. */
const parseAttribution = (input: unknown) => parseWithPosts(input, (slug) => slug === 'post-1');

const spring: Attribution = {
  first: {
    landingPath: '/',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'spring-launch',
    clickIds: ['gclid'],
    referrer: 'mail.example.org',
  },
  last: { landingPath: '/services', utm_source: 'facebook', utm_medium: 'paid-social', utm_campaign: 'autumn' },
  cta: 'hero-book-free-consult',
};

async function seed(entries: Array<Partial<NewEnquiry> & { at?: string }>) {
  const store = await openFileStore(tmp.file);
  const stored = [];
  for (const { at, ...entry } of entries) {
    const added = await store.add(newEnquiry(entry));
    stored.push(added);
    if (at) {
      await changeEnquiries(tmp.file, (all) => {
        const found = all.find((e) => e.id === added.id);
        if (found) found.receivedAt = at;
      });
    }
  }
  return stored;
}

describe('the attribution field', () => {
  test('keeps the well-formed pieces, bounded to 200 characters, and drops the rest', () => {
    expect(parseAttribution(spring)).toEqual(spring);
    expect(
      parseAttribution({
        first: {
          landingPath: '/faq',
          utm_source: 42,
          utm_medium: 'x'.repeat(500),
          clickIds: ['gclid', 'evil', 'gclid'],
        },
        last: { utm_source: 'no landing path' },
        cta: ['not text'],
        extra: 'ignored',
      }),
    ).toEqual({ first: { landingPath: '/faq', utm_medium: 'x'.repeat(200), clickIds: ['gclid'] } });
    expect(parseAttribution({ first: { landingPath: '/blog/a\nspam: no\u202E' } })).toEqual({
      first: { landingPath: '/blog/*' },
    });
    for (const nothing of [undefined, null, 'a string', [], {}, { first: 'x', last: 7 }]) {
      expect(parseAttribution(nothing)).toBeUndefined();
    }
  });

  test('the landing page is kept only as a path on the site, the referrer only as a host name', () => {
    for (const landingPath of ['https://evil.example/login', 'javascript:alert(1)', '//evil.example/x', 'services']) {
      expect(parseAttribution({ first: { landingPath } }), landingPath).toBeUndefined();
    }
    for (const referrer of ['https://evil.example/login', 'javascript:alert(1)', 'evil.example/path', 'a b.example']) {
      expect(parseAttribution({ first: { landingPath: '/', referrer } }), referrer).toEqual({
        first: { landingPath: '/' },
      });
    }
    expect(parseAttribution({ first: { landingPath: '/services', referrer: 'www.google.com' } })).toEqual({
      first: { landingPath: '/services', referrer: 'www.google.com' },
    });
  });

  test('a value is cut at 200 characters never inside one, and a lone surrogate is repaired', () => {
    const emoji = '\u{1F600}';
    const attribution = parseAttribution({
      first: { landingPath: '/', utm_source: `${'a'.repeat(199)}${emoji}`, utm_campaign: 'spring\uD83D' },
    });
    expect(attribution?.first?.utm_source).toBe('a'.repeat(199));
    expect(attribution?.first?.utm_campaign).toBe('spring\uFFFD');
  });

  test('zero-width and other format characters are removed, so equal-looking values count as one', () => {
    const attribution = parseAttribution({
      first: { landingPath: '/', utm_source: 'goo\u200Bgle', utm_medium: '\uFEFFcpc\u00AD', utm_campaign: 'a\u2060b' },
    });
    expect(attribution?.first).toMatchObject({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'ab' });
  });

  test('hostile input never throws, and what it keeps is one line of at most 200 characters', () => {
    const anyJson = fc.jsonValue({ maxDepth: 4 });
    const touchLike = fc.record(
      {
        landingPath: fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), anyJson),
        utm_source: fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), anyJson),
        clickIds: fc.oneof(fc.array(fc.constantFrom('gclid', 'fbclid', 'msclkid', 'other')), anyJson),
        referrer: anyJson,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(anyJson, fc.record({ first: touchLike, last: touchLike, cta: anyJson })), (input) => {
        const result = parseAttribution(input);
        for (const value of JSON.stringify(result ?? {}).match(/"(?:[^"\\]|\\.)*"/g) ?? []) {
          const text = JSON.parse(value) as string;
          expect(text.length).toBeLessThanOrEqual(200);
          expect(text).not.toMatch(/[\r\n\u202A-\u202E\u2066-\u2069]/);
        }
        for (const touch of [result?.first, result?.last]) {
          for (const id of touch?.clickIds ?? []) expect(['gclid', 'fbclid', 'msclkid']).toContain(id);
        }
      }),
      { numRuns: 500 },
    );
  });

  test('the endpoint stores it with a JSON enquiry; a malformed one is dropped, never a refusal', async () => {
    const app = await createTestApp();
    cleanups.push(app.close);
    const token = formTokens(await loadFormSecret(formSecretFile(app.config.enquiries.file)), 'enquiry').issue(
      Date.now() - 10_000,
    );
    const post = (attribution: unknown) =>
      request(app.app)
        .post('/api/enquiries')
        .set('Sec-Fetch-Site', 'same-origin')
        .send({ firstname: 'Jane', email: 'jane@example.com', [tokenFieldName]: token, attribution });
    const kept = await post(spring).expect(201);
    const malformed = await post({ first: 'nonsense', last: { landingPath: 7 } }).expect(201);
    const plain = await request(app.app)
      .post('/api/enquiries')
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ firstname: 'Jo', email: 'jo@example.com', [tokenFieldName]: token, attribution: '{"cta":"x"}' })
      .expect(303);
    expect(plain.headers.location).toBe('/thank-you');
    expect((await app.enquiries.get(kept.body.id))?.attribution).toEqual(spring);
    expect(await app.enquiries.get(malformed.body.id)).not.toHaveProperty('attribution');
    const [fromPlainPost] = await app.enquiries.list();
    expect(fromPlainPost).toMatchObject({ firstname: 'Jo' });
    expect(fromPlainPost).not.toHaveProperty('attribution');
  });
});

describe('operators see it', { timeout: 60_000 }, () => {
  test('show and list --json include it (absent when none); the CSV has a column per touch value and the CTA', async () => {
    const [withIt, without] = await seed([{ attribution: spring }, { firstname: 'Grace' }]);
    const list = JSON.parse((await cli(['list', '--json'])).stdout) as Array<Record<string, unknown>>;
    expect(list.find((e) => e.id === withIt?.id)?.attribution).toEqual(spring);
    expect(list.find((e) => e.id === without?.id)).not.toHaveProperty('attribution');

    const show = (await cli(['show', withIt!.id])).stdout;
    expect(show).toContain('first visit: newsletter / email / spring-launch, landing on / (click ids gclid)');
    expect(show).toContain('last visit: facebook / paid-social / autumn, landing on /services');
    expect(show).toContain('CTA:        hero-book-free-consult');

    const target = join(tmp.dir, 'leads.csv');
    await cli(['export', target]);
    const [header = [], ...rows] = parse(await readFile(target), { bom: true }) as string[][];
    const row = rows.find((r) => r.includes(withIt!.id)) ?? [];
    const cell = (name: string) => row[header.indexOf(name)];
    for (const name of ['landingPath', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']) {
      expect(header).toContain(`first_${name}`);
      expect(header).toContain(`last_${name}`);
    }
    expect([
      cell('first_utm_source'),
      cell('first_utm_campaign'),
      cell('first_clickIds'),
      cell('first_referrer'),
    ]).toEqual(['newsletter', 'spring-launch', 'gclid', 'mail.example.org']);
    expect([cell('last_landingPath'), cell('last_utm_medium'), cell('cta')]).toEqual([
      '/services',
      'paid-social',
      'hero-book-free-consult',
    ]);
  });

  test('report refuses a --since day that does not exist rather than read it as another', async () => {
    for (const since of ['2026-02-30', '2026-13-01', '2026-2-1']) {
      await expect(reportEnquiries({ file: tmp.file }, since), since).rejects.toThrow(
        `--since must be a date such as 2026-09-01 (got "${since}")`,
      );
    }
    expect((await reportEnquiries({ file: tmp.file }, '2028-02-29')).since).toBe('2028-02-29');
  });

  test('report counts non-spam enquiries by first-touch source / medium, campaign, landing page and CTA, since a day', async () => {
    const newsletter = (cta: string) => ({ ...spring, cta });
    await seed([
      { attribution: newsletter('hero-book-free-consult'), at: '2026-09-02T01:00:00.000Z' },
      { attribution: newsletter('hero-book-free-consult'), at: '2026-09-03T01:00:00.000Z' },
      { attribution: newsletter('package-growth'), at: '2026-09-04T01:00:00.000Z' },
      {
        attribution: { first: { landingPath: '/blog/x', referrer: 'www.google.com' } },
        at: '2026-09-05T01:00:00.000Z',
      },
      { at: '2026-09-06T01:00:00.000Z' },
      { attribution: newsletter('spam-button'), spam: true, at: '2026-09-07T01:00:00.000Z' },
      { attribution: newsletter('old'), at: '2026-08-01T01:00:00.000Z' },
    ]);
    const run = await cli(['report', '--since', '2026-09-01', '--json']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toEqual({
      since: '2026-09-01',
      total: 5,
      bySource: [
        { key: 'newsletter / email', count: 3 },
        { key: '(direct) / (none)', count: 1 },
        { key: 'www.google.com / referral', count: 1 },
      ],
      byCampaign: [
        { key: 'spring-launch', count: 3 },
        { key: '(none)', count: 2 },
      ],
      byLanding: [
        { key: '/', count: 3 },
        { key: '(none)', count: 1 },
        { key: '/blog/x', count: 1 },
      ],
      byCta: [
        { key: '(none)', count: 2 },
        { key: 'hero-book-free-consult', count: 2 },
        { key: 'package-growth', count: 1 },
      ],
    });
    const all = JSON.parse((await cli(['report', '--json'])).stdout) as { since: null; total: number };
    expect(all).toMatchObject({ since: null, total: 6 });

    const table = (await cli(['report', '--since', '2026-09-01'])).stdout;
    expect(table).toContain('5 enquiries since 2026-09-01');
    expect(table).toMatch(/newsletter \/ email +3 +60%/);
    expect(table).toMatch(/hero-book-free-consult +2 +40%/);
    expect(await cli(['report', '--since', 'September'])).toMatchObject({
      code: 1,
      stderr: 'error: --since must be a date such as 2026-09-01 (got "September")\n',
    });
  });
});

describe('staff and HubSpot get it', { timeout: 60_000 }, () => {
  test('the email has a Source / Medium / Campaign / CTA block', async () => {
    const smtp = await smtpStandIn();
    cleanups.push(smtp.close);
    const config = parseConfig({ SITE_URL: testSiteUrl, SMTP_URL: smtp.url, NOTIFY_EMAIL: 'leads@studio.example' });
    const store = await openFileStore(tmp.file, { enabled: deliveryChannels(config) });
    await store.add(newEnquiry({ attribution: spring }));
    const outbox = startOutbox({ store, config, logger: pino({ level: 'silent' }) });
    cleanups.push(() => outbox.stop());
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 20_000 });
    const text = smtp.messages[0]?.parsed.text ?? '';
    expect(text).toContain(
      [
        'Source / Medium / Campaign / CTA',
        'Source: facebook',
        'Medium: paid-social',
        'Campaign: autumn',
        'CTA: hero-book-free-consult',
        'First visit: newsletter / email / spring-launch, landing on /',
      ].join('\n'),
    );
  });

  test('HubSpot gets a "Came from" line, or the utm_* fields with HUBSPOT_UTM_FIELDS=on', async () => {
    const bodies: Array<{ fields: Array<{ name: string; value: string }> }> = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push(JSON.parse(body));
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const env = (utm: string) =>
      parseConfig({
        SITE_URL: testSiteUrl,
        HUBSPOT_PORTAL_ID: '123',
        HUBSPOT_FORM_ID: '0a1b2c3d-0000-0000-0000-000000000000',
        HUBSPOT_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        HUBSPOT_UTM_FIELDS: utm,
      });
    const store = await openFileStore(tmp.file);
    const enquiry = await store.add(newEnquiry({ message: 'Hello', attribution: spring }));
    const plainOne = await store.add(newEnquiry({ message: 'No JavaScript' }));
    const options = { signal: new AbortController().signal, timeoutMs: 5_000 };
    for (const [e, mode] of [
      [enquiry, 'off'],
      [enquiry, 'on'],
      [plainOne, 'off'],
    ] as const) {
      expect(await forwardToHubSpot(e, env(mode), options)).toEqual({ kind: 'sent' });
    }
    const field = (index: number, name: string) => bodies[index]?.fields.find((f) => f.name === name)?.value;
    expect(field(0, 'message')).toBe(
      `${addedBySite}\nPackage: Growth Partner\nCame from: facebook / paid-social / autumn\n\n${typedByVisitor}\nHello`,
    );
    expect(field(0, 'utm_source')).toBeUndefined();
    expect(field(1, 'message')).toBe(`${addedBySite}\nPackage: Growth Partner\n\n${typedByVisitor}\nHello`);
    expect(bodies[1]?.fields.filter((f) => f.name.startsWith('utm_'))).toEqual([
      { name: 'utm_source', value: 'facebook' },
      { name: 'utm_medium', value: 'paid-social' },
      { name: 'utm_campaign', value: 'autumn' },
    ]);
    expect(field(2, 'message')).toBe(`${addedBySite}\nPackage: Growth Partner\n\n${typedByVisitor}\nNo JavaScript`);
  });
});

describe('retention keeps the privacy page true', { timeout: 60_000 }, () => {
  test('prune deletes enquiries past ENQUIRY_RETENTION_DAYS and spam past 30 days, and says how many', async () => {
    const day = 24 * 60 * 60 * 1000;
    const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
    await seed([
      { firstname: 'Old', at: ago(800) },
      { firstname: 'Recent', at: ago(100) },
      { firstname: 'OldSpam', spam: true, at: ago(40) },
      { firstname: 'NewSpam', spam: true, at: ago(10) },
    ]);
    expect(await cli(['prune'])).toMatchObject({
      code: 0,
      stdout: 'deleted 2 enquiries older than 730 days (spam older than 30 days)\n',
    });
    const store = await openFileStore(tmp.file);
    expect((await store.all()).map((e) => e.firstname)).toEqual(['Recent', 'NewSpam']);
    expect((await cli(['prune', '--days', '90'])).stdout).toBe(
      'deleted 1 enquiry older than 90 days (spam older than 30 days)\n',
    );
    expect((await cli(['prune', '--days', 'soon'])).code).toBe(1);
  });

  test('a bad period, from the flag or from ENQUIRY_RETENTION_DAYS, deletes nothing', async () => {
    const day = 24 * 60 * 60 * 1000;
    await seed([{ firstname: 'Recent', at: new Date(Date.now() - 5 * day).toISOString() }, { firstname: 'Now' }]);
    const runs = [
      await runCommand(runEnquiriesCommand, ['prune'], { ENQUIRIES_FILE: tmp.file, ENQUIRY_RETENTION_DAYS: 'abc' }),
      await cli(['prune', '--days', '0']),
      await cli(['prune', '--days', '1000000000']),
    ];
    for (const run of runs) {
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^error: --days \(or ENQUIRY_RETENTION_DAYS\) must be a whole number from 1 to 36500/);
    }
    expect((await (await openFileStore(tmp.file)).all()).map((e) => e.firstname)).toEqual(['Recent', 'Now']);
    await expect(
      (await openFileStore(tmp.file)).prune({ before: new Date(NaN), spamBefore: new Date() }),
    ).rejects.toThrow('nothing was deleted');
  });
});

test('a visit that began on a preview link keeps /blog/preview/ and nothing after it, however it was written', async () => {
  const app = await createTestApp();
  cleanups.push(app.close);
  const token = formTokens(await loadSiteSecret(app.config.enquiries), 'enquiry').issue(Date.now() - 10_000);
  const link = 'winter-menu.m3x9ab.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
  const written = [
    `/blog/preview/${link}`,
    `/blog/preview/${link}?utm_source=email`,
    `/blog/preview/${link.replace(/\./g, '%2E')}`,
    `/blog/preview/%77${link.slice(1).replace(/\./g, '%252E')}`,
    `/blog/%70review/${link}`,
    `/BLOG/PREVIEW/${link}/`,
  ];
  for (const landingPath of written) {
    await request(app.app)
      .post('/api/enquiries')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({
        firstname: 'Jane',
        email: 'jane@example.com',
        [tokenFieldName]: token,
        attribution: { first: { landingPath }, last: { landingPath: '/services' } },
      })
      .expect(201);
  }
  const stored = (await app.enquiries.list()).map((enquiry) => enquiry.attribution?.first?.landingPath);
  expect(stored).toEqual(written.map(() => '/blog/preview/'));
  expect(JSON.stringify(await app.enquiries.list())).not.toMatch(/winter|inter-menu|abcdefghij/);
});

test('a visit that began on a newsletter email’s link keeps its prefix and nothing after it', async () => {
  const app = await createTestApp();
  cleanups.push(app.close);
  const token = formTokens(await loadSiteSecret(app.config.enquiries), 'enquiry').issue(Date.now() - 10_000);
  const secret = 'Qm9va2luZ1NlY3JldFRva2VuRm9yTmV3c2xldHRlcg';
  const written = {
    [`/newsletter/confirm/${secret}`]: '/newsletter/confirm/',
    [`/newsletter/confirm/${secret}?utm_source=email`]: '/newsletter/confirm/',
    [`/newsletter/%63onfirm/${secret}`]: '/newsletter/confirm/',
    [`/newsletter/unsubscribe/${secret}.sig`]: '/newsletter/unsubscribe/',
    [`/Newsletter/Unsubscribe/${secret}/`]: '/newsletter/unsubscribe/',
  };
  for (const landingPath of Object.keys(written)) {
    await request(app.app)
      .post('/api/enquiries')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({
        firstname: 'Jane',
        email: 'jane@example.com',
        [tokenFieldName]: token,
        attribution: { first: { landingPath }, last: { landingPath: '/services' } },
      })
      .expect(201);
  }
  const stored = (await app.enquiries.list()).map((enquiry) => enquiry.attribution?.first?.landingPath);
  expect(stored.sort()).toEqual(Object.values(written).sort());
  expect(JSON.stringify(await app.enquiries.list())).not.toContain(secret.slice(0, 12));
});

test('an enquiry keeps only a call to action the site has and landing pages of its route table', async () => {
  const app = await createTestApp();
  cleanups.push(app.close);
  const token = formTokens(await loadSiteSecret(app.config.enquiries), 'enquiry').issue(Date.now() - 10_000);
  const post = (attribution: unknown) =>
    request(app.app)
      .post('/api/enquiries')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ firstname: 'Jane', email: 'jane@example.com', [tokenFieldName]: token, attribution })
      .expect(201);
  const madeUp = await post({
    first: { landingPath: '/wp-login.php', utm_source: 'newsletter' },
    last: { landingPath: '/blog/winter-menu', utm_source: 'facebook' },
    cta: 'free-ipad-giveaway',
  });
  expect((await app.enquiries.get(madeUp.body.id))?.attribution).toEqual({
    last: { landingPath: '/blog/*', utm_source: 'facebook' },
  });
  const real = await post({
    first: { landingPath: '/services/' },
    last: { landingPath: '/blog/post-1' },
    cta: 'package-growth',
  });
  expect((await app.enquiries.get(real.body.id))?.attribution).toEqual({
    first: { landingPath: '/services' },
    last: { landingPath: '/blog/post-1' },
    cta: 'package-growth',
  });
});

test('a landing path is kept as a page the site serves, never as text a link’s author wrote, nor with its query', async () => {
  const app = await createTestApp();
  cleanups.push(app.close);
  const token = formTokens(await loadSiteSecret(app.config.enquiries), 'enquiry').issue(Date.now() - 10_000);
  const scam = '/blog/URGENT: your invoice is overdue, call 0400 000 000';
  const landings = [
    [scam, '/blog/*'],
    [encodeURI(scam), '/blog/*'],
    ['/services?URGENT=call 0400 000 000', '/services'],
    ['/blog/post-1?note=call%200400%20000%20000#call-0400-000-000', '/blog/post-1'],
    ['/blog?category=call-0400-000-000', '/blog'],
  ];
  for (const [landingPath] of landings) {
    await request(app.app)
      .post('/api/enquiries')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({
        firstname: 'Jane',
        email: 'jane@example.com',
        [tokenFieldName]: token,
        attribution: { first: { landingPath }, last: { landingPath } },
      })
      .expect(201);
  }
  const stored = (await app.enquiries.list()).reverse();
  expect(stored.map((enquiry) => enquiry.attribution?.first?.landingPath)).toEqual(landings.map(([, kept]) => kept));
  expect(stored.map((enquiry) => enquiry.attribution?.last?.landingPath)).toEqual(landings.map(([, kept]) => kept));
  const report = await runCommand(runEnquiriesCommand, ['report'], { ENQUIRIES_FILE: app.config.enquiries.file });
  expect(report.code).toBe(0);
  for (const shown of [JSON.stringify(stored), report.stdout]) {
    expect(shown).not.toMatch(/URGENT|invoice|0400|%20/);
  }
});
