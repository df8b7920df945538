import type { FAQPage, Offer, ProfessionalService, WebPage, WithContext } from 'schema-dts';
import type { BusinessDetails } from '../content/business.ts';
import type { FaqItem } from '../content/faq.ts';
import { newsletterSummary } from '../content/newsletter.ts';
import { claims, currency, pricesIncludeGst, type Price } from '../content/offer.ts';
import { currentPrice, priceRange } from '../content/offer-prices.ts';
import { allPlans } from '../content/packages.ts';
import type { PublicConfig } from '../browser/lib/public-config.ts';
import { abnDigits } from './business-details.ts';

/**
 * A fixed price's amount, and whether it includes GST; a monthly one also as a price per month (UN/CEFACT unit
 * code MON).
 */
function priceOffer(price: Price): Pick<Offer, 'price' | 'priceCurrency' | 'priceSpecification'> {
  const specification = {
    price: price.amount,
    priceCurrency: price.currency,
    valueAddedTaxIncluded: pricesIncludeGst,
  };
  return {
    priceCurrency: price.currency,
    price: price.amount,
    priceSpecification:
      price.unit === 'month'
        ? { '@type': 'UnitPriceSpecification', ...specification, unitCode: 'MON' }
        : { '@type': 'PriceSpecification', ...specification },
  };
}

export function planOffers(config: PublicConfig): Offer[] {
  return allPlans.map((plan) => {
    const price = currentPrice(plan.planId);
    return {
      '@type': 'Offer',
      name: plan.title,
      description: plan.outcome,
      url: `${config.siteUrl}/start-project?plan=${plan.planId}`,
      ...(price === 'custom' ? { priceCurrency: currency } : priceOffer(price)),
    };
  });
}

/**
 * The studio as search engines read it: the site's name, phone and email (settings), each business detail the
 * studio has set in src/content/business.ts (none is guessed), and its packages as offers.
 */
export function studioSchema(config: PublicConfig, details: BusinessDetails): WithContext<ProfessionalService> {
  const { legalName, abn, address, serviceArea, hours, socialProfiles } = details;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': `${config.siteUrl}/#studio`,
    name: config.siteName,
    ...(legalName ? { legalName } : {}),
    ...(abn ? { taxID: abnDigits(abn) } : {}),
    url: config.siteUrl,
    telephone: config.contactPhone,
    email: config.contactEmail,
    image: `${config.siteUrl}/og-default.png`,
    logo: `${config.siteUrl}/icon-512.png`,
    description: `Fixed-price marketing packages for Newcastle small businesses, with a local email newsletter of ${claims.subscribers} subscribers.`,
    ...(address
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: address.street,
            addressLocality: address.suburb,
            addressRegion: address.state,
            postalCode: address.postcode,
            addressCountry: 'AU',
          },
        }
      : {}),
    ...(serviceArea ? { areaServed: { '@type': 'Place', name: serviceArea } } : {}),
    ...(hours?.length
      ? {
          openingHoursSpecification: hours.map((entry) => ({
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: [...entry.days],
            opens: entry.opens,
            closes: entry.closes,
          })),
        }
      : {}),
    ...(socialProfiles?.length ? { sameAs: socialProfiles.map((profile) => profile.url) } : {}),
    priceRange: priceRange(),
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

/** /newsletter: the page, about the studio's newsletter as a periodical it publishes. */
export function newsletterSchema(
  config: PublicConfig,
  page: { name: string; description: string; path: string },
): WithContext<WebPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: page.name,
    description: page.description,
    url: `${config.siteUrl}${page.path}`,
    mainEntity: {
      '@type': 'Periodical',
      name: `${config.siteName} newsletter`,
      description: newsletterSummary,
      inLanguage: 'en-AU',
      isAccessibleForFree: true,
      publisher: {
        '@type': 'Organization',
        '@id': `${config.siteUrl}/#studio`,
        name: config.siteName,
        url: config.siteUrl,
      },
    },
  };
}
