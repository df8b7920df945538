import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { MemoryStore, type Options } from 'express-rate-limit';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  honeypotFieldName,
  newsletterConfirmedCookieMs,
  newsletterConfirmedCookieName,
  tokenFieldName,
} from '../../shared/page-contract.ts';
import { confirmTokenFieldName, newsletterMessages, newsletterPaths } from '../../lib/newsletter.ts';
import { smtpStandIn, webhookReceiver } from '../../../test-support/enquiries.ts';
import { createTestApp, testSiteUrl } from '../../../test-support/server.ts';
import { formSecretFile, formTokens, loadFormSecret } from '../enquiries/form-token.server.ts';
import { failedPostsPerMinute, fullRefusalsPerTenMinutes } from '../forms/form-endpoint.server.ts';
import { hourlyCap } from './newsletter-route.server.ts';
import { subscribersCsv } from './subscriber-commands.server.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(
  env: Record<string, string | undefined> = {},
  { refuseFirst = false, logger }: { refuseFirst?: boolean; logger?: pino.Logger } = {},
) {
  const smtp = await smtpStandIn({ refuseFirst });
  cleanups.push(smtp.close);
  const testApp = await createTestApp({ env: { SMTP_URL: smtp.url, ...env }, ...(logger ? { logger } : {}) });
  cleanups.push(testApp.close);
  const tokens = formTokens(await loadFormSecret(formSecretFile(testApp.config.enquiries.file)), 'newsletter');
  const token = () => tokens.issue(Date.now() - 10_000);
  const signUp = (fields: Record<string, string>, json = true) => {
    const post = request(testApp.app).post(newsletterPaths.signUp).set(fromSite);
    const body = { [tokenFieldName]: token(), [honeypotFieldName]: '', ...fields };
    return json ? post.send(body) : post.type('form').send(body);
  };
  return { ...testApp, smtp, signUp, token };
}

/** A logger whose every line the test can read, as JSON text. */
function capturedLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  return { logger: pino(sink), text: () => lines.join('') };
}

const fromSite = { 'Sec-Fetch-Site': 'same-origin', Referer: `${testSiteUrl}/newsletter` };

/** The confirmation link's token and the unsubscribe address in an email the stand-in received. */
function linksIn(text: string) {
  const confirm = new RegExp(`${testSiteUrl}/newsletter/confirm/([A-Za-z0-9_-]+)`).exec(text)?.[1];
  const unsubscribe = new RegExp(`${testSiteUrl}(/newsletter/unsubscribe/[^\\s]+)`).exec(text)?.[1];
  return { confirm: confirm ?? '', unsubscribe: unsubscribe ?? '' };
}

