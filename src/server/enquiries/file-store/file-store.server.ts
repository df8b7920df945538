/**
 * The enquiry store on one machine: a JSON file (ENQUIRIES_FILE), its jobs each in a module of their own over the
 * one locked file (enquiry-file.server.ts): the records, the delivery queue and the sender's lease.
 */
import { fileSubscribers } from '../../newsletter/file-subscribers.server.ts';
import type { EnquiryStore, OpenOptions } from '../enquiry-store.server.ts';
import { EnquiryFile } from './enquiry-file.server.ts';
import { fileDeliveryQueue } from './delivery-queue.server.ts';
import { fileRecords } from './records.server.ts';
import { fileSenderLease } from './sender-lease.server.ts';

const disabled = { hubspot: false, email: false };

/** Checks the file (a corrupt one is an EnquiryStoreError of one line) and creates its folder; never writes it. */
export async function openFileStore(path: string, options: OpenOptions = { enabled: disabled }): Promise<EnquiryStore> {
  const file = await EnquiryFile.open(path);
  return {
    ...fileRecords(file, options),
    ...fileDeliveryQueue(file),
    ...fileSenderLease(file),
    ...fileSubscribers(file),
    health: () => ({ ok: true }),
    close: async () => {},
  };
}
