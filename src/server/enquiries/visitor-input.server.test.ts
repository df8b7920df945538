/**
 * What visitors type never misleads the people who read enquiries: each hostile payload goes in through the
 * endpoint, as a visitor would send it, and is checked where staff and operators see it (the store, `list`,
 * `show`, the CSV in a spreadsheet, the notification email, HubSpot's context).
 */
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { runEnquiriesCommand } from '../../../scripts/lib/enquiries-cli.ts';
import { runCommand } from '../../../scripts/lib/run-script.ts';
import { formPageFieldName, tokenFieldName } from '../../shared/page-contract.ts';
import { parseConfig } from '../config.server.ts';
import { createTestApp, testSiteUrl } from '../../../test-support/server.ts';
import { notificationEmail } from './email.server.ts';
import type { StoredEnquiry } from './enquiry.ts';
import { openFileStore } from './file-store/file-store.server.ts';
import { hubspotSubmission } from './hubspot.server.ts';
import { deliveryChannels } from './delivery-policy.server.ts';
import { startOutbox } from './outbox.server.ts';
import { enquiryInputSchema } from './enquiry-input.server.ts';
import { formSecretFile, formTokens, loadFormSecret } from './form-token.server.ts';
import { changeEnquiries, newEnquiry, smtpStandIn } from '../../../test-support/enquiries.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(env: Record<string, string> = {}) {
  const testApp: TestApp = await createTestApp({ env });
  cleanups.push(testApp.close);
  const tokens = formTokens(await loadFormSecret(formSecretFile(testApp.config.enquiries.file)), 'enquiry');
  const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    request(testApp.app)
      .post('/api/enquiries')
      .set({ 'Sec-Fetch-Site': 'same-origin', ...headers })
      .send({ email: 'jane@example.com', ...body, [tokenFieldName]: tokens.issue(Date.now() - 10_000) });
  /** `npm run enquiries`'s own code, run in this process with its output captured. */
  const cli = (args: string[]) =>
    runCommand(runEnquiriesCommand, args, { ENQUIRIES_FILE: testApp.config.enquiries.file });
  return { ...testApp, post, cli };
}

