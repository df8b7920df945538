import { Router } from 'express';
import type { IncomingMessage } from 'node:http';

// Speculation rules: the browser fetches the consult page (every call to action's target) as soon as a page has
// loaded, prerenders it where it may when the visitor shows intent, and fetches any other page of the site on hover
// or pointer down, so that the tap shows the next page sooner than a plain load would. Delivered in a header
// pointing to a JSON file, never in an inline script: the CSP allows none. Why: docs/decisions/speculation-rules.md

/**
 * Never fetched ahead: the API, a post's private preview, the pages that only mean something after a post (the
 * enquiry's thanks, the newsletter's pages under /newsletter/), and files (the feed, images), which are no pages.
 */
const neverSpeculated = ['/api/*', '/blog/preview/*', '/thank-you', '/thank-you/', '/newsletter/*', '/*.*'];
/**
 * Nor any address with a query: the server renders from it (a chosen plan, a category, a page number), and each such
 * link is fetched as a plain load, with its query, when it is followed.
 */
const withQuery = "a[href*='?']";

const consultPage = '/start-project';

const onIntent = {
  source: 'document',
  where: {
    and: [{ href_matches: '/*' }, { not: { href_matches: neverSpeculated } }, { not: { selector_matches: withQuery } }],
  },
  eagerness: 'moderate',
};

/** The rules of every page but the consult page, in the JSON the `Speculation-Rules` header points to. */
export const speculationRules = {
  prefetch: [
    // Only this exact address: a package button's `?plan=` link is another one, loaded with its plan.
    { source: 'list', urls: [consultPage], eagerness: 'immediate' },
    onIntent,
  ],
  prerender: [{ source: 'list', urls: [consultPage], eagerness: 'moderate' }],
};

/** The consult page's own rules: it does not fetch itself again. */
export const consultPageSpeculationRules = { prefetch: [onIntent] };

const rulesFiles = {
  '/speculation-rules.json': JSON.stringify(speculationRules),
  '/speculation-rules-consult-page.json': JSON.stringify(consultPageSpeculationRules),
};

/** The value of the `Speculation-Rules` header of the page at `path`: a structured-field list of one string. */
export const speculationRulesHeader = (path: string): string =>
  `"${path === consultPage ? '/speculation-rules-consult-page.json' : '/speculation-rules.json'}"`;

/** Serves the rules with the type the browser requires of them; a release may change them, so an hour's cache. */
export function speculationRulesRouter(): Router {
  const router = Router();
  for (const [path, body] of Object.entries(rulesFiles)) {
    router.get(path, (_req, res) => {
      res.type('application/speculationrules+json').set('Cache-Control', 'public, max-age=3600').send(body);
    });
  }
  return router;
}

/**
 * A page the browser fetched ahead of a navigation (`Sec-Purpose: prefetch`, or `prefetch;prerender`): served like
 * any view, but no visit yet, since the visitor may never see it. Any client can send the header, so it marks only
 * what a browser fetches ahead, a `GET` or `HEAD` for a page answered 200 or 304, never a post, an API call, a file
 * or a refusal.
 */
export function isSpeculativeView(
  req: Pick<IncomingMessage, 'method' | 'headers' | 'url'> & { originalUrl?: string },
  statusCode: number,
): boolean {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0] ?? '';
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    (statusCode === 200 || statusCode === 304) &&
    !/^\/api(?:\/|$)/.test(path) &&
    !/\.[^/]*$/.test(path) &&
    /^prefetch\b/.test(String(req.headers['sec-purpose'] ?? ''))
  );
}
