import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { honeypotFieldName, tokenFieldName } from '../../shared/page-contract.ts';
import { createTestApp, testSiteUrl } from '../../../test-support/server.ts';
import { tempFolder } from '../../../test-support/temp-folder.ts';
import { failedPostsPerMinute, fullRefusalsPerTenMinutes } from './enquiry-route.server.ts';
import { formSecretFile, formTokens, loadFormSecret, tokenMaxAgeMs } from './form-token.server.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const apps: TestApp[] = [];
afterEach(() => {
  for (const app of apps.splice(0)) app.close();
});

async function setUp(options: Parameters<typeof createTestApp>[0] = {}) {
  const testApp = await createTestApp(options);
  apps.push(testApp);
  // The server's form secret (made here if the server has not made it yet); a token issued 10 s ago is one a person
  // could have sent.
  const tokens = formTokens(await loadFormSecret(formSecretFile(testApp.config.enquiries.file)), 'enquiry');
  const token = (ageMs = 10_000) => tokens.issue(Date.now() - ageMs);
  return { ...testApp, tokens, token };
}

const visitor = {
  firstname: 'Jane',
  lastname: 'Citizen',
  email: 'jane@example.com',
  phone: '0412 345 678',
  company: 'Jane’s Café',
  message: 'We need more locals through the door.',
  plan: 'local-launch',
};

const fromSite = { 'Sec-Fetch-Site': 'same-origin', Referer: `${testSiteUrl}/start-project` };

const tokenIn = (html: string) => new RegExp(`name="${tokenFieldName}" value="([^"]+)"`).exec(html)?.[1];

describe('POST /api/enquiries: accepted', () => {
  test('JSON answers 201 with the id of an enquiry already on disk, and wakes delivery', async () => {
    const wake = vi.fn();
    const { app, enquiries, config, token } = await setUp({ wake });
    const response = await request(app)
      .post('/api/enquiries')
      .set(fromSite)
      .send({ ...visitor, [tokenFieldName]: token(), [honeypotFieldName]: '' })
      .expect(201);
    expect(response.body).toEqual({ id: expect.any(String) });
    // On disk when the answer came: read the file itself, not the store's memory.
    const onDisk = JSON.parse(readFileSync(config.enquiries.file, 'utf8')) as { enquiries: { id: string }[] };
    expect(onDisk.enquiries.map((e) => e.id)).toEqual([response.body.id]);
    const [stored] = await enquiries.list();
    expect(stored).toMatchObject({ ...visitor, spam: false, pageUri: `${testSiteUrl}/start-project` });
    expect(wake).toHaveBeenCalledTimes(1);
  });

  test('a plain form post answers 303 to /thank-you with the lead cookie for analytics', async () => {
    const { app, enquiries, token } = await setUp();
    const response = await request(app)
      .post('/api/enquiries')
      .set(fromSite)
      .type('form')
      .send({ ...visitor, [tokenFieldName]: token(), [honeypotFieldName]: '' })
      .expect(303);
    expect(response.headers.location).toBe('/thank-you');
    expect(response.headers['set-cookie']?.[0]).toMatch(/^enquiry_sent=1; Max-Age=600; Path=\/thank-you;/);
    expect(await enquiries.list()).toHaveLength(1);
  });

  test('the lead cookie is Secure when the post came over HTTPS (directly or through a trusted proxy)', async () => {
    const { app, token } = await setUp();
    const post = (headers: Record<string, string>) =>
      request(app)
        .post('/api/enquiries')
        .set({ ...fromSite, ...headers })
        .type('form')
        .send({ ...visitor, [tokenFieldName]: token(), [honeypotFieldName]: '' })
        .expect(303);
    const overHttps = await post({ 'X-Forwarded-Proto': 'https' });
    expect(overHttps.headers['set-cookie']?.[0]).toMatch(/^enquiry_sent=1;.*; Secure/);
    // Plain http (a local run): a browser would drop a Secure cookie sent there.
    const overHttp = await post({});
    expect(overHttp.headers['set-cookie']?.[0]).not.toMatch(/Secure/);
  });

  test('only firstname and email are needed; an unknown plan is dropped; the hubspotutk cookie is kept', async () => {
    const { app, enquiries, token } = await setUp();
    await request(app)
      .post('/api/enquiries')
      .set({ ...fromSite, Cookie: 'hubspotutk=0123456789abcdef0123456789abcdef; other=1' })
      .send({ firstname: ' Sam ', email: 'sam@example.com', plan: 'platinum', [tokenFieldName]: token() })
      .expect(201);
    const [stored] = await enquiries.list();
    expect(stored).toMatchObject({
      firstname: 'Sam',
      email: 'sam@example.com',
      hutk: '0123456789abcdef0123456789abcdef',
    });
    expect(stored?.plan).toBeUndefined();
  });

  test('a filled-in honeypot gets the same answer, is kept apart as spam and wakes nothing', async () => {
    const wake = vi.fn();
    const { app, enquiries, token } = await setUp({ wake });
    const body = { ...visitor, [tokenFieldName]: token(), [honeypotFieldName]: 'https://spam.example' };
    await request(app).post('/api/enquiries').set(fromSite).type('form').send(body).expect(303);
    const json = await request(app).post('/api/enquiries').set(fromSite).send(body).expect(201);
    expect(json.body).toEqual({ id: expect.any(String) });
    expect(await enquiries.list()).toEqual([]);
    expect((await enquiries.all()).map((e) => e.spam)).toEqual([true, true]);
    expect(wake).not.toHaveBeenCalled();
  });
});

