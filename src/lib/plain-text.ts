/**
 * What a visitor types is shown to staff in terminals, spreadsheets, emails and HubSpot. Characters that change
 * how the rest of a line reads there (line breaks that forge a new "email:" line, terminal escapes, bidi overrides
 * that reverse `gnp.exe`) are taken out here, once, before anything is stored.
 */

/** Line breaks and other vertical or tab whitespace, including Unicode's line and paragraph separators. */
const breaks = /[\r\n\t\v\f\u0085\u2028\u2029]+/g;
/** Bidi embeddings, overrides and isolates, and the invisible direction marks: U+202A–E, U+2066–9, LRM, RLM, ALM. */
const bidiControls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
/** C0 and C1 control characters (escape sequences, NUL, DEL…). */
const controls = /\p{Cc}/gu;
/** The same, but for line feeds and tabs, which a message keeps. */
const controlsButLinesAndTabs = /(?![\n\t])\p{Cc}/gu;

/** One line: line breaks and tabs become one space; control characters and bidi controls are removed. */
export function singleLine(text: string): string {
  return text.replace(breaks, ' ').replace(controls, '').replace(bidiControls, '').replace(/ {2,}/g, ' ');
}

/** Several lines: every line break becomes `\n`; control characters (but tabs) and bidi controls are removed. */
export function multiLine(text: string): string {
  return text
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(controlsButLinesAndTabs, '')
    .replace(bidiControls, '');
}
