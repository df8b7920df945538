/**
 * Keeps the privacy page true: enquiries are deleted once they are older than ENQUIRY_RETENTION_DAYS, spam once it
 * is older than 30 days (or the retention period, if that is shorter), both once a day; newsletter sign-ups never
 * confirmed are deleted once their link has ended (48 h after its email), checked every hour. Every instance runs
 * it; deleting what another instance already deleted deletes nothing.
 */
import type { Logger } from 'pino';
import type { SubscriberRecords } from '../newsletter/subscriber-store.server.ts';
import { confirmationLifetimeMs } from '../newsletter/subscriber.ts';
import type { EnquiryRecords } from './enquiry-store.server.ts';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
export const spamRetentionDays = 30;

/** The cut-off times for a retention of `days`, counted back from `now`. */
export function retentionLimits(days: number, now = new Date()): { before: Date; spamBefore: Date } {
  // A bad period must never become a limit that deletes everything.
  if (!Number.isInteger(days) || days < 1)
    throw new RangeError(`a retention of ${days} days is not a whole number of at least 1`);
  return {
    before: new Date(now.getTime() - days * dayMs),
    spamBefore: new Date(now.getTime() - Math.min(days, spamRetentionDays) * dayMs),
  };
}

/**
 * Prunes enquiries at start and then every 24 hours, unconfirmed sign-ups at start and every hour; a failure (the
 * database away) is logged and tried again next time.
 */
export function startRetention({
  store,
  days,
  logger,
}: {
  store: Pick<EnquiryRecords, 'prune'> & Pick<SubscriberRecords, 'pruneSubscribers'>;
  days: number;
  logger: Logger;
}) {
  const prune = async () => {
    try {
      const deleted = await store.prune(retentionLimits(days));
      if (deleted) logger.info({ deleted, days }, 'enquiries past their retention period deleted');
    } catch (error) {
      logger.error(
        { err: { message: (error as Error).message } },
        'enquiries past their retention could not be deleted',
      );
    }
  };
  const pruneSignUps = async () => {
    try {
      const unconfirmedBefore = new Date(Date.now() - confirmationLifetimeMs);
      const deleted = await store.pruneSubscribers({ unconfirmedBefore });
      if (deleted) logger.info({ deleted }, 'unconfirmed newsletter sign-ups deleted');
    } catch (error) {
      logger.error(
        { err: { message: (error as Error).message } },
        'unconfirmed newsletter sign-ups could not be deleted',
      );
    }
  };
  void prune();
  void pruneSignUps();
  const timers = [setInterval(() => void prune(), dayMs), setInterval(() => void pruneSignUps(), hourMs)];
  for (const timer of timers) timer.unref();
  return { stop: () => timers.forEach(clearInterval) };
}
