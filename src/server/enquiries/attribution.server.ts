/**
 * Where an enquiry's visitor came from, as the browser sends it with the form (`attribution`): checked here,
 * bounded, and anything malformed dropped piece by piece, never a reason to refuse the enquiry.
 */
import { z } from 'zod';
import { matchAppRoute } from '../../app/routes.ts';
import { postPath } from '../../lib/blog-types.ts';
import { ctaLabels } from '../../lib/cta-labels.ts';
import { singleLine, withinLength } from '../../shared/plain-text.ts';
import { isSecretPrefix, withoutSecret } from '../secret-addresses.server.ts';

export const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const clickIdNames = ['gclid', 'fbclid', 'msclkid'] as const;

/** Text of one line, at most 200 characters, never cut inside one. */
const value = z
  .string()
  .transform((text) => withinLength(singleLine(text).trim(), 200))
  .pipe(z.string().min(1));

/** Whether a post is public under this slug (the blog store's answer when the enquiry arrives). */
export type IsPublishedPost = (slug: string) => boolean;

/**
 * The landing page as a page the site serves, the only form in which it is kept: a route's own path (`/services`),
 * a published post's address, or else the route's pattern (`/blog/*`); never a query, nor text a link's author
 * wrote into a path under a pattern ("/blog/URGENT: call 0400 000 000"), which staff and the report would show as
 * typed. An address carrying a secret keeps its prefix alone (`/blog/preview/`, `/newsletter/confirm/`: its token
 * works as a password). Undefined for a path of no route (a probe's `/wp-login.php`, `//host`, `https://…`,
 * `javascript:…`).
 */
export function landingPage(text: string, isPublishedPost: IsPublishedPost): string | undefined {
  const path = text.split(/[?#]/)[0] ?? '';
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  const kept = withoutSecret(path);
  if (isSecretPrefix(kept)) return kept;
  const { route, params } = matchAppRoute(path);
  if (route.path === '*') return undefined;
  if (!route.path.includes(':')) return route.path;
  if (route.path === postPath(':slug') && params.slug !== undefined && isPublishedPost(params.slug)) {
    return postPath(params.slug);
  }
  return route.path.replace(/:[^/]+/g, '*');
}

/** What the browser sends, and so all the server keeps: the referrer as a host name. */
const keyChecks: Partial<Record<(typeof touchKeys)[number], (text: string) => boolean>> = {
  referrer: (text) =>
    text.length <= 253 && /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i.test(text),
};

const touchSchema = z.object({
  landingPath: value,
  ...Object.fromEntries(utmKeys.map((key) => [key, value.optional()])),
  clickIds: z.array(z.enum(clickIdNames)).max(clickIdNames.length).optional(),
  referrer: value.optional(),
}) as z.ZodType<Touch>;

export type Touch = {
  landingPath: string;
  clickIds?: Array<(typeof clickIdNames)[number]>;
  referrer?: string;
} & Partial<Record<(typeof utmKeys)[number], string>>;

export interface Attribution {
  first?: Touch;
  last?: Touch;
  cta?: string;
}

/** Only a label the site's pages carry: the report and staff never show one a client made up. */
const ctaLabel = value.refine((text) => ctaLabels.has(text));

/** The stored shape: what `parseAttribution` keeps. */
export const attributionSchema = z.object({
  first: touchSchema.optional(),
  last: touchSchema.optional(),
  cta: value.optional(),
}) as z.ZodType<Attribution>;

/** Each touch's keys, in the order the CSV and the report use them. */
export const touchKeys = ['landingPath', ...utmKeys, 'clickIds', 'referrer'] as const;

/** A touch with only its well-formed keys; undefined without a landing path. */
function cleanTouch(input: unknown, isPublishedPost: IsPublishedPost): Touch | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const key of touchKeys) {
    let raw = (input as Record<string, unknown>)[key];
    // Unknown click id names are dropped one by one, the known ones kept.
    if (key === 'clickIds' && Array.isArray(raw)) raw = [...new Set(raw.filter((name) => clickIdNames.includes(name)))];
    const candidate = { landingPath: '/', [key]: raw };
    const parsed = touchSchema.safeParse(candidate);
    const parsedPiece = parsed.success ? (parsed.data as Record<string, unknown>)[key] : undefined;
    const piece =
      key === 'landingPath' && typeof parsedPiece === 'string'
        ? landingPage(parsedPiece, isPublishedPost)
        : parsedPiece;
    if (typeof piece === 'string' && keyChecks[key]?.(piece) === false) continue;
    if (piece === undefined || (Array.isArray(piece) && !piece.length)) continue;
    kept[key] = piece;
  }
  return typeof kept.landingPath === 'string' ? (kept as Touch) : undefined;
}

/** What the browser sent, cleaned; undefined when nothing of it is usable. */
export function parseAttribution(input: unknown, isPublishedPost: IsPublishedPost): Attribution | undefined {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  const { first, last, cta } = input as Record<string, unknown>;
  const attribution: Attribution = {};
  const firstTouch = cleanTouch(first, isPublishedPost);
  const lastTouch = cleanTouch(last, isPublishedPost);
  const label = ctaLabel.safeParse(cta);
  if (firstTouch) attribution.first = firstTouch;
  if (lastTouch) attribution.last = lastTouch;
  if (label.success) attribution.cta = label.data;
  return Object.keys(attribution).length ? attribution : undefined;
}

/**
 * Source / medium as Google Analytics names them: `utm_source / utm_medium`; else `<referring host> / referral`;
 * else `(direct) / (none)`.
 */
export function sourceMedium(touch: Touch | undefined): { source: string; medium: string } {
  if (touch?.utm_source || touch?.utm_medium) {
    return { source: touch.utm_source ?? '(not set)', medium: touch.utm_medium ?? '(not set)' };
  }
  if (touch?.referrer) return { source: touch.referrer, medium: 'referral' };
  return { source: '(direct)', medium: '(none)' };
}

/** `<source> / <medium> / <campaign>` of a touch, "(none)" for a missing campaign. */
export function cameFrom(touch: Touch | undefined): string {
  const { source, medium } = sourceMedium(touch);
  return `${source} / ${medium} / ${touch?.utm_campaign ?? '(none)'}`;
}

/** A touch in a line for staff: "newsletter / email / spring-launch, landing on /". */
export function describeTouch(touch: Touch): string {
  return `${cameFrom(touch)}, landing on ${touch.landingPath}`;
}
