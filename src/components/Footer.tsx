import { Mail as mailIcon, Phone as phoneIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { Link } from './Link.tsx';
import { useSiteConfig } from '../browser/site-config.tsx';
import { businessDetails } from '../content/business.ts';
import { footerCopy } from '../content/footer.ts';
import { copyrightYear, quickLinks } from '../content/navigation.ts';
import { planIds, planTitles } from '../content/plan-titles.ts';
import { telHref } from '../browser/lib/tel-href.ts';
import { BookConsultLink } from './BookConsultLink.tsx';
import { EmailAddress } from '../browser/components/EmailAddress.tsx';
import { FooterBusinessDetails } from './FooterBusinessDetails.tsx';
import { FooterLegalName } from './FooterLegalName.tsx';
import { Logo } from './Logo.tsx';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import { asksToBookAttribute, hidesMobileBarAttribute, ctaProps } from '../shared/page-contract.ts';

const iconClass = 'mt-0.5 size-4 shrink-0 text-sand-300';

/**
 * Every page's footer: the call to book a consult (left out where an enquiry has just been accepted, and on the
 * consult page itself, `formIsThePage`, where it would only reload the page), the site's links, and the studio's
 * contact and business details, each only when it is set (src/content/business.ts).
 */
export function Footer({ asksToBook, formIsThePage }: { asksToBook: boolean; formIsThePage: boolean }) {
  const { siteName, contactPhone, contactEmail } = useSiteConfig();
  return (
    <footer {...{ [hidesMobileBarAttribute]: true }} className="bg-harbour-900 text-slate-200">
      {asksToBook && !formIsThePage && (
        <section
          aria-labelledby="footer-cta-heading"
          className="border-b border-white/10"
          {...{ [asksToBookAttribute]: true }}
        >
          <div className="container-page flex flex-col items-start justify-between gap-6 py-12 md:flex-row md:items-center">
            <div>
              <h2 id="footer-cta-heading" className="text-2xl font-bold text-white sm:text-3xl">
                {footerCopy.ctaHeading}
              </h2>
              <p className="mt-2 text-slate-300">
                <KeepTogether text={footerCopy.ctaText} />
              </p>
            </div>
            <BookConsultLink cta="footer-book-free-consult" className="btn-primary shrink-0" icon={false} />
          </div>
        </section>
      )}
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Logo tone="light" />
          <p className="text-sm leading-6 text-slate-300">
            <KeepTogether text={footerCopy.blurb} />
          </p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold tracking-wider text-white uppercase">
            Quick links
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {quickLinks
              .filter((link) => asksToBook || link.to !== '/start-project')
              .map((link) => (
                <li key={link.to} {...{ [asksToBookAttribute]: link.to === '/start-project' ? '' : undefined }}>
                  <Link
                    to={link.to}
                    className="hover:text-sand-300"
                    {...ctaProps(link.to === '/start-project' ? 'footer-quick-link-book-free-consult' : undefined)}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="text-sm font-semibold tracking-wider text-white uppercase">
            Services
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {planIds.map((planId) => (
              <li key={planId}>
                <Link
                  to={`/start-project?plan=${planId}`}
                  className="hover:text-sand-300"
                  {...ctaProps(`footer-plan-${planId}`)}
                >
                  {planTitles[planId]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <LucideIcon icon={phoneIcon} name="phone" className={iconClass} />
              <a href={telHref(contactPhone)} className="hover:text-sand-300">
                {contactPhone}
              </a>
            </li>
            <li className="flex gap-2">
              <LucideIcon icon={mailIcon} name="mail" className={iconClass} />
              <a href={`mailto:${contactEmail}`} className="min-w-0 hover:text-sand-300">
                <EmailAddress address={contactEmail} />
              </a>
            </li>
          </ul>
          <FooterBusinessDetails details={businessDetails} />
        </div>
      </div>
      {/* The extra bottom padding under 768px is the mobile consult bar's height (h-18), so it never covers this line. */}
      <div className="border-t border-white/10">
        <div className="container-page flex flex-wrap gap-x-6 gap-y-2 pt-6 pb-24 text-sm text-slate-400 md:pb-6">
          <p>
            © {copyrightYear} {siteName}. All rights reserved.
          </p>
          <FooterLegalName details={businessDetails} />
          <p>
            <Link to="/privacy" className="underline underline-offset-4 hover:text-sand-300">
              {footerCopy.privacy}
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
