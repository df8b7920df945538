import { renderToStaticMarkup } from 'react-dom/server';
import type { ServerParts } from '../app/server-parts.tsx';
import { FooterBusinessDetails } from '../components/FooterBusinessDetails.tsx';
import { FooterLegalName } from '../components/FooterLegalName.tsx';
import { TestimonialCard } from '../components/TestimonialCard.tsx';
import { Testimonials } from '../components/Testimonials.tsx';
import { businessDetails } from '../content/business.ts';
import { testimonials } from '../content/testimonials.ts';
import { toScriptSafeJson } from '../lib/safe-json.ts';
import { studioSchema } from '../lib/structured-data.ts';

/** The parts of pages the server alone builds (src/app/server-parts.tsx), from the studio's content files. */
export const serverParts: ServerParts = {
  studioStructuredData: (config) =>
    `<script type="application/ld+json">${toScriptSafeJson(studioSchema(config, businessDetails))}</script>`,
  businessDetails: () => renderToStaticMarkup(<FooterBusinessDetails details={businessDetails} />),
  legalName: () => renderToStaticMarkup(<FooterLegalName details={businessDetails} />),
  testimonials: () => renderToStaticMarkup(<Testimonials testimonials={testimonials} />),
  testimonialNearForm: (tone) =>
    testimonials[0] ? renderToStaticMarkup(<TestimonialCard testimonial={testimonials[0]} tone={tone} />) : '',
};
