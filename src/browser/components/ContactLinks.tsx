import { Mail as mailIcon, Phone as phoneIcon } from 'lucide';
import { LucideIcon } from '../icons/LucideIcon.tsx';
import { useSiteConfig } from '../site-config.tsx';
import { EmailAddress } from './EmailAddress.tsx';
import { telHref } from '../lib/tel-href.ts';
import { ctaProps } from '../../shared/page-contract.ts';

const linkClass =
  'inline-flex min-h-11 items-center gap-3 rounded-lg font-semibold text-harbour-700 underline decoration-harbour-700/30 underline-offset-4 hover:decoration-harbour-700';
const iconClass = 'flex size-9 shrink-0 items-center justify-center rounded-full bg-sea-50 text-sea-700';

/** The studio's phone and email as links: the way to reach us when the form cannot. */
export function ContactLinks() {
  const { contactPhone, contactEmail } = useSiteConfig();
  return (
    <ul className="flex flex-col gap-x-8 gap-y-1 sm:flex-row sm:flex-wrap">
      <li>
        <a href={telHref(contactPhone)} className={linkClass} {...ctaProps('contact-call')}>
          <span className={iconClass}>
            <LucideIcon icon={phoneIcon} name="phone" className="size-4" />
          </span>
          {contactPhone}
        </a>
      </li>
      <li className="min-w-0">
        <a href={`mailto:${contactEmail}`} className={linkClass} {...ctaProps('contact-email')}>
          <span className={iconClass}>
            <LucideIcon icon={mailIcon} name="mail" className="size-4" />
          </span>
          <EmailAddress address={contactEmail} />
        </a>
      </li>
    </ul>
  );
}