describe('POST /api/enquiries: invalid input', { timeout: 30_000 }, () => {
  test('JSON answers 400 with a message for each field', async () => {
    const { app, enquiries, token } = await setUp();
    const response = await request(app)
      .post('/api/enquiries')
      .set(fromSite)
      .send({ firstname: '  ', email: 'not-an-email', phone: 'call me', [tokenFieldName]: token() })
      .expect(400);
    expect(response.body).toEqual({
      error: 'Enter your first name',
      fields: {
        firstname: 'Enter your first name',
        email: 'Enter an email address in the correct format, like name@example.com',
        phone: 'Enter a phone number, like 02 4929 7150 or +61 412 345 678',
      },
    });
    expect(await enquiries.all()).toEqual([]);
  });

  test('a plain post gets its page back: 400, "Error: " title, the summary, values kept, not cached', async () => {
    const { app, token } = await setUp();
    const posted = token();
    const response = await request(app)
      .post('/api/enquiries')
      .set({ 'Sec-Fetch-Site': 'same-origin', Referer: `${testSiteUrl}/about` })
      .type('form')
      .send({ firstname: 'Jane', email: 'jane@', company: 'A & B <Co>', [tokenFieldName]: posted })
      .expect(400)
      .expect('Content-Type', /html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.text;
    expect(html).toMatch(/<title>Error: [^<|]+ \| Newcastle Marketing Studio<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${testSiteUrl}/about"/>`);
    expect(html).toContain('There is a problem');
    expect(html).toContain('href="#enquiry-email"');
    expect(html).toMatch(/<p id="enquiry-email-error"[^>]*>.*Enter an email address in the correct format/);
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*aria-describedby="enquiry-email-hint enquiry-email-error"/,
    );
    expect(html).toContain('value="Jane"');
    expect(html).toContain('value="jane@"');
    expect(html).toContain('value="A &amp; B &lt;Co&gt;"');
    // A token that was valid stays: it is not single-use.
    expect(tokenIn(html)).toBe(posted);
  });

  test('the page that comes back is the form page it was posted from, else /start-project', async () => {
    const { app, token } = await setUp();
    const post = (referer?: string) =>
      request(app)
        .post('/api/enquiries')
        .set(referer ? { Referer: referer } : {})
        .type('form')
        .send({ firstname: '', email: '', [tokenFieldName]: token() })
        .expect(400);
    const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical((await post(`${testSiteUrl}/faq`)).text)).toBe(`${testSiteUrl}/faq`);
    expect(canonical((await post(`${testSiteUrl}/blog`)).text)).toBe(`${testSiteUrl}/start-project`);
    expect(canonical((await post()).text)).toBe(`${testSiteUrl}/start-project`);
    const withPlan = (await post(`${testSiteUrl}/start-project?plan=growth`)).text;
    expect(withPlan).toContain('You&#x27;ve chosen:');
  });

  test.each([
    ['an array', '[1,2]'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['broken JSON', '{"firstname": '],
    ['fields of the wrong type', JSON.stringify({ firstname: ['a'], email: { x: 1 }, message: 42, plan: [] })],
  ])('JSON that is %s answers 400, never 5xx', async (_name, body) => {
    const { app } = await setUp();
    const response = await request(app)
      .post('/api/enquiries')
      .set({ ...fromSite, 'Content-Type': 'application/json' })
      .send(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual(expect.any(String));
  });

  test('another content type answers 415; repeated form fields are refused as invalid', async () => {
    const { app, token } = await setUp();
    await request(app).post('/api/enquiries').set(fromSite).set('Content-Type', 'text/plain').send('hi').expect(415);
    const repeated = await request(app)
      .post('/api/enquiries')
      .set(fromSite)
      .set('Accept', 'application/json')
      .type('form')
      .send(`firstname=a&firstname=b&email=x%40example.com&${tokenFieldName}=${token()}`)
      .expect(400);
    expect(repeated.body.fields.firstname).toBe('Enter your first name');
  });

  test('other methods answer 405', async () => {
    const { app } = await setUp();
    await request(app).get('/api/enquiries').expect(405).expect('Allow', 'POST');
  });
});

describe('POST /api/enquiries: defences', { timeout: 30_000 }, () => {
  test.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site', Origin: testSiteUrl }],
    ['another Origin', { Origin: 'https://evil.example' }],
    ['Origin: null', { Origin: 'null' }],
    ['another Referer', { Referer: 'https://evil.example/form.html' }],
    // The Host is the client's to choose: only SITE_URL's origin counts.
    ['an Origin naming the Host it sent', { Origin: 'http://studio.internal:8080', Host: 'studio.internal:8080' }],
  ])('a cross-site post (%s) is refused with 403 and nothing stored', async (_name, headers) => {
    const { app, enquiries, token } = await setUp();
    const body = { ...visitor, [tokenFieldName]: token() };
    await request(app)
      .post('/api/enquiries')
      .set(headers)
      .type('form')
      .send(body)
      .expect(403)
      .expect(/not sent/);
    const json = await request(app).post('/api/enquiries').set(headers).send(body).expect(403);
    expect(json.body.error).toBe('This form can only be sent from our own website.');
    expect(await enquiries.all()).toEqual([]);
  });

  test.each([
    ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://evil.example' }],
    ['the site’s Origin', { Origin: testSiteUrl }],
    ['the site’s Referer', { Referer: `${testSiteUrl}/faq` }],
    ['none of them (a proxy stripped them)', {}],
  ])('a post from the site (%s) is accepted', async (_name, headers) => {
    const { app, token } = await setUp();
    await request(app)
      .post('/api/enquiries')
      .set(headers)
      .send({ ...visitor, [tokenFieldName]: token() })
      .expect(201);
  });

  test('a body over 16 kB is refused with 413', async () => {
    const { app, enquiries, token } = await setUp();
    const message = 'x'.repeat(17 * 1024);
    await request(app)
      .post('/api/enquiries')
      .set(fromSite)
      .send({ ...visitor, message, [tokenFieldName]: token() })
      .expect(413);
    await request(app)
      .post('/api/enquiries')
      .set(fromSite)
      .type('form')
      .send({ ...visitor, message, [tokenFieldName]: token() })
      .expect(413)
      .expect('Content-Type', /html/);
    expect(await enquiries.all()).toEqual([]);
  });

  test('a missing, forged or expired token gets the form back with a fresh token, never a lost enquiry', async () => {
    const { app, enquiries, tokens, token } = await setUp();
    const forged = `${Date.now().toString(36)}.${'A'.repeat(43)}`;
    const expired = token(tokenMaxAgeMs + 60_000);
    for (const sent of [undefined, '', forged, expired, 'garbage']) {
      const json = await request(app)
        .post('/api/enquiries')
        .set(fromSite)
        .send({ ...visitor, [tokenFieldName]: sent })
        .expect(400);
      expect(json.body.fields).toEqual({
        [tokenFieldName]: 'This form had expired. Check your details and send it again.',
      });
      // The fresh token works as soon as a person could have pressed the button again.
      expect(tokens.check(json.body.token, Date.now() + 3_100)).toBe('valid');
    }
    const page = await request(app)
      .post('/api/enquiries')
      .set(fromSite)
      .type('form')
      .send({ ...visitor, [tokenFieldName]: expired })
      .expect(400);
    expect(page.text).toContain('This form had expired. Check your details and send it again.');
    expect(page.text).toContain('value="jane@example.com"');
    expect(page.text).toContain('<option value="local-launch" selected="">');
    const fresh = tokenIn(page.text)!;
    expect(fresh).not.toBe(expired);
    expect(tokens.check(fresh, Date.now() + 3_100)).toBe('valid');
    expect(await enquiries.all()).toEqual([]);
  });

  test('a post sooner than 3 s after the token was issued is refused; the same token works later', async () => {
    const { app, enquiries, tokens, token } = await setUp();
    const young = token(500);
    const response = await request(app)
      .post('/api/enquiries')
      .set(fromSite)
      .send({ ...visitor, [tokenFieldName]: young })
      .expect(400);
    expect(response.body.fields[tokenFieldName]).toMatch(/quicker than we expected/);
    expect(tokens.check(young, Date.now() + 3_000)).toBe('valid');
    expect(await enquiries.all()).toEqual([]);
  });

  test('ENQUIRY_RATE_LIMIT accepted enquiries per IP per hour, then 429 with Retry-After', async () => {
    const { app, enquiries, token } = await setUp({ env: { ENQUIRY_RATE_LIMIT: '3' } });
    const post = (body: object) => request(app).post('/api/enquiries').set(fromSite).send(body);
    // Refused posts (a typo) do not count.
    for (let i = 0; i < 4; i += 1) await post({ firstname: '', [tokenFieldName]: token() }).expect(400);
    for (let i = 0; i < 3; i += 1) await post({ ...visitor, [tokenFieldName]: token() }).expect(201);
    const refused = await post({ ...visitor, [tokenFieldName]: token() }).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.body.error).toMatch(/Please call or email us/);
    await request(app)
      .post('/api/enquiries')
      .set(fromSite)
      .type('form')
      .send({ ...visitor, [tokenFieldName]: token() })
      .expect(429)
      .expect('Content-Type', /html/);
    expect(await enquiries.list()).toHaveLength(3);
  });

  test('posts that fill the bots’ trap are counted apart: they never use up a visitor’s hourly count', async () => {
    const { app, enquiries, token } = await setUp({ env: { ENQUIRY_RATE_LIMIT: '2' } });
    const post = (address: string, body: object) =>
      request(app)
        .post('/api/enquiries')
        .set({ ...fromSite, 'X-Forwarded-For': address })
        .send({ ...visitor, [tokenFieldName]: token(), ...body });
    const trap = { [honeypotFieldName]: 'https://spam.example' };
    // Bots at an office's address, then its visitors.
    for (let i = 0; i < 2; i += 1) await post('203.0.113.20', trap).expect(201);
    await post('203.0.113.20', {}).expect(201);
    await post('203.0.113.20', {}).expect(201);
    await post('203.0.113.20', {}).expect(429);
    // The trap has a limit of its own, as high, so that a bot cannot fill the store either.
    const refused = await post('203.0.113.20', trap).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await enquiries.list()).map((e) => e.email)).toEqual(['jane@example.com', 'jane@example.com']);
    expect((await enquiries.all()).filter((e) => e.spam)).toHaveLength(2);
  });

  test('the hourly 429 to a plain post gives back what the visitor typed, escaped, with a fresh token', async () => {
    const { app, enquiries, tokens, token } = await setUp({ env: { ENQUIRY_RATE_LIMIT: '1' } });
    const post = (body: object) =>
      request(app)
        .post('/api/enquiries')
        .set({ ...fromSite, Referer: `${testSiteUrl}/faq`, 'X-Forwarded-For': '203.0.113.21' })
        .type('form')
        .send({ ...visitor, [tokenFieldName]: token(), ...body });
    await post({}).expect(303);
    const typed = { company: 'A & B <Co> "quoted"', message: 'Line one\n<script>alert(1)</script>' };
    const refused = await post(typed).expect(429).expect('Content-Type', /html/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.text).toContain('<h1>Your enquiry was not sent</h1>');
    expect(refused.text).toContain('Please call or email us');
    expect(refused.text).toContain('value="jane@example.com"');
    expect(refused.text).toContain('value="A &amp; B &lt;Co&gt; &quot;quoted&quot;"');
    expect(refused.text).toContain('>Line one\n&lt;script&gt;alert(1)&lt;/script&gt;</textarea>');
    expect(refused.text).not.toContain('<script>');
    expect(refused.text).toContain('name="plan" value="local-launch"');
    expect(refused.text).toContain('name="form_page" value="/faq"');
    expect(tokens.check(tokenIn(refused.text)!, Date.now() + 3_100)).toBe('valid');
    // JSON gets the same refusal as JSON, with nothing to give back.
    const json = await request(app)
      .post('/api/enquiries')
      .set({ ...fromSite, 'X-Forwarded-For': '203.0.113.21' })
      .send({ ...visitor, [tokenFieldName]: token() })
      .expect(429);
    expect(json.body).toEqual({ error: expect.stringMatching(/Please call or email us/), fields: {} });
    expect(await enquiries.all()).toHaveLength(1);
  });

  test('failed posts are limited too: 100 a minute per address, then 429, while other addresses are served', async () => {
    const { app, token } = await setUp();
    const post = (address: string, body: object) =>
      request(app)
        .post('/api/enquiries')
        .set({ ...fromSite, 'X-Forwarded-For': address })
        .send(body);
    const badToken = { ...visitor, [tokenFieldName]: 'not-a-token' };
    for (let i = 0; i < failedPostsPerMinute; i += 1) await post('203.0.113.9', badToken).expect(400);
    const refused = await post('203.0.113.9', badToken).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.error).toMatch(/Please call or email us/);
    await post('203.0.113.10', badToken).expect(400);
    await post('203.0.113.10', { ...visitor, [tokenFieldName]: token() }).expect(201);
  });

  test('expired or too young tokens are not failures: a shared address sending them is not refused', async () => {
    const { app, token } = await setUp();
    const post = (body: object) =>
      request(app)
        .post('/api/enquiries')
        .set({ ...fromSite, 'X-Forwarded-For': '203.0.113.12' })
        .send(body);
    // Visitors behind one address posting from a day-old cached page, or pressing the button at once.
    for (let i = 0; i < failedPostsPerMinute + 10; i += 1) {
      await post({ ...visitor, [tokenFieldName]: token(i % 2 ? tokenMaxAgeMs + 60_000 : 500) }).expect(400);
    }
    await post({ ...visitor, [tokenFieldName]: token() }).expect(201);
  });

  test('refused plain posts past a small budget of full pages get the short page a 429 uses: values kept, a fresh token, no render', async () => {
    const { app, enquiries, tokens, token } = await setUp();
    const post = (body: object) =>
      request(app)
        .post('/api/enquiries')
        .set({ ...fromSite, 'X-Forwarded-For': '203.0.113.14' })
        .type('form')
        .send({ ...visitor, ...body });
    // A person correcting typos, with an expired token and with a bad email: the whole page, with its errors.
    const refusals = [
      { [tokenFieldName]: token(tokenMaxAgeMs + 60_000) },
      { email: 'not-an-email', [tokenFieldName]: token() },
    ];
    for (let i = 0; i < fullRefusalsPerTenMinutes; i += 1) {
      const page = await post(refusals[i % 2]!).expect(400);
      expect(page.text).toContain('id="boot-data"');
    }
    // Then both kinds cost what a 429 costs.
    for (const body of refusals) {
      const short = await post({ ...body, company: 'A & B' })
        .expect(400)
        .expect('Content-Type', /html/);
      expect(short.headers['cache-control']).toBe('no-store');
      expect(short.text).not.toContain('id="boot-data"');
      expect(short.text).toContain('<h1>Your enquiry was not sent</h1>');
      expect(short.text).toContain('value="A &amp; B"');
      expect(tokens.check(tokenIn(short.text)!, Date.now() + 3_100)).toBe('valid');
    }
    // Another address still gets the whole page.
    const other = await request(app)
      .post('/api/enquiries')
      .set({ ...fromSite, 'X-Forwarded-For': '203.0.113.15' })
      .type('form')
      .send({ ...visitor, email: 'not-an-email', [tokenFieldName]: token() })
      .expect(400);
    expect(other.text).toContain('id="boot-data"');
    expect(await enquiries.all()).toEqual([]);
  });

  test('a plain post refused by the failed-posts limit gets back what the visitor typed, in a form', async () => {
    const { app, enquiries, tokens } = await setUp();
    const post = () =>
      request(app)
        .post('/api/enquiries')
        .set({ ...fromSite, 'X-Forwarded-For': '203.0.113.13' })
        .type('form')
        .send({ ...visitor, email: 'not-an-email', message: 'Line one\n<b>two</b>', [tokenFieldName]: 'x' });
    for (let i = 0; i < failedPostsPerMinute; i += 1) await post().expect(400);
    const refused = await post().expect(429).expect('Content-Type', /html/);
    expect(refused.text).toContain('Please call or email us');
    expect(refused.text).toContain('value="not-an-email"');
    expect(refused.text).toContain('value="Jane’s Café"');
    expect(refused.text).toContain('>Line one\n&lt;b&gt;two&lt;/b&gt;</textarea>');
    expect(refused.text).toContain('name="plan" value="local-launch"');
    const fresh = tokenIn(refused.text)!;
    expect(tokens.check(fresh, Date.now() + 3_100)).toBe('valid');
    expect(await enquiries.all()).toEqual([]);
  });

  test('successful posts never count as failed ones, however many arrive at once from one address', async () => {
    const { app, token } = await setUp({ env: { ENQUIRY_RATE_LIMIT: '1000' } });
    const answers = await Promise.all(
      Array.from({ length: failedPostsPerMinute + 20 }, (_, n) =>
        request(app)
          .post('/api/enquiries')
          .set({ ...fromSite, 'X-Forwarded-For': '203.0.113.11' })
          .send({ ...visitor, email: `v${n}@example.com`, [tokenFieldName]: token() }),
      ),
    );
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.status)).toEqual([]);
  });

  test('the request log names no visitor’s details', async () => {
    let log = '';
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        log += String(chunk);
        callback();
      },
    });
    const { app, token } = await setUp({ logger: pino(sink) });
    await request(app)
      .post('/api/enquiries')
      .set(fromSite)
      .type('form')
      .send({ ...visitor, [tokenFieldName]: token() })
      .expect(303);
    expect(log).toContain('"url":"/api/enquiries"');
    expect(log).toContain('Enquiry received');
    for (const detail of [visitor.email, visitor.firstname, visitor.phone, 'Citizen'])
      expect(log).not.toContain(detail);
  });
});

