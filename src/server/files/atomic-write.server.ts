import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /**
   * Also fsync the file before the rename and its folder after it, so that the new content (and the rename
   * itself) has reached the disk when the promise resolves, not only the page cache.
   */
  durable?: boolean;
  /** The new file's permissions (before the umask); by default 0o666, as `fs.writeFile` gives. */
  mode?: number;
}

/**
 * Replaces `file` with `data` in one step: the data goes to a hidden temporary file beside it, which is then
 * renamed over it, so a reader sees the old file or the new one, never half of either. On failure the temporary
 * file is removed and `file` is as it was. The folder must exist.
 */
export async function writeFileAtomically(
  file: string,
  data: string | Uint8Array,
  { durable = false, mode = 0o666 }: AtomicWriteOptions = {},
): Promise<void> {
  const folder = dirname(file);
  const temporary = join(folder, `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(temporary, 'wx', mode);
    try {
      await handle.writeFile(data);
      if (durable) await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  if (durable) {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}
