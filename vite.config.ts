import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { isSelfContainedCopy, selfContainedEntry } from './build/self-contained-entry.ts';
import { hydrateModule, islandModules } from './src/browser/islands/registry.ts';

/** What the islands chunk holds: its modules' own imports come with them. */
const islandsChunk =
  /node_modules[\\/](react|react-dom|scheduler)[\\/]|src[\\/]browser[\\/](form-state|site-config|lib[\\/]form-send|components[\\/]FormOpening)\./;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), selfContainedEntry(/[\\/]src[\\/]browser[\\/]boot-loader\.ts$/), precompress()],
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node24',
        rolldownOptions: { input: { server: 'server.ts' }, output: { entryFileNames: '[name].js' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // Every browser the site supports has native modulepreload.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The boot loader, the stylesheet, the one hydrate function and each island's component
          // (src/browser/islands/registry.ts): the browser runs no page's own code. The chunks they share: one for
          // React and what the islands share (`output`), the rest as Rolldown sees fit.
          input: ['src/browser/boot-loader.ts', 'src/styles.css', hydrateModule, ...Object.values(islandModules)],
          // The boot loader calls what these export (the hydrate function, each island's component); an app build
          // drops entries' exports unless told to keep them.
          preserveEntrySignatures: 'exports-only',
          output: {
            // React, React DOM and what the islands share in one chunk, which every island loads with the hydrate
            // function. Why: docs/decisions/islands-chunk.md
            codeSplitting: {
              groups: [{ name: 'islands', test: (id) => !isSelfContainedCopy(id) && islandsChunk.test(id) }],
            },
          },
        },
      },
  // Bundled into the server: only the icons the pages use are loaded.
  ssr: { noExternal: command === 'build' ? ['lucide'] : [] },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'build/**/*.test.ts', 'tools/**/*.test.ts'],
    environment: 'node',
    // A real PostgreSQL for the enquiry store's tests, started once per run.
    globalSetup: ['test-support/vitest-postgres.ts'],
    // Most of the suite's time is spent waiting on real child processes, timers and sockets (the CLIs, servers,
    // writers, PostgreSQL), not computing: two workers per core took a fresh clone's run on two cores from 167 s
    // to 118 s (one per core had taken it from 122 s to 71 s when the suite was smaller).
    maxWorkers: 2 * availableParallelism(),
  },
}));
