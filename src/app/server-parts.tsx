import { createContext, use } from 'react';
import type { PublicConfig } from '../lib/public-config.ts';

/**
 * The parts of a page that only the server builds, from content that never changes in the browser: the studio's
 * structured data, its business details in the footer, what its clients say, who takes the consults and the
 * packages at a glance. The browser hydrates each part
 * with the markup the server wrote, read back from the page, so neither that content nor the code that builds it
 * is shipped to visitors. Why: docs/decisions/server-parts.md
 */
export interface ServerParts {
  /** The studio's JSON-LD (a ProfessionalService) in its <script> element. */
  studioStructuredData(config: PublicConfig): string;
  /** The footer's lines of business details and the studio's social profiles; '' when none is set. */
  businessDetails(): string;
  /** The footer's legal name and ABN; '' when neither is set. */
  legalName(): string;
  /** What clients say, as cards beside the packages; '' without testimonials. */
  testimonials(): string;
  /** A client's words near the consult form, in the section's tone; '' without testimonials. */
  testimonialNearForm(tone: 'dark' | 'light'): string;
  /** Who takes the consults, above the consult form, in the section's tone; '' while the team names nobody. */
  consultHost(tone: 'dark' | 'light'): string;
  /** The three packages side by side, under the home page's hero. */
  packageComparison(): string;
}

export const ServerPartsContext = createContext<ServerParts | null>(null);

/** A part's markup: built on the server; in the browser, that of the page's element with this id ('' if none). */
export function useServerPart(id: string, build: (parts: ServerParts) => string): string {
  const parts = use(ServerPartsContext);
  return parts ? build(parts) : (document.getElementById(id)?.innerHTML ?? '');
}
