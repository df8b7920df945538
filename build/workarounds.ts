import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The build's workarounds for other projects' packaging. Each one checks that it still applies and stops the
 * build with a WorkaroundError when it does not, so that an upgrade never drops one silently.
 * Why: docs/decisions/build-transforms.md
 */
export class WorkaroundError extends Error {
  override name = 'WorkaroundError';
}

function fail(workaround: string, problem: string, upstream: string): never {
  throw new WorkaroundError(
    `Build workaround "${workaround}" no longer applies: ${problem}. It works around ${upstream}. ` +
      'If that has changed upstream, remove the workaround; otherwise adapt it (docs/decisions/build-transforms.md).',
  );
}

const reactRouterExports = 'https://github.com/remix-run/react-router/issues/14102';
const reactRouterTreeShaking = 'https://github.com/remix-run/react-router/pull/15299';

/**
 * React Router's package exports always point at its development build (extra checks and warnings,
 * remix-run/react-router#14102); builds use the production one it ships beside it.
 */
export function reactRouterProductionBuild(root: string): string {
  const file = join(root, 'node_modules/react-router/dist/production/index.mjs');
  if (!existsSync(file)) fail('react-router-production', `${file} does not exist`, reactRouterExports);
  return file;
}

const displayName = /^\s*[\w$]+\.displayName = [^;\n]+;$/gm;
const impureComponentCall = /= (React\d*\.(?:forwardRef|createContext|memo)\()/g;

/** React Router's production chunk with display names dropped and component factories marked pure. */
export function markReactRouterShakeable(code: string): { code: string; replacements: number } {
  let replacements = 0;
  const shakeable = code
    .replace(displayName, () => {
      replacements += 1;
      return '';
    })
    .replace(impureComponentCall, (_, call: string) => {
      replacements += 1;
      return `= /* @__PURE__ */ ${call}`;
    });
  return { code: shakeable, replacements };
}

/**
 * React Router's bundle names every component (`Link.displayName = "Link"`) and builds them with unannotated
 * `forwardRef`, `memo` and `createContext` calls. Both count as side effects, so a bundler keeps every component
 * the package has (data routers, forms, fetchers, prefetching: 6 kB gzip) whether or not the site uses it
 * (remix-run/react-router#15299). Display names only serve React's developer tools; marking the calls pure lets
 * tree-shaking drop what nothing imports. The build fails if no chunk of React Router matched.
 */
export function treeShakeReactRouter(): Plugin {
  let replacements = 0;
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    buildStart() {
      replacements = 0;
    },
    transform(code, id) {
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/.test(id)) return null;
      const result = markReactRouterShakeable(code);
      replacements += result.replacements;
      return { code: result.code, map: null };
    },
    buildEnd(error) {
      if (error || replacements > 0) return;
      fail(
        'tree-shake-react-router',
        'no display name or component factory matched in react-router/dist/production/chunk-*.mjs',
        reactRouterTreeShaking,
      );
    },
  };
}
