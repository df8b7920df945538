/**
 * npx tsx tools/perf/probe-connections.ts [--seconds 60]
 *
 * How many connections idle instances open to PostgreSQL: two serving processes' outboxes (delivery health and its
 * alerts included) on one database, with HubSpot and an alert webhook configured and nothing to send, counted by a
 * TCP proxy in front of the database for `--seconds` after 10 s of settling. A probe, not part of npm test.
 */
import { connect, createServer, type AddressInfo } from 'node:net';
import { startTestPostgres } from '../../scripts/lib/postgres.ts';
import { parseConfig } from '../../src/server/config.server.ts';
import { deliveryChannels } from '../../src/server/enquiries/delivery-policy.server.ts';
import { startOutbox } from '../../src/server/enquiries/outbox.server.ts';
import { openEnquiryStore } from '../../src/server/enquiries/stores.server.ts';

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 60;

const database = await startTestPostgres();
const url = new URL(await database.createDatabase('probe'));
let opened = 0;
const proxy = createServer((client) => {
  opened += 1;
  const server = connect(Number(url.port), url.hostname);
  client.pipe(server).pipe(client);
  client.on('error', () => server.destroy());
  server.on('error', () => client.destroy());
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const proxied = new URL(url);
proxied.port = String((proxy.address() as AddressInfo).port);

const config = parseConfig({
  SITE_URL: 'https://studio.example',
  DATABASE_URL: proxied.href,
  FORM_SECRET: 'a-form-secret-of-at-least-32-characters-long',
  HUBSPOT_PORTAL_ID: '12345678',
  HUBSPOT_FORM_ID: '0a1b2c3d-4e5f-6789-abcd-ef0123456789',
  HUBSPOT_API_URL: 'http://127.0.0.1:9',
  ALERT_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
});
const quiet = { info() {}, warn() {}, error() {} };
const instances = await Promise.all(
  [0, 1].map(async () => {
    const store = await openEnquiryStore(config.enquiries, { enabled: deliveryChannels(config) });
    return { store, outbox: startOutbox({ store, config, logger: quiet }) };
  }),
);
await new Promise((resolve) => setTimeout(resolve, 10_000));
const before = opened;
await new Promise((resolve) => setTimeout(resolve, seconds * 1_000));
console.log(`Connections opened to PostgreSQL by 2 idle instances in ${seconds} s: ${opened - before}`);
for (const { store, outbox } of instances) {
  await outbox.stop();
  await store.close();
}
proxy.close();
await database.stop();
