import { useSiteConfig } from '../app/site-config.tsx';
import { studioSchema } from '../lib/structured-data.ts';
import { JsonLd } from './JsonLd.tsx';

/** The studio, its packages and add-ons as offers, from the same content the cards show. */
export function StudioStructuredData() {
  return <JsonLd data={studioSchema(useSiteConfig())} />;
}
