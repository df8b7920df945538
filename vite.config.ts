import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
        rollupOptions: { input: 'src/entry-client.tsx' },
      },
  // Bundled into the server build so that only the icons the pages use are loaded.
  ssr: { noExternal: ['lucide-react'] },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
}));
