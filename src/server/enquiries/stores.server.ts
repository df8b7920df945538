import type { EnquiryStore, OpenOptions } from './enquiry-store.server.ts';
import { FileEnquiryStore } from './file-store.server.ts';
import { PostgresEnquiryStore } from './postgres-store.server.ts';

/** Where enquiries live: the database when DATABASE_URL is set (several machines), else ENQUIRIES_FILE. */
export interface StoreLocation {
  file: string;
  databaseUrl?: string;
}

/** Opens the store the configuration names; a problem is an EnquiryStoreError of one line. */
export function openEnquiryStore(location: StoreLocation, options: OpenOptions): Promise<EnquiryStore> {
  return location.databaseUrl
    ? PostgresEnquiryStore.open(location.databaseUrl, options)
    : FileEnquiryStore.open(location.file, options);
}
