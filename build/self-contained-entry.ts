import type { Plugin } from 'vite';

const copySuffix = '?self-contained-copy';

/** Whether a module id is an entry's own copy of a module (code-splitting groups leave these in the entry). */
export function isSelfContainedCopy(id: string): boolean {
  return id.endsWith(copySuffix);
}

/**
 * Keeps an entry's chunk free of imports: each module the entry imports (and each they import) becomes a copy of
 * its own (the same file under another module id), which Rolldown puts in the entry's chunk, while the rest of the
 * app keeps sharing the original. Without it a module that the entry and the app both import goes in a chunk the entry would have to
 * fetch before it could run. The build fails if the entry's chunk still imports another chunk.
 * Why: docs/decisions/boot-loader.md
 */
export function selfContainedEntry(entry: RegExp): Plugin {
  return {
    name: 'self-contained-entry',
    apply: 'build',
    // Before Vite's own resolver, which would otherwise answer first.
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(entry.test(importer) || isSelfContainedCopy(importer))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      return { ...resolved, id: `${resolved.id}${copySuffix}` };
    },
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry || !entry.test(chunk.facadeModuleId ?? '')) continue;
        const imported = [...chunk.imports, ...chunk.dynamicImports];
        if (imported.length) {
          throw new Error(`${chunk.fileName} must import no other chunk, but imports ${imported.join(', ')}`);
        }
      }
    },
  };
}
