import { describe, expect, test } from 'vitest';
import { multiLine, singleLine, wellFormed, withinLength } from './plain-text.ts';

describe('plain text', () => {
  test('one line has no zero-width or other format character, so equal-looking values are equal', () => {
    expect(singleLine('goo\u200Bgle')).toBe('google');
    expect(singleLine('\uFEFFcpc\u00AD')).toBe('cpc');
    expect(singleLine('Ada\u2060 Love\u200Dlace\u202E')).toBe('Ada Lovelace');
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