/** Anything a terminal would act on rather than print: C0/C1 controls but line feeds, and bidi controls. */
const unprintable = /(?!\n)\p{Cc}|[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/** What a spreadsheet evaluates at the start of a cell. */
const formulaStart = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

const forged = {
  firstname: 'Bob\nemail: ceo@trusted.example\nspam: no',
  lastname: 'RLO\u202Egnp.exe',
  company: 'Acme\r\nPage: https://evil.example/login',
  phone: '0412\t345\u2028678',
  message: "Hello\r\n=cmd|' /C calc'!A0\nBye\u202E\u0007",
};

describe('what visitors type never misleads the studio', { timeout: 90_000 }, () => {
  test('a line break in a single-line field forges no field in the store, in show or in list', async () => {
    const { post, enquiries, cli } = await setUp();
    const { body } = await post(forged).expect(201);
    const stored = await enquiries.get(body.id);
    expect(stored).toMatchObject({
      firstname: 'Bob email: ceo@trusted.example spam: no',
      lastname: 'RLOgnp.exe',
      company: 'Acme Page: https://evil.example/login',
      phone: '0412 345 678',
      // The message keeps its lines, as one kind of line break.
      message: "Hello\n=cmd|' /C calc'!A0\nBye",
    });

    const show = await cli(['show', body.id]);
    expect(show).toMatchObject({ code: 0, stderr: '' });
    const lines = show.stdout.split('\n');
    expect(lines.filter((line) => line.startsWith('email:'))).toEqual(['email:      jane@example.com']);
    expect(lines.some((line) => line.startsWith('spam'))).toBe(false);
    expect(lines).toContain('first name: Bob email: ceo@trusted.example spam: no');
    expect(show.stdout).not.toMatch(unprintable);

    const list = await cli(['list']);
    expect(list.stdout.split('\n').filter((line) => line.includes('Bob'))).toHaveLength(1);
    expect(list.stdout).not.toMatch(unprintable);
  });

  test('list and show print no bidi override or control character, even from an enquiry stored before the rule', async () => {
    const { config, cli } = await setUp();
    const store = await openFileStore(config.enquiries.file);
    const old = await store.add(
      newEnquiry({
        firstname: 'RLO\u202Egnp.exe\u2066x\u2069\u2028next\u0085',
        lastname: '\u001b[31mred\u001b[0m\rOver',
        company: 'Acme\nemail: ceo@trusted.example',
        message: 'line one\n\u202Eline two\u0007',
      }),
    );
    const list = await cli(['list']);
    const show = await cli(['show', old.id]);
    for (const run of [list, show]) {
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).not.toMatch(unprintable);
    }
    expect(show.stdout.split('\n').filter((line) => line.startsWith('email:'))).toEqual([
      'email:      ada@example.com',
    ]);
    expect(show.stdout).toContain('first name: RLOgnp.exex next');
    expect(show.stdout).toContain('message:\nline one\nline two\n');
    // --json stays valid JSON whatever a value holds, and gives the value back exactly.
    const json = await cli(['list', '--json']);
    expect(json.stdout).not.toMatch(unprintable);
    expect((JSON.parse(json.stdout) as Array<{ firstname: string }>)[0]?.firstname).toBe(old.firstname);
  });

  test('the CSV export, read by a CSV parser, is one record per enquiry and no cell a spreadsheet evaluates', async () => {
    const { post, config, cli } = await setUp();
    await post({ firstname: 'Jane', lastname: 'Inject\n=1+1', company: 'Acme\r=2+2', message: forged.message }).expect(
      201,
    );
    await post({
      firstname: '\uFF1D1+1',
      lastname: '\uFF0BSUM(A1)',
      company: '\uFF20cmd',
      phone: '+61 412 345 678',
    }).expect(201);
    // Stored before single-line fields were cleaned: the export still defuses it.
    const store = await openFileStore(config.enquiries.file);
    await store.add(
      newEnquiry({ firstname: 'Old', lastname: 'Inject\n=1+1', company: 'Acme\r=2+2', message: 'Hi\r-2+3\n@SUM(1)' }),
    );

    const target = join(config.enquiries.file, '..', 'leads.csv');
    expect(await cli(['export', target])).toMatchObject({ code: 0, stderr: '' });
    const records = parse(await readFile(target), { bom: true, relax_quotes: false }) as string[][];
    const [header = [], ...rows] = records;
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toHaveLength(header.length);
      for (const cell of row) expect(cell).not.toMatch(formulaStart);
    }
    const column = (name: string) => header.indexOf(name);
    const old = rows.find((row) => row[column('firstname')] === 'Old') ?? [];
    expect(old[column('lastname')]).toBe('Inject\n=1+1');
    expect(old[column('message')]).toBe('Hi\r-2+3\n@SUM(1)');
    const wide = rows.find((row) => row[column('company')] === "'\uFF20cmd") ?? [];
    expect(wide[column('firstname')]).toBe("'\uFF1D1+1");
    expect(wide[column('phone')]).toBe("'+61 412 345 678");
  });

  test('the recorded page is under SITE_URL, whatever Host, X-Forwarded-Host or Referer the client sends', async () => {
    const { app, post, enquiries, config } = await setUp();
    const hostile = {
      Host: 'studio-billing.example',
      'X-Forwarded-Host': 'studio-billing.example',
      'X-Forwarded-Proto': 'https',
      Referer: 'https://studio-billing.example/faq',
    };
    // A browser says same-origin (it sent the form from the address it was on); the Host still names no page.
    const accepted = await post({ firstname: 'Jane' }, hostile).expect(201);
    const named = await post({ firstname: 'Jane', [formPageFieldName]: '/about' }, hostile).expect(201);
    const unknown = await post({ firstname: 'Jane', [formPageFieldName]: 'https://evil.example/login' }).expect(201);
    const pages = await Promise.all(
      [accepted, named, unknown].map(async ({ body }) => (await enquiries.get(body.id))?.pageUri),
    );
    expect(pages).toEqual([`${testSiteUrl}/faq`, `${testSiteUrl}/about`, `${testSiteUrl}/start-project`]);

    // An old browser's Origin or Referer is checked against SITE_URL, not against the Host it sent.
    await request(app)
      .post('/api/enquiries')
      .set(hostile)
      .send({ firstname: 'Jane', email: 'jane@example.com' })
      .expect(403);

    // An enquiry stored before the rule, with another host: HubSpot and the email still name SITE_URL's page.
    const stored = (await enquiries.get(accepted.body.id)) as StoredEnquiry;
    const legacy = { ...stored, pageUri: 'https://studio-billing.example/start-project?plan=growth' };
    expect(hubspotSubmission(legacy, { siteUrl: testSiteUrl, utmFields: false }).context.pageUri).toBe(
      `${testSiteUrl}/start-project?plan=growth`,
    );
    expect(notificationEmail(legacy, config).text).toContain(`Page: ${testSiteUrl}/start-project?plan=growth`);
    expect(notificationEmail(legacy, config).text).not.toContain('studio-billing');
  });

  test('a name in the email header is shown as typed: an encoded word is never decoded into another address', async () => {
    const smtp = await smtpStandIn();
    cleanups.push(smtp.close);
    const { post, config: appConfig } = await setUp();
    const encoded = '=?UTF-8?B?Q0VPIDxjZW9AYmFuay5leGFtcGxlPg==?=';
    await post({ firstname: encoded, lastname: forged.lastname, company: forged.company }).expect(201);

    const config = parseConfig({
      ENQUIRIES_FILE: appConfig.enquiries.file,
      SITE_URL: testSiteUrl,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'leads@studio.example',
    });
    const store = await openFileStore(config.enquiries.file, { enabled: deliveryChannels(config) });
    await changeEnquiries(config.enquiries.file, (all) => {
      for (const e of all) e.delivery.email = 'pending';
    });
    const delivery = startOutbox({ store, config, logger: pino({ level: 'silent' }) });
    cleanups.push(() => delivery.stop());
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 20_000 });

    const [{ parsed }] = smtp.messages as [(typeof smtp.messages)[number]];
    expect(parsed.subject).toBe(`Website enquiry: ${encoded} RLOgnp.exe`);
    expect(parsed.replyTo?.value).toEqual([{ address: 'jane@example.com', name: `${encoded} RLOgnp.exe` }]);
    expect(JSON.stringify(parsed.replyTo)).not.toContain('ceo@bank.example');
    expect(parsed.subject).not.toContain('ceo@bank.example');
    // One "Page:" line, the real one; the company's forged one is part of the Business line.
    expect(parsed.text?.match(/^Page: .*$/gm)).toEqual([`Page: ${testSiteUrl}/start-project`]);
    expect(parsed.text).toContain('Business: Acme Page: https://evil.example/login');
  });

  test('fuzzed fields: single-line ones never keep a break, a control or a bidi character; the message no CR or bidi', () => {
    const hostileText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom(...Object.values(forged), '=?UTF-8?B?Q0VPIDxjZW9AYmFuay5leGFtcGxlPg==?=', '\u2066\u2069\u0085'),
    );
    fc.assert(
      fc.property(hostileText, hostileText, hostileText, (firstname, company, message) => {
        const result = enquiryInputSchema.safeParse({
          firstname: `A${firstname}`,
          email: 'jane@example.com',
          company,
          message,
        });
        if (!result.success) return;
        for (const value of [result.data.firstname, result.data.company ?? '']) {
          expect(value).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
          expect(value).not.toMatch(unprintable);
        }
        expect(result.data.message ?? '').not.toMatch(/\r|[\u202A-\u202E\u2066-\u2069]/);
      }),
      { numRuns: 500 },
    );
  });

  test('fuzzed posts never answer 5xx and store only clean single-line fields', async () => {
    const { post, enquiries } = await setUp({ ENQUIRY_RATE_LIMIT: '1000' });
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(...Object.values(forged)));
    await fc.assert(
      fc.asyncProperty(text, text, text, async (firstname, lastname, company) => {
        const response = await post({ firstname, lastname, company });
        expect([201, 400]).toContain(response.status);
      }),
      { numRuns: 60 },
    );
    for (const e of await enquiries.all()) {
      for (const value of [e.firstname, e.lastname ?? '', e.company ?? '']) {
        expect(value).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
        expect(value).not.toMatch(unprintable);
      }
    }
  });
});