describe('POST /api/newsletter', () => {
  test('a sign-up answers "check your inbox" and emails a confirmation link that names the studio and how to leave', async () => {
    const { signUp, smtp, enquiries } = await setUp();
    const response = await signUp({ email: 'Reader@Example.com', firstname: 'Rae' }).expect(202);
    expect(response.body).toEqual({ message: newsletterMessages.checkYourInbox });
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1));
    const [mail] = smtp.messages;
    expect(mail?.rcpt).toEqual(['reader@example.com']);
    const text = mail?.parsed.text ?? '';
    expect(text).toContain('Hi Rae,');
    expect(text).toContain('Newcastle Marketing Studio');
    expect(text).toContain('Newcastle, NSW');
    expect(text).toMatch(/asked to receive the .* newsletter/);
    const { confirm, unsubscribe } = linksIn(text);
    expect(confirm).not.toBe('');
    // Unfolded, as a mail app reads a long header.
    const header = (name: string) =>
      mail?.parsed.headerLines.find((h) => h.key === name)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${testSiteUrl}${unsubscribe}>`);
    // Nothing counts until confirmed; the store keeps a hash of the link, never the link.
    const [pending] = await enquiries.subscribers();
    expect(pending?.status).toBe('pending');
    expect(JSON.stringify(pending)).not.toContain(confirm);
  });

  test('a plain post answers 303 to the check-your-inbox page', async () => {
    const { signUp } = await setUp();
    const response = await signUp({ email: 'plain@example.com' }, false).expect(303);
    expect(response.headers.location).toBe(newsletterPaths.checkYourInbox);
  });

  test('the answer is the same for a new, a pending and a confirmed address, and one email goes per 24 h', async () => {
    const { signUp, smtp, app } = await setUp();
    const first = await signUp({ email: 'same@example.com' }).expect(202);
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1));
    const again = await signUp({ email: 'same@example.com' }).expect(202);
    const { confirm } = linksIn(smtp.messages[0]?.parsed.text ?? '');
    await request(app)
      .post(newsletterPaths.confirm)
      .set(fromSite)
      .type('form')
      .send({ [confirmTokenFieldName]: confirm })
      .expect(303);
    const confirmedAgain = await signUp({ email: 'same@example.com' }).expect(202);
    expect(again.body).toEqual(first.body);
    expect(confirmedAgain.body).toEqual(first.body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(1);
  });

  test('a confirmation email the mail server refuses is logged, and the visitor can ask again at once', async () => {
    const log = capturedLogger();
    const { signUp, smtp } = await setUp({}, { refuseFirst: true, logger: log.logger });
    await signUp({ email: 'retry@example.com' }).expect(202);
    await vi.waitFor(() => expect(log.text()).toContain('Newsletter confirmation email not sent'));
    expect(smtp.offered()).toBe(1);
    expect(smtp.messages).toHaveLength(0);
    const again = await signUp({ email: 'retry@example.com' }).expect(202);
    expect(again.body).toEqual({ message: newsletterMessages.checkYourInbox });
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1));
    expect(smtp.messages[0]?.rcpt).toEqual(['retry@example.com']);
    expect(linksIn(smtp.messages[0]?.parsed.text ?? '').confirm).not.toBe('');
  });

  test('a refused confirmation email still counts toward the hourly cap', async () => {
    const { signUp, smtp } = await setUp({ NEWSLETTER_CONFIRMATIONS_PER_HOUR: '1' }, { refuseFirst: true });
    await signUp({ email: 'capped@example.com' }).expect(202);
    await vi.waitFor(() => expect(smtp.offered()).toBe(1));
    const again = await signUp({ email: 'capped@example.com' }).expect(503);
    expect(again.body.error).toBe(newsletterMessages.capReached);
    expect(smtp.messages).toHaveLength(0);
  });

  test('an invalid address is refused with the field named: JSON 400, and a plain post gets its page back', async () => {
    const { signUp } = await setUp();
    const json = await signUp({ email: 'not-an-address' }).expect(400);
    expect(json.body.fields).toEqual({ email: newsletterMessages.fields.emailInvalid });
    const plain = await signUp({ email: '' }, false).expect(400);
    expect(plain.headers['cache-control']).toBe('no-store');
  });

  test('a filled honeypot gets the same answer and nothing is stored or sent', async () => {
    const { signUp, smtp, enquiries } = await setUp();
    await signUp({ email: 'bot@example.com', [honeypotFieldName]: 'http://spam.example' }).expect(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages).toHaveLength(0);
    expect(await enquiries.subscribers()).toEqual([]);
  });

  test('a post from another site or without a valid token is refused', async () => {
    const { app } = await setUp();
    await request(app)
      .post(newsletterPaths.signUp)
      .set({ 'Sec-Fetch-Site': 'cross-site' })
      .send({ email: 'x@example.com' })
      .expect(403);
    const noToken = await request(app).post(newsletterPaths.signUp).set(fromSite).send({ email: 'x@example.com' });
    expect(noToken.status).toBe(400);
    expect(noToken.body.token).toEqual(expect.any(String));
  });

  test("each form refuses the other's token: a sign-up's cannot post an enquiry, nor an enquiry's a sign-up", async () => {
    const { app, signUp, config } = await setUp();
    const secret = await loadFormSecret(formSecretFile(config.enquiries.file));
    const enquiryToken = formTokens(secret, 'enquiry').issue(Date.now() - 10_000);
    const refused = await signUp({ email: 'x@example.com', [tokenFieldName]: enquiryToken }).expect(400);
    expect(refused.body.fields[tokenFieldName]).toBe(newsletterMessages.tokenExpired);
    await signUp({ email: 'x@example.com' }).expect(202);

    const enquiry = {
      firstname: 'Jane',
      lastname: 'Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      company: 'Jane’s Café',
      message: 'We need more locals through the door.',
      [honeypotFieldName]: '',
    };
    const postEnquiry = (token: string) =>
      request(app)
        .post('/api/enquiries')
        .set({ 'Sec-Fetch-Site': 'same-origin', Referer: `${testSiteUrl}/start-project` })
        .send({ ...enquiry, [tokenFieldName]: token });
    const signUpToken = formTokens(secret, 'newsletter').issue(Date.now() - 10_000);
    expect((await postEnquiry(signUpToken).expect(400)).body.fields).toHaveProperty(tokenFieldName);
    await postEnquiry(enquiryToken).expect(201);

    // The sign-up on a page carries the sign-up's own token: too young yet for its form, and not the consult form's.
    const page = await request(app).get('/newsletter').expect(200);
    const pageToken = new RegExp(`name="${tokenFieldName}" value="([^"]+)"`).exec(page.text)?.[1] ?? '';
    const early = await signUp({ email: 'y@example.com', [tokenFieldName]: pageToken }).expect(400);
    expect(early.body.fields[tokenFieldName]).toBe(newsletterMessages.tooFast);
    const wrongForm = await postEnquiry(pageToken).expect(400);
    expect(wrongForm.body.fields[tokenFieldName]).not.toBe(newsletterMessages.tooFast);
  });

  test('one inbox gets one confirmation email in 24 h, however its address is varied (+tags, Gmail dots)', async () => {
    const { signUp, smtp } = await setUp({ NEWSLETTER_RATE_LIMIT: '100' });
    for (const email of ['victim+1@gmail.com', 'v.ictim+2@gmail.com', 'Victim@googlemail.com', 'victim@gmail.com'])
      await signUp({ email }).expect(202);
    await signUp({ email: 'someone+news@example.com' }).expect(202);
    await signUp({ email: 'someone@example.com' }).expect(202);
    await signUp({ email: 'someone.else@example.com' }).expect(202);
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.map((mail) => mail.rcpt[0]).sort()).toEqual([
      'someone+news@example.com',
      'someone.else@example.com',
      'victim+1@gmail.com',
    ]);
  });

  test('one visitor gets 429 with Retry-After past NEWSLETTER_RATE_LIMIT sign-ups in an hour', async () => {
    const { signUp } = await setUp({ NEWSLETTER_RATE_LIMIT: '2' });
    await signUp({ email: 'a@example.com' }).expect(202);
    await signUp({ email: 'b@example.com' }).expect(202);
    const third = await signUp({ email: 'c@example.com' }).expect(429);
    expect(third.headers['retry-after']).toMatch(/^\d+$/);
  });

  test('past the hourly cap of confirmation emails sign-ups get 503 with the cap message, and the studio is alerted once', async () => {
    const hook = await webhookReceiver();
    cleanups.push(hook.close);
    const { signUp, smtp } = await setUp({
      NEWSLETTER_CONFIRMATIONS_PER_HOUR: '2',
      NEWSLETTER_RATE_LIMIT: '100',
      ALERT_WEBHOOK_URL: hook.url,
      TRUST_PROXY: 'loopback',
    });
    await signUp({ email: 'one@example.com' }).expect(202);
    await signUp({ email: 'two@example.com' }).expect(202);
    const refused = await signUp({ email: 'three@example.com' }).expect(503);
    expect(refused.body.error).toBe(newsletterMessages.capReached);
    await signUp({ email: 'four@example.com' }).expect(503);
    await vi.waitFor(() => expect(hook.accepted()).toHaveLength(1));
    expect(hook.accepted()[0]).toMatchObject({ event: 'newsletter_cap_reached' });
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(2));
  });

  test("without SMTP or HubSpot's newsletter form the public config hides the sign-up, and a warning says why", async () => {
    const testApp = await createTestApp();
    cleanups.push(testApp.close);
    expect(testApp.config.public.newsletterSignup).toBe(false);
    expect(testApp.config.warnings.join('\n')).toContain('The newsletter sign-up is hidden');
  });
});

