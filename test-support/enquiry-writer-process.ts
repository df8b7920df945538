/**
 * A test process that adds enquiries: `node --import tsx enquiry-writer-process.ts <file> <count> <tag>`.
 * Adds <count> at once and prints each id on its own line as soon as its add has resolved.
 */
import { openFileStore } from '../src/server/enquiries/file-store/file-store.server.ts';

const [file, count, tag] = process.argv.slice(2);
if (!file || !count || !tag) throw new Error('usage: enquiry-writer-process.ts <file> <count> <tag>');
const store = await openFileStore(file, { enabled: { hubspot: true, email: false } });
await Promise.all(
  Array.from({ length: Number(count) }, async (_, index) => {
    const stored = await store.add({
      firstname: `${tag}-${index}`,
      email: `${tag}-${index}@example.com`,
      pageUri: 'https://studio.example/start-project',
      spam: false,
    });
    process.stdout.write(`${stored.id}\n`);
  }),
);
