import { usePageConfig } from '../lib/page-config.ts';
import { ContactLinks } from '../browser/components/ContactLinks.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { hubspotConfigured } from '../shared/hubspot-settings.ts';
import { privacyContact, privacyCopy as copy, privacySections } from '../content/page-copy/privacy.ts';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';

export default function PrivacyPage() {
  const { enquiryRetentionDays, bookingUrl, enquiriesEmailed, hubspot, newsletterSignup, newsletterConfirmedBy } =
    usePageConfig();
  return (
    <>
      <PageMeta title={copy.title} description={copy.description} path="/privacy" />
      <PageHero heading={copy.heading} intro={copy.intro} />
      <div className="container-page max-w-3xl space-y-12 py-16 sm:py-24">
        {privacySections(enquiryRetentionDays, {
          bookingUrl,
          emailed: enquiriesEmailed,
          hubspot: hubspotConfigured(hubspot),
          newsletter: newsletterSignup ? (newsletterConfirmedBy ?? 'email') : false,
        }).map((section) => (
          <section key={section.heading}>
            <h2 className="text-2xl font-bold text-ink">{section.heading}</h2>
            <div className="mt-4 space-y-4 text-lg leading-8 text-slate-700">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>
                  <KeepTogether text={paragraph} />
                </p>
              ))}
            </div>
          </section>
        ))}
        <section>
          <h2 className="text-2xl font-bold text-ink">{privacyContact.heading}</h2>
          <p className="mt-4 mb-4 text-lg leading-8 text-slate-700">{privacyContact.body}</p>
          <ContactLinks />
        </section>
      </div>
    </>
  );
}
