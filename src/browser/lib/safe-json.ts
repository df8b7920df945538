const unsafe = /[<>&\u2028\u2029]/g;
const escapes: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON that is safe inside a <script> element: no character in it can close the element or start markup. */
export function toScriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(unsafe, (character) => escapes[character] ?? character);
}
