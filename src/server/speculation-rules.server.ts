import type { Request, RequestHandler } from 'express';

/**
 * Speculation rules: the browser fetches the consult page (every call to action's target) as soon as a page has
 * loaded, prerenders it where it may when the visitor shows intent, and fetches any other page of the site on hover
 * or pointer down, so that the tap shows the next page sooner than a plain load would. Delivered in a header
 * pointing to this file, never in an inline script: the CSP allows none. Why: docs/decisions/speculation-rules.md
 */
export const speculationRulesPath = '/speculation-rules.json';

/** Never fetched ahead: the API, a post's private preview, the page that only means something after a post. */
const neverSpeculated = ['/api/*', '/blog/preview/*', '/thank-you', '/thank-you/', '/*.*'];
/**
 * Nor any address with a query: the server renders from it (a chosen plan, a category, a page number), and each such
 * link is fetched as a plain load, with its query, when it is followed.
 */
const withQuery = "a[href*='?']";

const consultPage = '/start-project';

/** The rules, in the JSON the `Speculation-Rules` header points to. */
export const speculationRules = {
  prefetch: [
    // Only this exact address: a package button's `?plan=` link is another one, loaded with its plan.
    { source: 'list', urls: [consultPage], eagerness: 'immediate' },
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: neverSpeculated } },
          { not: { selector_matches: withQuery } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
  prerender: [{ source: 'list', urls: [consultPage], eagerness: 'moderate' }],
};

const body = JSON.stringify(speculationRules);

/** The value of a page's `Speculation-Rules` header: a structured-field list of one string. */
export const speculationRulesHeader = `"${speculationRulesPath}"`;

/** Serves the rules with the type the browser requires of them; a release may change them, so an hour's cache. */
export const serveSpeculationRules: RequestHandler = (_req, res) => {
  res.type('application/speculationrules+json').set('Cache-Control', 'public, max-age=3600').send(body);
};

/**
 * A request the browser makes ahead of a navigation (`Sec-Purpose: prefetch`, or `prefetch;prerender`): served like
 * any view, but no visit yet, since the visitor may never see it.
 */
export const isSpeculativeRequest = (req: Pick<Request, 'headers'>): boolean =>
  /^prefetch\b/.test(String(req.headers['sec-purpose'] ?? ''));
