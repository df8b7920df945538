import { usePageConfig } from '../lib/page-config.ts';
import { businessDetails } from '../content/business.ts';
import { studioSchema } from '../lib/structured-data.ts';
import { JsonLd } from './JsonLd.tsx';

/** The studio, its details and its packages and add-ons as offers, for search engines. */
export function StudioStructuredData() {
  const config = usePageConfig();
  return <JsonLd data={studioSchema(config, businessDetails)} />;
}
