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

/**
 * Invisible format characters (zero-width space, soft hyphen, byte order mark, word joiner, bidi controls…): in one
 * line they only make two equal-looking values differ ("goo\u200Bgle" beside "google"). The zero-width joiner and
 * non-joiner stay: Persian and Indic names need them to be spelt right, and emoji sequences (a family, a flag with a
 * sign) need the joiner to stay one picture.
 */
const formatCharacters = /(?![\u200C\u200D])\p{Cf}/gu;

/**
 * Text that is well-formed Unicode: a lone surrogate (half of an emoji cut in two, or sent on purpose) becomes
 * U+FFFD, so that nothing downstream (PostgreSQL's JSON, an email, a CSV) refuses it.
 */
export function wellFormed(text: string): string {
  return text.toWellFormed();
}

/**
 * One line: line breaks and tabs become one space; control, format and bidi characters are removed; a lone
 * surrogate is repaired.
 */
export function singleLine(text: string): string {
  return wellFormed(text)
    .replace(breaks, ' ')
    .replace(controls, '')
    .replace(formatCharacters, '')
    .replace(/ {2,}/g, ' ');
}

/**
 * Several lines: every line break becomes `\n`; control characters (but tabs) and bidi controls are removed; a
 * lone surrogate is repaired.
 */
export function multiLine(text: string): string {
  return wellFormed(text)
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .replace(controlsButLinesAndTabs, '')
    .replace(bidiControls, '');
}

/** At most `max` UTF-16 units, never half a surrogate pair. */
export function withinLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}
