/**
 * A test process running the outbox as a serving process does: `node --import tsx outbox-process.ts`, with the
 * store and channels configured by the environment (ENQUIRIES_FILE or DATABASE_URL, HUBSPOT_*, SMTP_URL, …).
 * It runs until killed, printing the outbox's log lines as JSON.
 */
import { pino } from 'pino';
import { parseConfig } from '../src/server/config.server.ts';
import { deliveryChannels } from '../src/server/enquiries/delivery-policy.server.ts';
import { startOutbox } from '../src/server/enquiries/outbox.server.ts';
import { openEnquiryStore } from '../src/server/enquiries/stores.server.ts';

const config = parseConfig(process.env);
const store = await openEnquiryStore(config.enquiries, { enabled: deliveryChannels(config) });
startOutbox({ store, config, logger: pino({ base: undefined }) });
