import { expect, test } from 'vitest';
import { withoutScripts } from './script-free-proxy.ts';

test('the twin keeps the page and its JSON blocks, and drops every script that would run and every modulepreload', () => {
  const html =
    '<head><link rel="modulepreload" fetchPriority="low" href="/assets/boot-loader.js"/><style id="site-css">p{}</style>' +
    '<script type="application/ld+json">{"@type":"ProfessionalService"}</script></head><body><p>Hello</p>' +
    '<script type="application/json" id="boot-data">{"a":1}</script>' +
    '<script type="module" src="/assets/boot-loader.js" async=""></script><script>alert(1)</script></body>';
  expect(withoutScripts(html)).toBe(
    '<head><style id="site-css">p{}</style><script type="application/ld+json">{"@type":"ProfessionalService"}</script>' +
      '</head><body><p>Hello</p><script type="application/json" id="boot-data">{"a":1}</script></body>',
  );
});
