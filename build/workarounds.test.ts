import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, test } from 'vitest';
import {
  entryRunsReactDom,
  markReactRouterShakeable,
  reactDomInReactChunk,
  reactRouterProductionBuild,
  treeShakeReactRouter,
  WorkaroundError,
} from './workarounds.ts';

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
    const empty = mkdtempSync(join(tmpdir(), 'no-router-'));
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

describe('react-dom-in-react-chunk', () => {
  // The entry chunk's start, as Rolldown writes it with and without src/react-dom-client.ts (minified).
  const inReactChunk =
    'import{i as r,r as i,t as a}from"./react-X.js";var v=e(r(),1),y=i();function x(){(0,a.hydrateRoot)(document,y)}';
  const inEntry =
    'import{i as r,r as i,t as a}from"./react-X.js";var v=e(r(),1),y=a(),b=i();function x(){(0,y.hydrateRoot)(document,b)}';

  test('tells an entry that uses React DOM’s exports from one that runs React DOM itself', () => {
    expect(entryRunsReactDom(inReactChunk)).toBe(false);
    expect(entryRunsReactDom(inEntry)).toBe(true);
    expect(entryRunsReactDom('var import_client = require_client();\n(0, import_client.hydrateRoot)(document);')).toBe(
      true,
    );
  });

  function generate(entryCode: string) {
    const plugin = reactDomInReactChunk(/entry-client\.tsx$/);
    const bundle = {
      'entry-client.js': {
        type: 'chunk',
        isEntry: true,
        facadeModuleId: '/app/src/entry-client.tsx',
        fileName: 'entry-client.js',
        code: entryCode,
      },
    };
    hook(plugin, 'generateBundle')({}, bundle);
  }

  test('passes when React DOM runs in the react chunk', () => {
    expect(() => generate(inReactChunk)).not.toThrow();
  });

  test('fails the build, naming Rolldown’s behaviour, when the entry runs React DOM', () => {
    expect(() => generate(inEntry)).toThrow(WorkaroundError);
    expect(() => generate(inEntry)).toThrow(/react-dom-in-react-chunk.*rolldown\.rs\/in-depth\/bundling-cjs/);
  });

  test('fails the build when the entry’s shape is no longer recognisable', () => {
    expect(() => generate('import{t as a}from"./react-X.js";a.hydrate(document)')).toThrow(
      /no recognisable hydrateRoot/,
    );
  });
});
