/**
 * Prints, as JSON, every module of this repository that importing the module named in argv[2] loads (its whole
 * import graph, as Node resolves it). Run as a child process with tsx: `tsx test-support/imported-modules.ts <path>`.
 */
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const loaded = new Set<string>();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url.startsWith('file:') && !resolved.url.includes('/node_modules/')) loaded.add(resolved.url);
    return resolved;
  },
});

await import(pathToFileURL(process.argv[2]!).href);
process.stdout.write(JSON.stringify([...loaded]));
