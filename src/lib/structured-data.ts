import type { FAQPage, Offer, ProfessionalService, WithContext } from 'schema-dts';
import type { FaqItem } from '../content/faq.ts';
import { allPlans, type Package } from '../content/packages.ts';
import type { PublicConfig } from '../server/config.server.ts';

/** A fixed price in AUD from the package's price text ("$1,500" → "1500"); custom pricing has none. */
function priceOf(plan: Package): string | undefined {
  const match = /^\$([\d,]+)/.exec(plan.price);
  return match?.[1]?.replace(/,/g, '');
}

export function planOffers(config: PublicConfig): Offer[] {
  return allPlans.map((plan) => {
    const price = priceOf(plan);
    return {
      '@type': 'Offer',
      name: plan.title,
      description: plan.outcome,
      url: `${config.siteUrl}/start-project?plan=${plan.planId}`,
      priceCurrency: 'AUD',
      ...(price
        ? {
            price,
            ...(plan.priceNote === 'per month'
              ? {
                  priceSpecification: {
                    '@type': 'UnitPriceSpecification',
                    price,
                    priceCurrency: 'AUD',
                    unitCode: 'MON',
                  },
                }
              : {}),
          }
        : {}),
    };
  });
}

export function studioSchema(config: PublicConfig): WithContext<ProfessionalService> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${config.siteUrl}/#studio`,
    name: config.siteName,
    url: config.siteUrl,
    telephone: config.contactPhone,
    email: config.contactEmail,
    image: `${config.siteUrl}/og-default.png`,
    logo: `${config.siteUrl}/icon-512.png`,
    description:
      'Fixed-price marketing packages for Newcastle small businesses, with a local email newsletter of 5,000+ subscribers.',
    address: { '@type': 'PostalAddress', addressLocality: 'Newcastle', addressRegion: 'NSW', addressCountry: 'AU' },
    areaServed: { '@type': 'City', name: 'Newcastle, NSW' },
    priceRange: '$750–$3,000',
    makesOffer: planOffers(config),
  };
}

export function faqSchema(items: readonly FaqItem[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
