import { Fragment } from 'react';

/**
 * What must never break across lines: every hyphenated word ("clean-up", "to-do", "Step-by-Step", a call's length)
 * and every email address (a hyphenated domain would break after its hyphen). A browser breaks a line after any
 * hyphen, and no CSS property stops it.
 */
export const unbreakableWords = /[\w.+%-]+@[\w-]+(?:\.[\w-]+)+|[\p{L}\p{N}]+(?:[-‑][\p{L}\p{N}]+)+/gu;

/** Whether a text holds something that must stay on one line. */
export const hasUnbreakableWord = (text: string) => new RegExp(unbreakableWords.source, 'u').test(text);

/**
 * Text in which no hyphenated word or email address breaks across lines, wherever it falls: each sits in a span that
 * does not wrap, so the text reads, copies and is found as written (a non-breaking hyphen would not be).
 */
export function KeepTogether({ text }: { text: string }) {
  const parts = text.split(new RegExp(`(${unbreakableWords.source})`, 'gu'));
  if (parts.length === 1) return text;
  // One element around the whole text, so that a flex parent (an icon beside its text) lays it out as one item.
  return (
    <span>
      {parts.map((part, index) =>
        index % 2 ? (
          <span key={index} className="whitespace-nowrap">
            {part}
          </span>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </span>
  );
}