test('sign-ups in flight lifting the count over the cap for a moment neither pause sign-ups nor alert', async () => {
  const counts = new MemoryStore();
  const alerts = new MemoryStore();
  counts.init({ windowMs: 60 * 60 * 1000 } as Options);
  alerts.init({ windowMs: 60 * 60 * 1000 } as Options);
  const onReached = vi.fn();
  const take = hourlyCap({ counts, alerts, key: 'site', limit: 2, ready: Promise.resolve(), onReached });
  expect(await take()).toEqual({ ok: true });
  // A repeat address takes the second email; it will give it back once the store says none goes out.
  expect(await take()).toEqual({ ok: true });
  const increment = counts.increment.bind(counts);
  let repeatGivesBack = true;
  counts.increment = async (key) => {
    const info = { ...(await increment(key)) };
    // The repeat's give-back lands just after this sign-up's take.
    if (repeatGivesBack) await counts.decrement(key);
    repeatGivesBack = false;
    return info;
  };
  expect((await take()).ok).toBe(false);
  expect(await take()).toEqual({ ok: true });
  expect((await take()).ok).toBe(false);
  expect(onReached).toHaveBeenCalledTimes(1);
});

test("without SMTP, HubSpot's newsletter form gets the sign-up at once for its own double opt-in, and the site emails nothing", async () => {
  const testApp = await createTestApp({
    env: {
      HUBSPOT_PORTAL_ID: '12345678',
      HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789',
      HUBSPOT_NEWSLETTER_FORM_ID: '9f8e7d6c-5b4a-3210',
    },
  });
  cleanups.push(testApp.close);
  expect(testApp.config.public.newsletterSignup).toBe(true);
  const tokens = formTokens(await loadFormSecret(formSecretFile(testApp.config.enquiries.file)), 'newsletter');
  const response = await request(testApp.app)
    .post(newsletterPaths.signUp)
    .set(fromSite)
    .send({ email: 'hub@example.com', [tokenFieldName]: tokens.issue(Date.now() - 10_000) })
    .expect(202);
  expect(response.body).toEqual({ message: newsletterMessages.checkYourInbox });
  expect((await testApp.enquiries.findSubscriber('hub@example.com'))?.delivery).toEqual({
    hubspot: 'pending',
    webhook: 'off',
  });
  // No one confirmed it here: it is never exported as a consenting subscriber.
  expect(subscribersCsv(await testApp.enquiries.subscribers())).not.toContain('hub@example.com');
  // And /privacy says who emails the link: HubSpot, handed the address at once.
  const privacy = await request(testApp.app).get('/privacy').expect(200);
  expect(privacy.text).toContain('we pass your address and first name to HubSpot');
  expect(privacy.text).not.toContain('we email you a link');
});

