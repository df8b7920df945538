/**
 * Keeps the privacy page true: enquiries are deleted once they are older than ENQUIRY_RETENTION_DAYS, spam once it
 * is older than 30 days (or the retention period, if that is shorter). Every instance runs it once a day; deleting
 * what another instance already deleted deletes nothing.
 */
import type { Logger } from 'pino';
import type { EnquiryRecords } from './enquiry-store.server.ts';

const dayMs = 24 * 60 * 60 * 1000;
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

/** Prunes at start and then every 24 hours; a failure (the database away) is logged and tried again next time. */
export function startRetention({
  store,
  days,
  logger,
}: {
  store: Pick<EnquiryRecords, 'prune'>;
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
  void prune();
  const timer = setInterval(() => void prune(), dayMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
