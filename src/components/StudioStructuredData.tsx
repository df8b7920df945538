import { useServerPart } from '../app/server-parts.tsx';
import { useSiteConfig } from '../app/site-config.tsx';

const elementId = 'studio-structured-data';

/**
 * The studio, its details and its packages and add-ons as offers, for search engines: a JSON-LD block the server
 * builds, in an element of its own (which takes no room on the page).
 */
export function StudioStructuredData() {
  const config = useSiteConfig();
  const html = useServerPart(elementId, (parts) => parts.studioStructuredData(config));
  return <div id={elementId} dangerouslySetInnerHTML={{ __html: html }} />;
}
