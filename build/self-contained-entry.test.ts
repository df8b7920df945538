import { describe, expect, test } from 'vitest';
import { isSelfContainedCopy, selfContainedEntry } from './self-contained-entry.ts';

// The hooks as plain functions, with the little of the bundler's context they use.
type Hook = (this: unknown, ...args: unknown[]) => unknown;
const plugin = selfContainedEntry(/[\\/]src[\\/]loader\.ts$/);
const context = { resolve: async (source: string) => ({ id: `/app/src/lib/${source.replace('./lib/', '')}` }) };
const resolveId = (source: string, importer?: string) =>
  (plugin.resolveId as Hook).call(context, source, importer, {}) as Promise<{ id: string } | null>;
const generateBundle = (bundle: Record<string, unknown>) => (plugin.generateBundle as Hook).call({}, {}, bundle);

const chunk = (fileName: string, facadeModuleId: string, imports: string[] = []) => ({
  type: 'chunk',
  isEntry: true,
  fileName,
  facadeModuleId,
  imports,
  dynamicImports: [],
});

describe('self-contained-entry', () => {
  test('the entry’s imports, and theirs, resolve to copies of their own; other modules’ imports do not', async () => {
    const copy = await resolveId('./lib/next-task.ts', '/app/src/loader.ts');
    expect(copy?.id).toMatch(/^\/app\/src\/lib\/next-task\.ts\?/);
    expect(isSelfContainedCopy(copy?.id ?? '')).toBe(true);
    const nested = await resolveId('./lib/other.ts', copy?.id);
    expect(isSelfContainedCopy(nested?.id ?? '')).toBe(true);
    expect(await resolveId('./lib/next-task.ts', '/app/src/entry.ts')).toBeNull();
    expect(await resolveId('/app/src/loader.ts')).toBeNull();
  });

  test('fails the build when the entry’s chunk imports another chunk', () => {
    const bundle = {
      'loader.js': chunk('assets/loader.js', '/app/src/loader.ts', ['assets/app.js']),
      'entry.js': chunk('assets/entry.js', '/app/src/entry.ts', ['assets/app.js']),
    };
    expect(() => generateBundle(bundle)).toThrow(
      'assets/loader.js must import no other chunk, but imports assets/app.js',
    );
    expect(() => generateBundle({ 'entry.js': bundle['entry.js'] })).not.toThrow();
  });
});
