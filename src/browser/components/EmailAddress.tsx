/** An email address that may wrap after its @ and nowhere else: a long one never breaks mid-word. */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@') + 1;
  return (
    <span className="break-normal">
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </span>
  );
}