describe('the rate limit counts visitors, not proxies (TRUST_PROXY)', { timeout: 60_000 }, () => {
  const visitor = { firstname: 'Jane' };
  const from = (forwardedFor: string) => ({ 'X-Forwarded-For': forwardedFor });

  test('a hop count: the address the proxy appended is counted, whatever the client put before it', async () => {
    const { post } = await setUp({ TRUST_PROXY: '1', ENQUIRY_RATE_LIMIT: '2' });
    await post(visitor, from('203.0.113.1')).expect(201);
    await post(visitor, from('198.51.100.7, 203.0.113.1')).expect(201);
    // A spoofed first entry does not make the same visitor someone new.
    await post(visitor, from('192.0.2.99, 203.0.113.1')).expect(429);
    // Another visitor behind the same proxy has a count of their own.
    await post(visitor, from('203.0.113.2')).expect(201);
  });

  test('a CIDR range: visitors behind a trusted proxy are counted apart; a spoofed header from an untrusted peer is ignored', async () => {
    const trusted = await setUp({ TRUST_PROXY: '127.0.0.0/8, ::1/128', ENQUIRY_RATE_LIMIT: '1' });
    await trusted.post(visitor, from('203.0.113.1')).expect(201);
    await trusted.post(visitor, from('203.0.113.2')).expect(201);
    await trusted.post(visitor, from('203.0.113.1')).expect(429);

    const untrusted = await setUp({ TRUST_PROXY: '10.0.0.0/8', ENQUIRY_RATE_LIMIT: '1' });
    await untrusted.post(visitor, from('203.0.113.1')).expect(201);
    // The peer (127.0.0.1) is not a trusted proxy: its header is its own claim, and it is one visitor.
    await untrusted.post(visitor, from('203.0.113.2')).expect(429);
  });
});
