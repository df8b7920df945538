import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// React Router's package exports always point at its development build (extra checks and warnings); builds
// use the production one it ships beside it.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
        rollupOptions: { input: ['src/entry-client.tsx', 'src/boot-loader.ts'] },
      },
  // Bundled into the server: only the icons the pages use are loaded, and a build gets React Router's
  // production code.
  ssr: { noExternal: command === 'build' ? ['lucide-react', 'react-router', 'react-router-dom'] : ['lucide-react'] },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
}));
