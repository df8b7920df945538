import type { BusinessDetails } from '../content/business.ts';
import { formatAbn } from '../lib/business-details.ts';

/** The studio's legal name and ABN, as far as they are set; an ABN never breaks. Built on the server only. */
export function FooterLegalName({ details: { legalName, abn } }: { details: BusinessDetails }) {
  if (!legalName && !abn) return null;
  return (
    <>
      {legalName}
      {legalName && abn && ' · '}
      {abn && <span className="whitespace-nowrap">ABN {formatAbn(abn)}</span>}
    </>
  );
}
