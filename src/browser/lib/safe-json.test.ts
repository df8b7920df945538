import { expect, test } from 'vitest';
import { toScriptSafeJson } from './safe-json.ts';

test('nothing in the JSON can close its script element, and it still parses to the same value', () => {
  const value = { title: '</script><script>alert(1)</script> & <!-- \u2028\u2029 -->' };
  const json = toScriptSafeJson(value);
  expect(json).not.toMatch(/[<>&\u2028\u2029]/);
  expect(JSON.parse(json)).toEqual(value);
});
