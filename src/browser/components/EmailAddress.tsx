/**
 * An email address that may wrap after its @ and nowhere else: a long one never breaks mid-word, nor after a hyphen in
 * its domain.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@') + 1;
  return (
    <span className="break-normal">
      <span className="whitespace-nowrap">{address.slice(0, at)}</span>
      <wbr />
      <span className="whitespace-nowrap">{address.slice(at)}</span>
    </span>
  );
}
