/**
 * A test process running the outbox as a serving process does: `node --import tsx test-deliverer.ts <file>`,
 * configured by the environment (HUBSPOT_*, SMTP_URL, …). It runs until killed.
 */
import { parseConfig } from '../config.server.ts';
import { deliveryChannels, startDelivery } from './delivery.server.ts';
import { EnquiryStore } from './enquiry-store.server.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: test-deliverer.ts <file>');
const config = parseConfig(process.env);
const store = await EnquiryStore.open(file, deliveryChannels(config));
const log = (level: string) => (details: object, message: string) =>
  process.stdout.write(`${JSON.stringify({ level, message, ...details })}\n`);
startDelivery({
  store,
  config,
  logger: { info: log('info'), warn: log('warn'), error: log('error') },
  pollMs: 200,
  leaseStaleMs: 2_000,
});
