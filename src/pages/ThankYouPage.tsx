import { useSiteConfig } from '../browser/site-config.tsx';
import { BookTimeLink } from '../browser/components/BookTimeLink.tsx';
import { Link } from '../components/Link.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { bookTime } from '../content/booking.ts';
import { thankYouCopy as copy, thankYouNextSteps } from '../content/page-copy/thank-you.ts';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import { enquiryAcceptedAttribute, ctaProps } from '../shared/page-contract.ts';

/**
 * Where a plain form post lands (303). Not indexed, and not in the sitemap: it only means something after a post.
 * Nothing on it asks to book a consult again: the layout leaves out the mobile bar and the footer's call. A plain
 * script reports the lead of a plain post, and puts the visitor's name and email in the booking link when this tab
 * kept them (src/browser/lib/page-behaviours.ts): the page's HTML is the same for everyone.
 */
export default function ThankYouPage() {
  const { bookingUrl } = useSiteConfig();
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/thank-you" noindex />
      {/* With a scheduling page, booking is the next step: first thing under the heading, not a footnote. */}
      <PageHero eyebrow="Enquiry sent" heading={copy.heading} intro={bookingUrl ? bookTime.lead : copy.intro}>
        {bookingUrl && <BookTimeLink href={bookingUrl} />}
      </PageHero>
      {/* The boot loader clears the enquiry form's draft on a page that carries this mark (src/browser/lib/enquiry-draft.ts). */}
      <section
        aria-labelledby="next-steps-heading"
        className="py-16 sm:py-24"
        {...{ [enquiryAcceptedAttribute]: true }}
      >
        <div className="container-page max-w-3xl">
          <h2 id="next-steps-heading" className="text-3xl font-extrabold tracking-tight text-ink">
            {thankYouNextSteps.heading}
          </h2>
          <ol className="mt-6 list-decimal space-y-3 pl-6 text-lg leading-8 text-slate-700">
            {(bookingUrl ? thankYouNextSteps.stepsWithBooking : thankYouNextSteps.steps).map((step) => (
              <li key={step}>
                <KeepTogether text={step} />
              </li>
            ))}
          </ol>
          <h2 className="mt-12 text-2xl font-bold text-ink">{thankYouNextSteps.meanwhile}</h2>
          <div className="mt-6 flex flex-wrap gap-3">
            {/* One line on a phone: its padding and type are a little smaller there. */}
            <Link
              to="/blog"
              className="btn-dark px-4 text-[15px] whitespace-nowrap sm:px-5 sm:text-base"
              {...ctaProps('thank-you-blog')}
            >
              {thankYouNextSteps.blogLink}
            </Link>
            <Link to="/services" className="btn-outline" {...ctaProps('thank-you-services')}>
              {thankYouNextSteps.servicesLink}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
