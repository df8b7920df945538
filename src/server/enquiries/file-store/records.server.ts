/** The file store's enquiries: added durably, listed, found, deleted, pruned and imported. */
import { assertLimits, type EnquiryRecords, type OpenOptions } from '../enquiry-store.server.ts';
import { newStoredEnquiry, withWellFormedText, type StoredEnquiry } from '../enquiry.ts';
import { Unchanged, type EnquiryFile } from './enquiry-file.server.ts';

export function fileRecords(file: EnquiryFile, options: OpenOptions): EnquiryRecords {
  /** Every enquiry on disk now (spam included), oldest first. */
  const all = async (): Promise<StoredEnquiry[]> => (await file.read()).enquiries;

  return {
    all,

    /** Resolves only when the enquiry is durably on disk (fsync); safe with several processes adding at once. */
    async add(enquiry) {
      const stored = newStoredEnquiry(withWellFormedText(enquiry), options.enabled);
      await file.change((enquiries) => {
        enquiries.push(stored);
      });
      return stored;
    },

    async list({ spam = false } = {}) {
      return (await all()).filter((e) => e.spam === spam).reverse();
    },

    async get(id) {
      return (await all()).find((e) => e.id === id);
    },

    async find(idOrStart) {
      const enquiries = await all();
      const exact = enquiries.find((e) => e.id === idOrStart);
      return exact ? [exact] : enquiries.filter((e) => e.id.startsWith(idOrStart)).slice(0, 20);
    },

    delete(id) {
      return file.change((enquiries) => {
        const index = enquiries.findIndex((e) => e.id === id);
        return index === -1 ? new Unchanged(undefined) : enquiries.splice(index, 1)[0];
      });
    },

    async prune({ before, spamBefore }) {
      assertLimits(before, spamBefore);
      return file.change((enquiries) => {
        const kept = enquiries.filter((e) => Date.parse(e.receivedAt) >= (e.spam ? spamBefore : before).getTime());
        const deleted = enquiries.length - kept.length;
        if (!deleted) return new Unchanged(0);
        enquiries.splice(0, enquiries.length, ...kept);
        return deleted;
      });
    },

    import(incoming) {
      return file.change((enquiries) => {
        const held = new Set(enquiries.map((e) => e.id));
        const added = incoming.filter((e) => !held.has(e.id));
        if (!added.length) return new Unchanged(0);
        enquiries.push(...added.map(withWellFormedText));
        enquiries.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
        return added.length;
      });
    },
  };
}
