/**
 * A HubSpot form without some of the site's fields (many studios' forms have no "company"): HubSpot refuses the
 * submission with its documented FIELD_NOT_IN_FORM_DEFINITION, the outbox sends it again without them, their values
 * in the message, and the lead counts as sent, on both stores. Any other 400 stays final.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { hubspotErrorBody, refusalOfFieldsNotInForm } from '../../../scripts/lib/hubspot-errors.ts';
import { parseConfig } from '../config.server.ts';
import type { EnquiryStore } from './enquiry-store.server.ts';
import { openFileStore } from './file-store/file-store.server.ts';
import { addedBySite, typedByVisitor, fieldsNotInForm } from './hubspot.server.ts';
import { deliveryChannels, type DeliveryLogger } from './delivery-policy.server.ts';
import { startOutbox } from './outbox.server.ts';
import { openPostgresStore } from './postgres-store/postgres-store.server.ts';
import { newEnquiry, tempEnquiriesFile, testDatabase } from '../../../test-support/enquiries.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Submission {
  fields: Array<{ name: string; value: string }>;
}

/** HubSpot's API as a stand-in for a form with only `formFields`, or answering every post with `refuseWith`. */
async function hubspotForm({ formFields, refuseWith }: { formFields?: string[]; refuseWith?: string }) {
  const received: Submission[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as Submission;
      received.push(body);
      const refusal = refuseWith ?? (formFields ? refusalOfFieldsNotInForm(body, formFields) : null);
      res.writeHead(refusal ? 400 : 200, { 'content-type': 'application/json' });
      res.end(refusal ?? '{"inlineMessage":"Thanks"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const quietLogger = { info() {}, warn() {}, error() {} } as unknown as DeliveryLogger;

const stores: Array<[string, () => (enabled: { hubspot: boolean; email: boolean }) => Promise<EnquiryStore>]> = [
  [
    'the file',
    () => {
      const tmp = tempEnquiriesFile('hubspot-fields-', join('data', 'enquiries.json'));
      return (enabled) => openFileStore(tmp.file, { enabled });
    },
  ],
  [
    'PostgreSQL',
    () => {
      const database = testDatabase();
      return (enabled) => openPostgresStore(database.url, { enabled });
    },
  ],
];

describe.each(stores)('a HubSpot form that lacks fields, on %s', { timeout: 60_000 }, (_name, setUp) => {
  const open = setUp();

  async function deliver(hubspotUrl: string) {
    const config = parseConfig({
      HUBSPOT_PORTAL_ID: '12345678',
      HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
      HUBSPOT_API_URL: hubspotUrl,
      SITE_URL: 'https://studio.example',
    });
    const store = await open(deliveryChannels(config));
    cleanups.push(() => store.close());
    const outbox = startOutbox({ store, config, logger: quietLogger });
    cleanups.push(() => outbox.stop());
    const added = await store.add(
      newEnquiry({ phone: '0400 000 000', company: 'Harbour Cafe', message: 'A new website' }),
    );
    outbox.wake();
    return { store, added };
  }

  test('the lead is sent again without them, their values in the message, and counts as sent', async () => {
    const hubspot = await hubspotForm({ formFields: ['firstname', 'lastname', 'email', 'message'] });
    const { store, added } = await deliver(hubspot.url);
    await vi.waitFor(async () => expect((await store.get(added.id))?.delivery.hubspot).toBe('sent'), {
      timeout: 20_000,
    });
    expect(hubspot.received).toHaveLength(2);
    const [, resent] = hubspot.received as [Submission, Submission];
    expect(resent.fields.map((f) => f.name)).toEqual(['firstname', 'lastname', 'email', 'message']);
    const message = resent.fields.find((f) => f.name === 'message')?.value;
    // Under the line saying the website added them, apart from what the visitor typed.
    expect(message).toBe(
      `${addedBySite}\nPackage: Growth Partner\nPhone: 0400 000 000\nBusiness: Harbour Cafe\n\n${typedByVisitor}\nA new website`,
    );
    expect((await store.get(added.id))?.progress.hubspot).toMatchObject({
      attempts: 1,
      missingFields: ['phone', 'company'],
    });
  });

  test('another 400 stays final, even beside a missing field', async () => {
    const hubspot = await hubspotForm({
      refuseWith: hubspotErrorBody([
        { field: 'company', errorType: 'FIELD_NOT_IN_FORM_DEFINITION' },
        { field: 'email', errorType: 'BLOCKED_EMAIL' },
      ]),
    });
    const { store, added } = await deliver(hubspot.url);
    await vi.waitFor(async () => expect((await store.get(added.id))?.delivery.hubspot).toBe('failed'), {
      timeout: 20_000,
    });
    expect(hubspot.received).toHaveLength(1);
    expect((await store.get(added.id))?.progress.hubspot).toMatchObject({
      attempts: 1,
      lastError: expect.stringContaining('BLOCKED_EMAIL'),
    });
    expect((await store.get(added.id))?.progress.hubspot.missingFields).toBeUndefined();
  });
});

describe("reading HubSpot's 400", () => {
  test('names the fields only when every error is FIELD_NOT_IN_FORM_DEFINITION', () => {
    const missing = (fields: string[]) =>
      hubspotErrorBody(fields.map((field) => ({ field, errorType: 'FIELD_NOT_IN_FORM_DEFINITION' })));
    expect(fieldsNotInForm(missing(['company', 'phone']))).toEqual(['company', 'phone']);
    expect(fieldsNotInForm(hubspotErrorBody([{ field: 'email', errorType: 'INVALID_EMAIL' }]))).toBeUndefined();
    expect(fieldsNotInForm('{"status":"error","message":"The request is not valid","errors":[]}')).toBeUndefined();
    expect(fieldsNotInForm('not json')).toBeUndefined();
    expect(
      fieldsNotInForm('{"errors":[{"errorType":"FIELD_NOT_IN_FORM_DEFINITION","message":"no field named"}]}'),
    ).toBeUndefined();
  });
});
