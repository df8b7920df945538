/**
 * The file store's delivery queue: what is due, claims and their outcomes (each a line in the file, so they hold
 * across the processes sharing it), the figures and pacing read from the enquiries, and the alerts' state in
 * `<file>.alerts.json`.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomically } from '../../files/atomic-write.server.ts';
import {
  EnquiryStoreError,
  type AlertChannel,
  type AlertState,
  type ChannelFigures,
  type DeliveryQueue,
  type DeliveryQueueStore,
  type RecentDelivery,
} from '../enquiry-store.server.ts';
import { channels, progressSchema, type Channel, type StoredEnquiry } from '../enquiry.ts';
import { refusedLoginCodes } from '../mail.server.ts';
import { Unchanged, type EnquiryFile } from './enquiry-file.server.ts';

const alertStateSchema = z.looseObject({
  state: z.enum(['problem', 'ok']),
  since: z.string(),
  alert: z.enum(['none', 'sent', 'pending', 'gave-up']),
  attempts: z.number().int().min(0),
  retryAt: z.string().optional(),
  count: z.number().int().min(0),
  code: z.string(),
});
const alertsSchema = z.looseObject({
  hubspot: alertStateSchema.optional(),
  email: alertStateSchema.optional(),
  'newsletter-hubspot': alertStateSchema.optional(),
  'newsletter-webhook': alertStateSchema.optional(),
} satisfies Record<AlertChannel, unknown>);

/** An outcome as the file's schema reads it back: anything else would leave a file no process could read. */
const attemptResultSchema = z.object({ state: z.enum(['pending', 'sent', 'failed']), progress: progressSchema });

/** The time a pending delivery falls due (its retry time, or when the enquiry came). */
const dueTime = (enquiry: StoredEnquiry, channel: Channel) =>
  Date.parse(enquiry.progress[channel].retryAt ?? enquiry.receivedAt);

