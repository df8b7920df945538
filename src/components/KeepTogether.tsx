/**
 * Text in which a phrase never breaks across lines, wherever it falls (the consult's length would otherwise break
 * after its hyphen): the phrase sits in a span that does not wrap. The text reads and copies as written.
 */
export function KeepTogether({ text, phrase }: { text: string; phrase: string }) {
  const at = text.indexOf(phrase);
  if (at === -1) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className="whitespace-nowrap">{phrase}</span>
      {text.slice(at + phrase.length)}
    </>
  );
}
