import { Fragment } from 'react';

/**
 * An email address that may wrap after its @ and its domain's dots, and nowhere else: a long one never breaks
 * mid-word, nor after a hyphen in its domain.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@') + 1;
  const labels = address.slice(at).split('.');
  return (
    <span className="break-normal">
      <span className="whitespace-nowrap">{address.slice(0, at)}</span>
      {labels.map((label, index) => (
        <Fragment key={index}>
          <wbr />
          <span className="whitespace-nowrap">{index < labels.length - 1 ? `${label}.` : label}</span>
        </Fragment>
      ))}
    </span>
  );
}
