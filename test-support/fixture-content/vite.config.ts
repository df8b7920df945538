import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type Plugin, type UserConfig } from 'vite';
import projectConfig from '../../vite.config.ts';

// The site's own Vite configuration, with the studio's content files replaced by the ones beside this file: what a
// studio that has filled them in would serve. Used by dev-server.ts (for e2e/studio-content.spec.ts), never by the
// site.

const here = path.dirname(fileURLToPath(import.meta.url));
const studioFile = /[\\/]src[\\/]content[\\/](business|testimonials|team)\.ts$/;

function fixtureContent(): Plugin {
  return {
    name: 'fixture-content',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const file = resolved && studioFile.exec(resolved.id)?.[1];
      return file ? path.join(here, `${file}.ts`) : null;
    },
  };
}

export default defineConfig((env) => {
  const base = (typeof projectConfig === 'function' ? projectConfig(env) : projectConfig) as UserConfig;
  // A cache of its own: Vite's shared one (node_modules/.vite) is rewritten by a dev server of another configuration
  // running at the same time (e2e/dev-server.spec.ts), and the page then fails with "504 Outdated Optimize Dep".
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'vite-fixture-content-'));
  return mergeConfig(base, { plugins: [fixtureContent()], cacheDir });
});
