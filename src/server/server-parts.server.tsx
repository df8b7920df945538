import { renderToStaticMarkup } from 'react-dom/server';
import type { ServerParts } from '../app/server-parts.tsx';
import { ConsultHost } from '../components/ConsultHost.tsx';
import { FooterBusinessDetails } from '../components/FooterBusinessDetails.tsx';
import { FooterLegalName } from '../components/FooterLegalName.tsx';
import { PackageComparison } from '../components/PackageComparison.tsx';
import { TestimonialCard } from '../components/TestimonialCard.tsx';
import { Testimonials } from '../components/Testimonials.tsx';
import { businessDetails } from '../content/business.ts';
import { testimonials, type Testimonial } from '../content/testimonials.ts';
import { toScriptSafeJson } from '../lib/safe-json.ts';
import { studioSchema } from '../lib/structured-data.ts';

/** The shortest of the clients' words: the one near a form, where it must take few lines on a phone. */
const shortestTestimonial = testimonials.reduce<Testimonial | undefined>(
  (shortest, testimonial) => (shortest && shortest.quote.length <= testimonial.quote.length ? shortest : testimonial),
  undefined,
);

/** The parts of pages the server alone builds (src/app/server-parts.tsx), from the studio's content files. */
export const serverParts: ServerParts = {
  studioStructuredData: (config) =>
    `<script type="application/ld+json">${toScriptSafeJson(studioSchema(config, businessDetails))}</script>`,
  businessDetails: () => renderToStaticMarkup(<FooterBusinessDetails details={businessDetails} />),
  legalName: () => renderToStaticMarkup(<FooterLegalName details={businessDetails} />),
  testimonials: () => renderToStaticMarkup(<Testimonials testimonials={testimonials} />),
  testimonialNearForm: (tone) =>
    shortestTestimonial
      ? renderToStaticMarkup(<TestimonialCard testimonial={shortestTestimonial} tone={tone} size="compact" />)
      : '',
  consultHost: (tone) => renderToStaticMarkup(<ConsultHost tone={tone} />),
  packageComparison: () => renderToStaticMarkup(<PackageComparison />),
};
