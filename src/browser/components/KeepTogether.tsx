import { Fragment } from 'react';
import { fitsOnALine, unbreakableWords } from '../../shared/unbreakable-words.ts';

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
        index % 2 && fitsOnALine(part) ? (
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
