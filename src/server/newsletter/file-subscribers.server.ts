/** The file store's subscribers: in the enquiry file beside the enquiries, changed under its lock in one write. */
import { Unchanged, type EnquiryFile } from '../enquiries/file-store/enquiry-file.server.ts';
import { assertLimits, type ChannelFigures } from '../enquiries/enquiry-store.server.ts';
import type { SubscriberRecords } from './subscriber-store.server.ts';
import {
  afterSignUp,
  confirmed,
  linkWorks,
  normalEmail,
  withoutUnsentEmail,
  type StoredSubscriber,
  type SubscriberChannel,
} from './subscriber.ts';

/** When a subscriber started waiting to be handed on: its confirmation. */
const since = (s: StoredSubscriber) => s.confirmedAt ?? s.createdAt;

const newestFirst = (list: StoredSubscriber[]) =>
  [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));

export function fileSubscribers(file: EnquiryFile): SubscriberRecords {
  const all = async () => (await file.read()).subscribers ?? [];
  const byEmail = (list: StoredSubscriber[], email: string) => list.findIndex((s) => s.email === normalEmail(email));

  return {
    signUp(signUp, tokenHash, now = new Date()) {
      return file.change((_enquiries, _claims, subscribers) => {
        const index = byEmail(subscribers, signUp.email);
        const result = afterSignUp(subscribers[index], signUp, tokenHash, now);
        if (!result.send) return new Unchanged(result);
        if (index === -1) subscribers.push(result.subscriber);
        else subscribers[index] = result.subscriber;
        return result;
      });
    },

    confirm(tokenHash, enabled, now = new Date()) {
      return file.change((_enquiries, _claims, subscribers) => {
        const index = subscribers.findIndex((s) => s.tokenHash === tokenHash);
        const subscriber = subscribers[index];
        if (!subscriber || !linkWorks(subscriber, now)) return new Unchanged(undefined);
        const done = confirmed(subscriber, enabled, now);
        subscribers[index] = done;
        return done;
      });
    },

    unsentConfirmation(id, tokenHash) {
      return file.change((_enquiries, _claims, subscribers) => {
        const index = subscribers.findIndex((s) => s.id === id);
        const subscriber = subscribers[index];
        const unsent = subscriber && withoutUnsentEmail(subscriber, tokenHash);
        if (!unsent) return new Unchanged(false);
        subscribers[index] = unsent;
        return true;
      });
    },

    revoke(email) {
      return file.change((_enquiries, _claims, subscribers) => {
        const index = byEmail(subscribers, email);
        const subscriber = subscribers[index];
        if (!subscriber?.tokenHash) return new Unchanged(false);
        const { tokenHash: _revoked, ...rest } = subscriber;
        subscribers[index] = rest;
        return true;
      });
    },

    async subscribers({ status } = {}) {
      return newestFirst((await all()).filter((s) => !status || s.status === status));
    },

    async findSubscriber(email) {
      const list = await all();
      return list[byEmail(list, email)];
    },

    async getSubscriber(id) {
      return (await all()).find((s) => s.id === id);
    },

    deleteSubscriber(idOrEmail) {
      return file.change((_enquiries, _claims, subscribers) => {
        const byId = subscribers.findIndex((s) => s.id === idOrEmail);
        const index = byId === -1 ? byEmail(subscribers, idOrEmail) : byId;
        return index === -1 ? new Unchanged(undefined) : subscribers.splice(index, 1)[0];
      });
    },

    async pruneSubscribers({ unconfirmedBefore }) {
      assertLimits(unconfirmedBefore);
      return file.change((_enquiries, _claims, subscribers) => {
        const limit = unconfirmedBefore.getTime();
        const kept = subscribers.filter(
          (s) => s.status === 'confirmed' || Date.parse(s.lastEmailAt ?? s.createdAt) >= limit,
        );
        const deleted = subscribers.length - kept.length;
        if (!deleted) return new Unchanged(0);
        subscribers.splice(0, subscribers.length, ...kept);
        return deleted;
      });
    },

    importSubscribers(incoming, now = new Date()) {
      return file.change((_enquiries, _claims, subscribers) => {
        let added = 0;
        for (const { email, firstname, confirmedAt } of incoming) {
          const index = byEmail(subscribers, email);
          if (subscribers[index]?.status === 'confirmed') continue;
          const at = confirmedAt ?? now.toISOString();
          subscribers.splice(index === -1 ? subscribers.length : index, index === -1 ? 0 : 1, {
            id: subscribers[index]?.id ?? crypto.randomUUID(),
            email: normalEmail(email),
            ...(firstname ? { firstname } : {}),
            status: 'confirmed',
            createdAt: subscribers[index]?.createdAt ?? at,
            confirmedAt: at,
            delivery: { hubspot: 'off', webhook: 'off' },
            progress: { hubspot: { attempts: 0 }, webhook: { attempts: 0 } },
          });
          added += 1;
        }
        return added ? added : new Unchanged(0);
      });
    },

    async dueSubscribers(channel, { now, limit }) {
      const due = (await all()).filter((s) => {
        const { retryAt } = s.progress[channel];
        return (
          s.status === 'confirmed' &&
          s.delivery[channel] === 'pending' &&
          (!retryAt || Date.parse(retryAt) <= now.getTime())
        );
      });
      return due.sort((a, b) => since(a).localeCompare(since(b)) || a.id.localeCompare(b.id)).slice(0, limit);
    },

    async subscriberDeliveryFigures(channels) {
      const list = await all();
      const figures: Partial<Record<SubscriberChannel, ChannelFigures>> = {};
      for (const channel of channels) {
        const one: ChannelFigures = { pending: 0, failed: 0, oldestPendingAt: null, refusedLogin: 0 };
        let latest = '';
        for (const subscriber of list) {
          const state = subscriber.delivery[channel];
          if (subscriber.status !== 'confirmed' || (state !== 'pending' && state !== 'failed')) continue;
          one[state] += 1;
          if (state === 'pending') {
            const at = Date.parse(since(subscriber));
            one.oldestPendingAt = Math.min(one.oldestPendingAt ?? at, at);
          }
          const { lastErrorCode, lastAttemptAt = '' } = subscriber.progress[channel];
          if (lastErrorCode && (!one.lastErrorCode || lastAttemptAt > latest)) {
            latest = lastAttemptAt;
            one.lastErrorCode = lastErrorCode;
          }
        }
        figures[channel] = one;
      }
      return figures;
    },

    copySubscribers(incoming) {
      return file.change((_enquiries, _claims, subscribers) => {
        let added = 0;
        for (const subscriber of incoming) {
          if (byEmail(subscribers, subscriber.email) !== -1 || subscribers.some((s) => s.id === subscriber.id))
            continue;
          subscribers.push(subscriber);
          added += 1;
        }
        return added ? added : new Unchanged(0);
      });
    },

    async recordSubscriberDelivery(id, channel, result) {
      await file.change((_enquiries, _claims, subscribers) => {
        const subscriber = subscribers.find((s) => s.id === id);
        if (!subscriber) return new Unchanged(undefined);
        subscriber.delivery = { ...subscriber.delivery, [channel]: result.state };
        subscriber.progress = { ...subscriber.progress, [channel]: result.progress };
        return undefined;
      });
    },
  };
}
