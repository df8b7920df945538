import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

// React Router's package exports always point at its development build (extra checks and warnings); builds
// use the production one it ships beside it.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * React Router's bundle names every component (`Link.displayName = "Link"`) and builds them with unannotated
 * `forwardRef`, `memo` and `createContext` calls. Both count as side effects, so a bundler keeps every component
 * the package has (data routers, forms, fetchers, prefetching: 6 kB gzip) whether or not the site uses it. Display names only
 * serve React's developer tools; marking the calls pure lets tree-shaking drop what nothing imports.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/.test(id)) return null;
      const shakeable = code
        .replace(/^\s*[\w$]+\.displayName = [^;\n]+;$/gm, '')
        .replace(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1');
      return { code: shakeable, map: null };
    },
  };
}

/**
 * Each of lucide-react's icon modules exports the icon's data and a React component built from it with an
 * unannotated `createLucideIcon(...)` call. The site draws icons from the data (src/components/LucideIcon.tsx);
 * marking the call pure lets tree-shaking drop the components and everything behind them (1.2 kB gzip), and
 * the browser no longer builds one component per icon as the page starts.
 */
function treeShakeLucideIcons(): Plugin {
  return {
    name: 'tree-shake-lucide-icons',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][\w-]+\.mjs$/.test(id)) return null;
      return { code: code.replace(/= createLucideIcon\(/g, '= /* @__PURE__ */ createLucideIcon('), map: null };
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), treeShakeReactRouter(), treeShakeLucideIcons()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        rollupOptions: { input: { server: 'server.ts' }, output: { entryFileNames: '[name].js' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // Every browser the site supports has native modulepreload.
        modulePreload: { polyfill: false },
        rollupOptions: {
          input: ['src/entry-client.tsx', 'src/boot-loader.ts'],
          // Everything the entry imports statically is three chunks: React, the other libraries, and the app.
          // Left to itself Rolldown splits out each module a page chunk shares with the entry (React, the router,
          // Link, the icon base…): more files, all of them needed before the page is interactive anyway.
          // The entry module itself stays out of it, with the stylesheet it imports: otherwise every chunk loaded
          // later would fetch the stylesheet again (pages have it inlined) and restyle the whole page.
          output: {
            codeSplitting: {
              groups: [
                // React DOM on its own, so that the boot loader can evaluate it in a task of its own (see
                // src/boot-loader.ts): on a slow phone one task for all of the entry's code would block input
                // for too long. src/react-dom-client.ts makes React DOM's code run in this chunk's task.
                {
                  name: 'react',
                  tags: ['$initial'],
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]react-dom-client\.ts$/,
                },
                // The other libraries the app needs first (React Router, TanStack Query), for the same reason.
                { name: 'libs', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ },
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: (id) => !/(entry-client\.tsx|boot-loader\.ts|\.css)$/.test(id),
                },
              ],
            },
          },
        },
      },
  // Bundled into the server: only the icons the pages use are loaded, and a build gets React Router's
  // production code.
  ssr: { noExternal: command === 'build' ? ['lucide-react', 'react-router', 'react-router-dom'] : ['lucide-react'] },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
}));
