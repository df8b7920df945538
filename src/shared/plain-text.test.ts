import { describe, expect, test } from 'vitest';
import { multiLine, singleLine, wellFormed, withinLength } from './plain-text.ts';

describe('plain text', () => {
  test('one line has no zero-width or other format character, so equal-looking values are equal', () => {
    expect(singleLine('goo\u200Bgle')).toBe('google');
    expect(singleLine('\uFEFFcpc\u00AD')).toBe('cpc');
    expect(singleLine('Ada\u2060 Love\u200Blace\u202E\u2066')).toBe('Ada Lovelace');
  });

  test('one line keeps the joiner and non-joiner that names and emoji sequences need', () => {
    // A Persian name spelt with a zero-width non-joiner, and a family emoji joined by zero-width joiners.
    const name = '\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645';
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
    expect(singleLine(`${name} ${family}`)).toBe(`${name} ${family}`);
    expect(singleLine(`\u200B${name}\u00AD\uFEFF\u202E`)).toBe(name);
  });

  test('a lone surrogate becomes U+FFFD in one line and in several; a whole emoji stays', () => {
    const emoji = '\u{1F600}';
    expect(wellFormed(`a\uD83D b\uDE00 ${emoji}`)).toBe(`a\uFFFD b\uFFFD ${emoji}`);
    expect(singleLine('Ada\uD800')).toBe('Ada\uFFFD');
    expect(multiLine('one\n\uDFFFtwo')).toBe('one\n\uFFFDtwo');
  });

  test('a text is cut at its limit, never inside a character', () => {
    const emoji = '\u{1F600}';
    expect(withinLength(`${'a'.repeat(199)}${emoji}`, 200)).toBe('a'.repeat(199));
    expect(withinLength(`${'a'.repeat(198)}${emoji}`, 200)).toBe(`${'a'.repeat(198)}${emoji}`);
    expect(withinLength('short', 200)).toBe('short');
  });
});
