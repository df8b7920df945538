import type { EnquiryStore, OpenOptions } from './enquiry-store.server.ts';
import { openFileStore } from './file-store/file-store.server.ts';
import { openPostgresStore } from './postgres-store/postgres-store.server.ts';

/** Where enquiries live: the database when DATABASE_URL is set (several machines), else ENQUIRIES_FILE. */
export interface StoreLocation {
  file: string;
  databaseUrl?: string;
}

/** Opens the store the configuration names; a problem is an EnquiryStoreError of one line. */
export function openEnquiryStore(location: StoreLocation, options: OpenOptions): Promise<EnquiryStore> {
  return location.databaseUrl
    ? openPostgresStore(location.databaseUrl, options)
    : openFileStore(location.file, options);
}