describe('the form token’s secret', () => {
  test('is made once, shared by processes starting together, and kept private', async () => {
    const file = path.join(tempFolder('form-secret-'), 'data', 'form-secret');
    const secrets = await Promise.all(Array.from({ length: 8 }, () => loadFormSecret(file)));
    expect(new Set(secrets.map((secret) => secret.toString('hex'))).size).toBe(1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await loadFormSecret(file)).equals(secrets[0]!)).toBe(true);
  });
});

describe('pages', { timeout: 30_000 }, () => {
  test('/thank-you is a real page, not indexed; /privacy is in the sitemap, /thank-you is not', async () => {
    const { app } = await setUp();
    const thanks = await request(app).get('/thank-you').expect(200);
    expect(thanks.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(thanks.text).toContain('within 1 business day');
    expect(thanks.text).toContain('free 15-minute consult');
    expect(thanks.text).toMatch(/href="\/blog"/);
    expect(thanks.text).toMatch(/href="\/services"/);
    const privacy = await request(app).get('/privacy').expect(200);
    expect(privacy.text).not.toContain('noindex');
    const sitemap = (await request(app).get('/sitemap.xml').expect(200)).text;
    expect(sitemap).toContain(`<loc>${testSiteUrl}/privacy</loc>`);
    expect(sitemap).not.toContain('/thank-you');
  });

  test('/privacy names email only with SMTP_URL and HubSpot only with its ids', async () => {
    const privacyText = async (env: Record<string, string>) =>
      (
        await request((await setUp({ env })).app)
          .get('/privacy')
          .expect(200)
      ).text;
    const neither = await privacyText({});
    expect(neither).not.toContain('emailed to our team');
    expect(neither).not.toContain('HubSpot');
    const both = await privacyText({
      SMTP_URL: 'smtp://user:pass@mail.studio.example:587',
      HUBSPOT_PORTAL_ID: '12345',
      HUBSPOT_FORM_ID: '0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0',
    });
    expect(both).toContain('emailed to our team');
    expect(both).toContain('We use HubSpot');
  });

  test('every page with the form carries the own form with a token; a post page carries none', async () => {
    const { app, tokens } = await setUp();
    for (const page of ['/', '/services', '/how-it-works', '/about', '/faq', '/start-project']) {
      const html = (await request(app).get(page).expect(200)).text;
      expect(html, page).toMatch(/<form [^>]*action="\/api\/enquiries" method="post">/);
      expect(tokens.check(tokenIn(html), Date.now() + 3_100), page).toBe('valid');
      expect(html, page).toMatch(/href="\/privacy"/);
    }
    const post = (await request(app).get('/blog/post-3').expect(200)).text;
    expect(post).not.toContain(tokenFieldName);
  }, 30_000);
});