describe('confirming and leaving', () => {
  test('a GET of the link confirms nothing; the POST confirms once, with the cookie for analytics', async () => {
    const { signUp, smtp, app, enquiries } = await setUp();
    await signUp({ email: 'c@example.com' }).expect(202);
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1));
    const { confirm } = linksIn(smtp.messages[0]?.parsed.text ?? '');
    await request(app).get(`/newsletter/confirm/${confirm}`);
    expect((await enquiries.findSubscriber('c@example.com'))?.status).toBe('pending');

    const post = () =>
      request(app)
        .post(newsletterPaths.confirm)
        .set(fromSite)
        .type('form')
        .send({ [confirmTokenFieldName]: confirm });
    const done = await post().expect(303);
    expect(done.headers.location).toBe(newsletterPaths.confirmed);
    expect(done.headers['set-cookie']?.[0]).toMatch(
      new RegExp(
        `^${newsletterConfirmedCookieName}=1; Max-Age=${newsletterConfirmedCookieMs / 1000}; Path=/newsletter/confirmed;`,
      ),
    );
    expect((await enquiries.findSubscriber('c@example.com'))?.status).toBe('confirmed');
    await post().expect(410);
  });

  test('an unknown or revoked link answers 410', async () => {
    const { app } = await setUp();
    await request(app)
      .post(newsletterPaths.confirm)
      .set(fromSite)
      .type('form')
      .send({ [confirmTokenFieldName]: 'nope' })
      .expect(410);
  });

  test('bogus links get the whole page a few times, then the short page, then 429 past the failure limit', async () => {
    const { app } = await setUp({ NEWSLETTER_RATE_LIMIT: '1' });
    const post = (i: number) =>
      request(app)
        .post(newsletterPaths.confirm)
        .set(fromSite)
        .type('form')
        .send({ [confirmTokenFieldName]: `bogus-${i}` });
    for (let i = 0; i < fullRefusalsPerTenMinutes; i += 1) {
      const whole = await post(i).expect(410);
      expect(whole.text).toContain(`action="${newsletterPaths.signUp}"`);
    }
    const short = await post(fullRefusalsPerTenMinutes).expect(410);
    expect(short.text).toContain(newsletterMessages.linkExpired);
    expect(short.text).toContain('Your subscription was not confirmed');
    expect(short.text).not.toContain(`action="${newsletterPaths.signUp}"`);
    for (let i = fullRefusalsPerTenMinutes + 1; i < failedPostsPerMinute; i += 1) await post(i).expect(410);
    const tooMany = await post(failedPostsPerMinute).expect(429);
    expect(tooMany.headers['retry-after']).toMatch(/^\d+$/);
  }, 30_000);

  test('a one-click POST to the List-Unsubscribe address removes the address; a forged token removes nothing', async () => {
    const { signUp, smtp, app, enquiries } = await setUp();
    await signUp({ email: 'leave@example.com' }).expect(202);
    await signUp({ email: 'stay@example.com' }).expect(202);
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(2));
    const mail = smtp.messages.find((m) => m.rcpt[0] === 'leave@example.com');
    const { unsubscribe } = linksIn(mail?.parsed.text ?? '');
    const [id] = unsubscribe.split('/').pop()?.split('.') ?? [];
    await request(app)
      .post(`/newsletter/unsubscribe/${id}.forged`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(404);
    expect(await enquiries.subscribers()).toHaveLength(2);
    const gone = await request(app).post(unsubscribe).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect((await enquiries.subscribers()).map((s) => s.email)).toEqual(['stay@example.com']);
    // The page says so and offers the sign-up again: its form, with the sign-up's own token.
    expect(gone.text).toContain('<h1');
    expect(gone.text).toMatch(/<h1[^>]*>You(?:'|&#x27;|’)re unsubscribed<\/h1>/);
    const form = /<form[^>]*action="\/api\/newsletter"[\s\S]*?<\/form>/.exec(gone.text)?.[0] ?? '';
    const formToken = new RegExp(`name="${tokenFieldName}" value="([^"]+)"`).exec(form)?.[1];
    expect(formToken).toBeDefined();
    expect(form).toContain('name="email"');
    // Again: still 200, the address already gone.
    await request(app).post(unsubscribe).type('form').send('List-Unsubscribe=One-Click').expect(200);
  });

  test('an email link’s token reaches neither the log nor the next page: every answer sends no-referrer', async () => {
    const log = capturedLogger();
    const { signUp, smtp, app } = await setUp({}, { logger: log.logger });
    await signUp({ email: 'secret@example.com' }).expect(202);
    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1));
    const { confirm, unsubscribe } = linksIn(smtp.messages[0]?.parsed.text ?? '');
    const unsubscribeToken = unsubscribe.slice('/newsletter/unsubscribe/'.length);
    const answers = [
      await request(app).get(`/newsletter/confirm/${confirm}`).expect(200),
      await request(app).get(`/newsletter/confirm/${confirm}?utm_source=email`).expect(200),
      await request(app).get(`/newsletter/confirm/${confirm}/`).expect(200),
      await request(app)
        .post(newsletterPaths.confirm)
        .set(fromSite)
        .type('form')
        .send({ [confirmTokenFieldName]: confirm })
        .expect(303),
      await request(app)
        .post(newsletterPaths.confirm)
        .set(fromSite)
        .type('form')
        .send({ [confirmTokenFieldName]: confirm })
        .expect(410),
      await request(app).get(unsubscribe).expect(200),
      await request(app).post(`${unsubscribe}x`).type('form').send('List-Unsubscribe=One-Click').expect(404),
      await request(app).put(unsubscribe).expect(405),
      await request(app).post(unsubscribe).type('form').send('List-Unsubscribe=One-Click').expect(200),
    ];
    for (const answer of answers) {
      expect(answer.headers['referrer-policy'], String(answer.status)).toBe('no-referrer');
    }
    const logged = log.text();
    expect(logged).toContain('"url":"/newsletter/confirm/"');
    expect(logged).toContain('"url":"/newsletter/unsubscribe/"');
    expect(logged).not.toContain(confirm);
    // The unsubscribe token is the subscriber's id (logged as such) and its signature: the signature is the secret.
    const signature = unsubscribeToken.split('.').pop() ?? '';
    expect(signature.length).toBeGreaterThan(20);
    expect(logged).not.toContain(signature);
    // The site's other pages keep the usual policy.
    const page = await request(app).get('/newsletter/confirmed');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
