import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, test } from 'vitest';
import {
  markReactRouterShakeable,
  reactRouterProductionBuild,
  treeShakeReactRouter,
  WorkaroundError,
} from './workarounds.ts';
import { tempFolder } from '../test-support/temp-folder.ts';

// The hooks as plain functions: these tests call them the way the bundler would.
type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: Plugin, name: keyof Plugin) => (plugin[name] as Hook).bind({});

const routerChunkDir = 'node_modules/react-router/dist/production';
const routerChunks = readdirSync(routerChunkDir).filter((file) => /^chunk-[\w-]+\.mjs$/.test(file));

/** Runs the plugin over React Router's chunks (or the given stand-ins) as one build would. */
function buildWith(chunks: { id: string; code: string }[]) {
  const plugin = treeShakeReactRouter();
  hook(plugin, 'buildStart')();
  for (const { id, code } of chunks) hook(plugin, 'transform')(code, id);
  hook(plugin, 'buildEnd')();
}

describe('react-router-production', () => {
  test('finds React Router’s production build', () => {
    expect(reactRouterProductionBuild(process.cwd())).toMatch(/react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
  });

  test('fails the build, naming the upstream issue, when the production build is gone', () => {
    const empty = tempFolder('no-router-');
    expect(() => reactRouterProductionBuild(empty)).toThrow(WorkaroundError);
    expect(() => reactRouterProductionBuild(empty)).toThrow(/react-router-production.*react-router\/issues\/14102/);
  });
});

describe('tree-shake-react-router', () => {
  test('drops display names and marks component factories pure in the installed React Router', () => {
    const code = routerChunks.map((file) => readFileSync(join(routerChunkDir, file), 'utf8')).join('\n');
    const result = markReactRouterShakeable(code);
    expect(result.replacements).toBeGreaterThan(0);
    expect(result.code).not.toMatch(/^\s*[\w$]+\.displayName = /m);
    expect(result.code).toMatch(/= \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/);
  });

  test('a build over the installed React Router passes', () => {
    const chunks = routerChunks.map((file) => ({
      id: join(process.cwd(), routerChunkDir, file),
      code: readFileSync(join(routerChunkDir, file), 'utf8'),
    }));
    expect(() => buildWith(chunks)).not.toThrow();
  });

  test('fails the build, naming the upstream pull request, when React Router’s chunks no longer match', () => {
    const reshaped = [
      {
        id: '/app/node_modules/react-router/dist/production/chunk-ABC123.mjs',
        code: 'var Link = /* @__PURE__ */ forwardRef(function Link() {});\nexport { Link };\n',
      },
    ];
    expect(() => buildWith(reshaped)).toThrow(WorkaroundError);
    expect(() => buildWith(reshaped)).toThrow(/tree-shake-react-router.*react-router\/pull\/15299/);
  });

  test('fails the build when React Router’s chunks moved and nothing was transformed', () => {
    expect(() => buildWith([])).toThrow(/tree-shake-react-router/);
  });
});
