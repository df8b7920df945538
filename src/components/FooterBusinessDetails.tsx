import { Clock as clockIcon, MapPin as mapPinIcon } from 'lucide';
import type { BusinessDetails } from '../content/business.ts';
import { footerCopy } from '../content/footer.ts';
import { formatAddress, formatHours } from '../lib/business-details.ts';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';

const iconClass = 'mt-0.5 size-4 shrink-0 text-sand-300';

/** The footer's lines of the studio's details, under its phone and email: each only when it is set. */
export function FooterBusinessDetails({ details }: { details: BusinessDetails }) {
  const { address, serviceArea, hours = [], socialProfiles = [] } = details;
  if (!address && !serviceArea && hours.length === 0 && socialProfiles.length === 0) return null;
  return (
    <>
      <ul className="mt-3 space-y-3 text-sm">
        {address && (
          <li className="flex gap-2">
            <LucideIcon icon={mapPinIcon} name="map-pin" className={iconClass} />
            <span>{formatAddress(address)}</span>
          </li>
        )}
        {serviceArea && (
          <li className="flex gap-2">
            <LucideIcon icon={mapPinIcon} name="map-pin" className={iconClass} />
            <span>
              {footerCopy.serving} {serviceArea}
            </span>
          </li>
        )}
        {hours.map((entry) => (
          <li key={formatHours(entry)} className="flex gap-2">
            <LucideIcon icon={clockIcon} name="clock" className={iconClass} />
            <span>{formatHours(entry)}</span>
          </li>
        ))}
      </ul>
      {socialProfiles.length > 0 && (
        <ul aria-label={footerCopy.social} className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {socialProfiles.map((profile) => (
            <li key={profile.url}>
              <a href={profile.url} className="underline underline-offset-4 hover:text-sand-300">
                {profile.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
