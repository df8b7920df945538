import { expect, test } from '@playwright/test';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { formTokens } from '../src/server/enquiries/form-token.server.ts';
import { newsletterMessages, newsletterPaths } from '../src/lib/newsletter.ts';
import { tempFolders } from './fixtures/temp-folders.ts';

/**
 * A flood of sign-ups against the production server: 10,000 distinct addresses from as many client addresses (a
 * trusted proxy's X-Forwarded-For), as a botnet would send them. The real SMTP server receives no more than the
 * hourly cap of confirmation emails, the rest are refused with the cap's message, and the site keeps answering.
 */
test.setTimeout(90_000);

const serverScript = `${process.env.E2E_DIST ?? 'dist'}/server/server.js`;
const formSecret = 'a-flood-test-form-secret-of-at-least-32-characters';
const signUps = 10_000;
const cap = 50;
const folders = tempFolders();
let server: RunningServer;
let smtp: SMTPServer;
/** Confirmation emails (to the would-be subscribers) and others (the studio's alert), as the SMTP server took them. */
let emails = 0;
const toStudio: string[] = [];

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        if (/^reader-\d+@example\.com$/.test(to)) emails += 1;
        else toStudio.push(to);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  server = await startServer(
    {
      PORT: String(await freePort()),
      SITE_URL: 'https://studio.example',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      FORM_SECRET: formSecret,
      TRUST_PROXY: 'loopback',
      ENQUIRIES_FILE: path.join(folders.make('flood-'), 'enquiries.json'),
    },
    serverScript,
  );
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  folders.remove();
});

test('10,000 sign-ups from rotating addresses send at most the hourly cap of emails, and the site keeps answering', async () => {
  const token = formTokens(Buffer.from(formSecret), 'newsletter').issue(Date.now() - 10_000);
  const statuses = new Map<number, number>();
  let capMessages = 0;
  let next = 0;
  const signUp = async () => {
    for (let i = next++; i < signUps; i = next++) {
      const response = await fetch(`${server.url}${newsletterPaths.signUp}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Sec-Fetch-Site': 'same-origin',
          'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({ email: `reader-${i}@example.com`, form_token: token, enquiry_trap: '' }),
      });
      const body = (await response.json()) as { error?: string };
      if (body.error === newsletterMessages.capReached) capMessages += 1;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  // While the flood runs, a monitor and a visitor are answered.
  const answeredDuring: number[] = [];
  let flooding = true;
  const visit = async () => {
    while (flooding) {
      for (const url of ['/healthz', '/']) answeredDuring.push((await fetch(`${server.url}${url}`)).status);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const visitor = visit();
  await Promise.all(Array.from({ length: 32 }, signUp));
  flooding = false;
  await visitor;

  expect(statuses.get(202)).toBe(cap);
  expect(statuses.get(503)).toBe(signUps - cap);
  expect(capMessages).toBe(signUps - cap);
  expect(answeredDuring.length).toBeGreaterThan(2);
  expect(answeredDuring.every((status) => status === 200)).toBe(true);
  await expect.poll(() => emails, { timeout: 20_000 }).toBe(cap);
  // The studio heard of it once (no webhook set: by email to CONTACT_EMAIL), and nothing more arrives.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(emails).toBe(cap);
  expect(toStudio).toEqual(['hello@newcastlemarketing.studio']);
});
