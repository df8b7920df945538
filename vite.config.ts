import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { isSelfContainedCopy, selfContainedEntry } from './build/self-contained-entry.ts';
import { reactRouterProductionBuild, treeShakeReactRouter } from './build/workarounds.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), treeShakeReactRouter(), selfContainedEntry(/[\\/]src[\\/]boot-loader\.ts$/)],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild(root) }] : [],
  },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        rolldownOptions: { input: { server: 'server.ts' }, output: { entryFileNames: '[name].js' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // Every browser the site supports has native modulepreload.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: ['src/entry-client.tsx', 'src/boot-loader.ts'],
          // Everything the entry imports statically is three chunks: React, the other libraries, and the app.
          // Why: docs/decisions/boot-loader.md
          // Left to itself Rolldown splits out each module a page chunk shares with the entry (React, the router,
          // Link, the icon base…): more files, all of them needed before the page is interactive anyway.
          // The entry module itself stays out of it, with the stylesheet it imports: otherwise every chunk loaded
          // later would fetch the stylesheet again (pages have it inlined) and restyle the whole page.
          output: {
            codeSplitting: {
              groups: [
                // React on its own, so that the boot loader can evaluate it in a task of its own (see
                // src/boot-loader.ts): on a slow phone one task for all of the entry's code would block input
                // for too long.
                { name: 'react', tags: ['$initial'], test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                // The other libraries every page needs first (React Router, the icons), for the same reason.
                { name: 'libs', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ },
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: (id) => !/(entry-client\.tsx|boot-loader\.ts|\.css)$/.test(id) && !isSelfContainedCopy(id),
                },
              ],
            },
          },
        },
      },
  // Bundled into the server: only the icons the pages use are loaded, and a build gets React Router's
  // production code.
  ssr: { noExternal: command === 'build' ? ['lucide', 'react-router', 'react-router-dom'] : [] },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'build/**/*.test.ts'],
    environment: 'node',
    // A real PostgreSQL for the enquiry store's tests, started once per run.
    globalSetup: ['test-support/vitest-postgres.ts'],
    // Many tests wait on real child processes (the CLIs, servers, writers): one worker per core, not Vitest's
    // one fewer, took the suite from 122 s to 71 s on two cores.
    maxWorkers: availableParallelism(),
  },
}));