export function fileDeliveryQueue(file: EnquiryFile): DeliveryQueueStore {
  const alertsFile = `${file.path}.alerts.json`;
  /** The queue as last computed and the file's signature then: an unchanged file is not read again. */
  let seen: { signature: string; channels: string; queue: DeliveryQueue } | undefined;

  async function alertStates(): Promise<Partial<Record<AlertChannel, AlertState>>> {
    try {
      return alertsSchema.parse(JSON.parse(await readFile(alertsFile, 'utf8')));
    } catch {
      // Missing (no problem announced yet) or unreadable: at worst a problem is announced again.
      return {};
    }
  }

  return {
    retry() {
      return file.change((enquiries) => {
        const requeued = { hubspot: 0, email: 0 };
        let changed = false;
        for (const enquiry of enquiries) {
          if (enquiry.spam) continue;
          for (const channel of channels) {
            const progress = enquiry.progress[channel];
            if (enquiry.delivery[channel] === 'failed') {
              requeued[channel] += 1;
              enquiry.delivery[channel] = 'pending';
              enquiry.progress[channel] = { attempts: 0, lastError: progress.lastError };
              changed = true;
            } else if (enquiry.delivery[channel] === 'pending' && progress.retryAt) {
              delete progress.retryAt;
              changed = true;
            }
          }
        }
        return changed ? requeued : new Unchanged(requeued);
      });
    },

    async queue(enabled) {
      const signature = await file.signature();
      const key = enabled.join();
      // An unchanged file has the same queue: no need to read it again (the outbox asks every 2 s).
      if (seen && seen.signature === signature && seen.channels === key) return seen.queue;
      let dueAt = Infinity;
      let waiting = 0;
      const { enquiries, claims = [] } = await file.read();
      // A claimed delivery falls due again when its claim ends: the file may not change by then.
      const claimedUntil = new Map(
        claims.map((claim) => [`${claim.enquiry}:${claim.channel}`, Date.parse(claim.until)]),
      );
      for (const enquiry of enquiries) {
        for (const channel of channels) {
          if (enquiry.spam || enquiry.delivery[channel] !== 'pending') continue;
          if (!enabled.includes(channel)) waiting += 1;
          else {
            const until = claimedUntil.get(`${enquiry.id}:${channel}`) ?? -Infinity;
            dueAt = Math.min(dueAt, Math.max(dueTime(enquiry, channel), until));
          }
        }
      }
      const queue = { dueAt, waiting };
      seen = { signature, channels: key, queue };
      return queue;
    },

    /**
     * The claim is a line in the file, written durably like any change, so it holds across processes. It is written
     * only while `lease` is held (checked under the file's lock, just before writing); the attempt's start is stamped
     * by this machine's clock, the one every process sharing the file reads.
     */
    claimNext(channel, holdMs, lease) {
      return file.change((enquiries, claims) => {
        if (lease.lost()) return new Unchanged(undefined);
        const now = Date.now();
        const held = new Set(
          claims.filter((claim) => Date.parse(claim.until) > now).map((claim) => `${claim.enquiry}:${claim.channel}`),
        );
        let next: StoredEnquiry | undefined;
        for (const enquiry of enquiries) {
          if (enquiry.spam || enquiry.delivery[channel] !== 'pending' || held.has(`${enquiry.id}:${channel}`)) continue;
          const dueAt = dueTime(enquiry, channel);
          if (dueAt <= now && (!next || dueAt < dueTime(next, channel))) next = enquiry;
        }
        if (!next) return new Unchanged(undefined);
        const id = crypto.randomUUID();
        const enquiryId = next.id;
        const others = claims.filter((claim) => !(claim.enquiry === enquiryId && claim.channel === channel));
        const afterUnrecorded = others.length < claims.length;
        claims.splice(0, claims.length, ...others, {
          id,
          enquiry: enquiryId,
          channel,
          until: new Date(now + holdMs).toISOString(),
        });
        const before = structuredClone(next);
        next.progress[channel] = { ...next.progress[channel], lastAttemptAt: new Date(now).toISOString() };
        return { id, channel, enquiry: before, deadline: now + holdMs, afterUnrecorded };
      });
    },

    async recordOutcome(claim, result) {
      if (result && !attemptResultSchema.safeParse(result).success) {
        throw new EnquiryStoreError(`the outcome of a ${claim.channel} delivery has the wrong shape`, 'EINVAL');
      }
      await file.change((enquiries, claims) => {
        const index = claims.findIndex((held) => held.id === claim.id);
        if (index === -1) return new Unchanged(undefined);
        claims.splice(index, 1);
        const current = enquiries.find((e) => e.id === claim.enquiry.id);
        // Deleted meanwhile (a privacy request): nothing to record.
        if (!current) return;
        // Given back as it was, the claim's stamp included; an outcome keeps the attempt's start the claim stamped.
        if (!result) {
          current.progress[claim.channel] = claim.enquiry.progress[claim.channel];
          return;
        }
        const { lastAttemptAt } = current.progress[claim.channel];
        current.delivery[claim.channel] = result.state;
        current.progress[claim.channel] = { ...result.progress, ...(lastAttemptAt ? { lastAttemptAt } : {}) };
      });
    },

    async recentAttempts(channel, windowMs) {
      const now = Date.now();
      const recent: RecentDelivery[] = [];
      for (const enquiry of (await file.read()).enquiries) {
        const { lastAttemptAt, attempts } = enquiry.progress[channel];
        const at = Date.parse(lastAttemptAt ?? '');
        if (at > now - windowMs) recent.push({ lastAttemptAt: Math.min(at, now), attempts });
      }
      return recent.sort((a, b) => a.lastAttemptAt - b.lastAttemptAt);
    },

    async deliveryFigures() {
      return figuresOf((await file.read()).enquiries);
    },

    /** Written only by the sender's lease holder, whole each time. */
    alertStates,

    async saveAlertState(channel, state) {
      const states = { ...(await alertStates()), [channel]: state };
      await writeFileAtomically(alertsFile, `${JSON.stringify(states, null, 2)}\n`, { durable: true });
    },
  };
}

/** The figures of each channel from its enquiries (PostgreSQL computes the same in SQL). */
function figuresOf(enquiries: readonly StoredEnquiry[]): Record<Channel, ChannelFigures> {
  const figures = {} as Record<Channel, ChannelFigures>;
  for (const channel of channels) {
    const one: ChannelFigures = { pending: 0, failed: 0, oldestPendingAt: null, refusedLogin: 0 };
    let lastFailedAt = -Infinity;
    let lastSentAt = -Infinity;
    for (const enquiry of enquiries) {
      if (enquiry.spam) continue;
      const state = enquiry.delivery[channel];
      const progress = enquiry.progress[channel];
      if (state === 'sent') {
        const sentAt = Date.parse(progress.sentAt ?? '');
        if (channel === 'hubspot' && sentAt > lastSentAt) {
          lastSentAt = sentAt;
          one.missingFields = progress.missingFields;
        }
        continue;
      }
      if (state !== 'pending' && state !== 'failed') continue;
      one[state] += 1;
      if (state === 'pending') {
        const receivedAt = Date.parse(enquiry.receivedAt);
        one.oldestPendingAt = Math.min(one.oldestPendingAt ?? receivedAt, receivedAt);
        if (progress.lastErrorCode && refusedLoginCodes.includes(progress.lastErrorCode)) one.refusedLogin += 1;
      }
      const attemptedAt = Date.parse(progress.lastAttemptAt ?? '');
      if (progress.lastErrorCode && attemptedAt > lastFailedAt) {
        lastFailedAt = attemptedAt;
        one.lastErrorCode = progress.lastErrorCode;
      }
    }
    if (!one.missingFields?.length) delete one.missingFields;
    figures[channel] = one;
  }
  return figures;
}
