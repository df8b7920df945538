import { useSiteConfig } from '../app/site-config.tsx';
import { businessDetails } from '../content/business.ts';
import { studioSchema } from '../lib/structured-data.ts';
import { JsonLd } from './JsonLd.tsx';

/** The studio, its details and its packages and add-ons as offers, from the same content the pages show. */
export function StudioStructuredData() {
  return <JsonLd data={studioSchema(useSiteConfig(), businessDetails)} />;
}
