import type { BusinessDetails } from '../content/business.ts';
import { formatAbn } from '../lib/business-details.ts';

/** The footer's line of the studio's legal name and ABN, as far as they are set; an ABN never breaks. */
export function FooterLegalName({ details: { legalName, abn } }: { details: BusinessDetails }) {
  if (!legalName && !abn) return null;
  return (
    <p>
      {legalName}
      {legalName && abn && ' · '}
      {abn && <span className="whitespace-nowrap">ABN {formatAbn(abn)}</span>}
    </p>
  );
}
