/**
 * The newsletter's sign-ups and subscribers, kept in the store enquiries use (the file, or PostgreSQL with
 * DATABASE_URL) as records of their own: one interface, implemented by a module in each store, and one contract
 * test suite (subscriber-store.server.test.ts) run against both.
 */
import type { ChannelFigures } from '../enquiries/enquiry-store.server.ts';
import type { AttemptResult } from '../enquiries/enquiry.ts';
import type { EnabledSubscriberChannels, NewSignUp, StoredSubscriber, SubscriberChannel } from './subscriber.ts';

/** What a sign-up came to: whether its confirmation email should go out now, and the record as stored. */
export interface SignUpResult {
  send: boolean;
  subscriber: StoredSubscriber;
}

/** A subscriber brought in from elsewhere (an export, a list from another service): confirmed already. */
export interface ImportedSubscriber {
  email: string;
  firstname?: string;
  /** ISO time; the import's time when the list does not say. */
  confirmedAt?: string;
}

export interface SubscriberRecords {
  /**
   * Records a sign-up, in one write with the check of the address's record: a new address, or a pending one whose
   * last email went 24 h ago or more, gets a pending record with this link's hash and `send: true`; a confirmed one,
   * or a pending one emailed within 24 h, is left as it is (`send: false`). Resolves once durable.
   */
  signUp(signUp: NewSignUp, tokenHash: string, now?: Date): Promise<SignUpResult>;
  /**
   * Confirms the pending sign-up whose link has this hash, if its link still works (48 h from its email, never
   * used or revoked): its link is spent, its delivery pending on the enabled channels. Undefined otherwise.
   */
  confirm(tokenHash: string, enabled: EnabledSubscriberChannels, now?: Date): Promise<StoredSubscriber | undefined>;
  /**
   * Forgets the confirmation email of the pending sign-up whose link has this hash, because it could not be sent:
   * it no longer counts toward the address's one email per 24 h. True when there was one to change.
   */
  unsentConfirmation(id: string, tokenHash: string): Promise<boolean>;
  /** Spends a pending sign-up's link so it confirms nothing; true when there was one to revoke. */
  revoke(email: string): Promise<boolean>;
  /** Sign-ups and subscribers (only those of `status` when given), newest first. */
  subscribers(options?: { status?: StoredSubscriber['status'] }): Promise<StoredSubscriber[]>;
  findSubscriber(email: string): Promise<StoredSubscriber | undefined>;
  getSubscriber(id: string): Promise<StoredSubscriber | undefined>;
  /** Removes an address for good (it unsubscribed, or a privacy request); returns its record, if there was one. */
  deleteSubscriber(idOrEmail: string): Promise<StoredSubscriber | undefined>;
  /** Deletes the pending sign-ups whose last email went before `unconfirmedBefore`; how many it deleted. */
  pruneSubscribers(limits: { unconfirmedBefore: Date }): Promise<number>;
  /**
   * Adds the confirmed subscribers whose addresses it does not hold as confirmed yet (a pending one becomes
   * confirmed); how many it added. Imported subscribers are not handed on: they came from the list they go to.
   */
  importSubscribers(subscribers: ImportedSubscriber[], now?: Date): Promise<number>;
  /**
   * The confirmed subscribers whose hand-on on `channel` is pending and due at `now` (no retry waiting), the
   * longest waiting first, at most `limit`: the hand-on's loop reads these rows only, never the whole list.
   */
  dueSubscribers(channel: SubscriberChannel, options: { now: Date; limit: number }): Promise<StoredSubscriber[]>;
  /**
   * Per channel, the confirmed subscribers whose hand-on is pending or failed, the oldest pending one's confirmation
   * time and the error code its latest attempt met, counted by the store (for /healthz and the alerts).
   */
  subscriberDeliveryFigures(
    channels: readonly SubscriberChannel[],
  ): Promise<Partial<Record<SubscriberChannel, ChannelFigures>>>;
  /**
   * Copies subscribers from another store (a site moving from the file to PostgreSQL) as they are, ids included (an
   * unsubscribe link signs the id): those whose id or address it holds already are left as they are; how many it
   * added.
   */
  copySubscribers(subscribers: readonly StoredSubscriber[]): Promise<number>;
  /** Records a delivery attempt's result on `channel`; nothing when the subscriber was deleted meanwhile. */
  recordSubscriberDelivery(id: string, channel: SubscriberChannel, result: AttemptResult): Promise<void>;
}
