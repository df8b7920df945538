/**
 * The file store's sender lease: `<file>.delivery.lock`, a lock folder refreshed by its holder every 2 s and taken
 * over by another process 10 s after the holder died (files/file-lock.server.ts). The processes sharing the file
 * (WEB_CONCURRENCY's workers, a second server started beside the first) take turns through it. The newsletter's
 * hand-on has a lock of its own beside it, `<file>.newsletter-delivery.lock`.
 */
import { tryHoldFileLock } from '../../files/file-lock.server.ts';
import type { SenderLeaseStore } from '../enquiry-store.server.ts';
import type { EnquiryFile } from './enquiry-file.server.ts';

export function fileSenderLease(file: EnquiryFile): SenderLeaseStore {
  return {
    takeSenderLease: (job = 'enquiries') =>
      tryHoldFileLock(job === 'enquiries' ? `${file.path}.delivery` : `${file.path}.${job}-delivery`),
  };
}
