import type { SitePath } from './navigation.ts';
import { newsletterLinkLabels } from './newsletter.ts';
import { claims, formatDuration, foundingOffer, planTerms, pricesIncludeGst } from './offer.ts';
import { formatMinimumTerm, formatPrice, foundingRegularPrice, planPriceSummary } from './offer-prices.ts';

const timelines = {
  boost: formatDuration(planTerms['visibility-boost'].timeline),
  launch: formatDuration(planTerms['local-launch'].timeline),
  growth: formatDuration(planTerms.growth.timeline),
};

export interface FaqItem {
  readonly question: string;
  readonly answer: string;
  /** A page that says more, linked after the answer. */
  readonly link?: { readonly to: SitePath; readonly label: string };
}

export const faqItems: readonly FaqItem[] = [
  {
    question: "What's included in each package?",
    answer: `Visibility Boost (${planPriceSummary('visibility-boost')}, delivered in ${timelines.boost}) gets your Google Business Profile and local listings in shape and features you in our newsletter. The Local Launch Pack (${planPriceSummary('local-launch')}, delivered in ${timelines.launch}) adds a written plan, social media set-up, launch content and a launch offer. Growth Partner (${planPriceSummary('growth')}) covers ongoing content, newsletter placements and monthly reporting.`,
  },
  {
    question: 'How quickly do you start?',
    answer: `Work starts within ${claims.start} of you confirming your package. Visibility Boost is delivered in ${timelines.boost}, the Local Launch Pack in ${timelines.launch}, and Growth Partner builds results over ${timelines.growth}.`,
  },
  {
    question: 'Who reads your newsletter?',
    answer: `Our local email newsletter goes to ${claims.subscribers} subscribers, with an average open rate of about ${claims.openRate}. That gives your business a built-in local audience instead of starting from zero.`,
    link: { to: '/newsletter', label: newsletterLinkLabels.faq },
  },
  {
    question: `What happens in the free ${claims.consult} consult?`,
    answer:
      "It's a quick call to learn about your business and goals, and to tell you which package (if any) is the right fit. There's no cost and no obligation.",
  },
  {
    question: 'Am I locked into a contract?',
    answer: `Visibility Boost and the Local Launch Pack are fixed-price projects with no ongoing commitment. Growth Partner is ${planPriceSummary('growth')}, with a ${formatMinimumTerm(planTerms.growth.price.minimumMonths)}, because local marketing needs a few months to build momentum.`,
  },
  {
    question: 'How much do the add-ons cost?',
    answer:
      "Paid Ads Management, Additional Content and Advanced SEO have custom pricing, quoted to your goals. You'll get a clear quote before any work begins.",
  },
  {
    question: 'Do your prices include GST?',
    answer: pricesIncludeGst
      ? 'Yes. Every price on our site includes GST, so the price you see is the price you pay.'
      : 'No. Every price on our site is shown without GST, which is added to your invoice.',
  },
  ...(foundingOffer.open
    ? [
        {
          question: 'What is the founding rate?',
          answer: `Our first ${foundingOffer.places} clients get the Local Launch Pack at a founding rate of ${formatPrice(foundingOffer.price)} instead of the regular ${formatPrice(foundingRegularPrice())} (both ${claims.gst}). Once those ${foundingOffer.places} spots are filled, the founding rate closes.`,
        },
      ]
    : []),
  {
    question: 'What kinds of businesses do you work with?',
    answer:
      'We work with local business owners, including cafes and restaurants, professional services, trades and home services, retail shops and fitness businesses. If your customers are local, we can most likely help.',
  },
  {
    question: 'How quickly will you reply to my enquiry?',
    answer: `We reply to every enquiry within ${claims.reply}. Send us a message or book your free ${claims.consult} consult and we'll be in touch.`,
  },
  {
    question: 'Do I need a new website?',
    answer:
      "Not usually. Our packages work with the website you already have, and a strong Google Business Profile plus our newsletter can bring in customers even if you don't have one. If your site is holding you back, we'll tell you honestly in your consult.",
  },
];
