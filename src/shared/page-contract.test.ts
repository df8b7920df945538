import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const src = new URL('../', import.meta.url).pathname;
// Every attribute the plain script reads and every endpoint it posts to: each of the contract's names that is one,
// so that a hook added to the contract is checked without being listed here too.
const contract: Record<string, unknown> = await import('./page-contract.ts');
const hooks = Object.values(contract).filter(
  (value): value is string => typeof value === 'string' && /^(?:data-|\/)/.test(value),
);

test('the server’s components and the browser’s script name the page’s hooks and endpoints only through the contract', async () => {
  const files = (await readdir(src, { recursive: true })).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test(-d)?\.tsx?$/.test(file) && !file.endsWith('page-contract.ts'),
  );
  expect(hooks).toEqual(expect.arrayContaining(['data-cta', 'data-scroll-sentinel', '/api/enquiries']));
  const spelled: string[] = [];
  for (const file of files) {
    const text = await readFile(join(src, file), 'utf8');
    // A hook's name as code writes it: quoted, in a selector, or as a JSX attribute; not inside a longer name.
    for (const hook of hooks)
      if (new RegExp(`['"\`\\[]${hook}(?![\\w-])|\\s${hook}[\\s=>]`).test(text)) spelled.push(`${file}: ${hook}`);
  }
  expect(spelled).toEqual([]);
});
