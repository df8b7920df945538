import { ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { formPagePaths } from '../../app/routes.tsx';
import { enquiryForm } from '../../content/enquiry-form.ts';
import { leadCookieName } from '../../lib/analytics.ts';
import {
  honeypotFieldName,
  tokenFieldName,
  type EnquiryErrors,
  type EnquiryFormState,
  type EnquiryProblem,
} from '../../lib/enquiry-types.ts';
import type { Config } from '../config.server.ts';
import { escapeHtml } from '../escape-html.server.ts';
import type { NewEnquiry } from './enquiry-store.server.ts';
import { formValues, parseEnquiry } from './enquiry-input.server.ts';
import type { FormTokens } from './form-token.server.ts';

export const enquiryBodyLimit = '16kb';
const m = enquiryForm.messages;

export interface EnquiryRouteOptions {
  config: Config;
  logger: Logger;
  /** Resolves once the enquiry is durably stored. */
  store: { add(enquiry: NewEnquiry): Promise<{ id: string }> };
  /** Tells delivery that a new enquiry is waiting (forwarding and email start at once, not at their next poll). */
  wake?: () => void;
  tokens: () => Promise<FormTokens>;
  /** Renders a page with the form in the given state (a post with problems), not cached. */
  renderFormPage: (res: Response, url: string, enquiry: EnquiryFormState, status: number) => Promise<void>;
}

/** Whether the client sent JSON (fetch from the site's script) rather than a plain form post. */
const wantsJson = (req: Request) => Boolean(req.is('application/json')) || req.accepts(['html', 'json']) === 'json';

/**
 * A refusal before the form could be read (cross-site, too large, too many): JSON for fetch, a short page with
 * the studio's phone and email for a plain post, so the visitor still has a way to reach us.
 */
function refuse(req: Request, res: Response, config: Config, status: number, message: string): void {
  res.set('Cache-Control', 'no-store');
  if (wantsJson(req)) {
    res.status(status).json({ error: message, fields: {} } satisfies EnquiryProblem);
    return;
  }
  const { siteName, contactPhone, contactEmail } = config.public;
  const tel = contactPhone.replace(/[^\d+]/g, '');
  res
    .status(status)
    .type('html')
    .send(
      `<!DOCTYPE html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Your enquiry was not sent | ${escapeHtml(siteName)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1>Your enquiry was not sent</h1><p>${escapeHtml(message)}</p><p>Call us on <a href="tel:${escapeHtml(tel)}">${escapeHtml(contactPhone)}</a> or email <a href="mailto:${escapeHtml(contactEmail)}">${escapeHtml(contactEmail)}</a>.</p><p><a href="/start-project">Back to the enquiry form</a></p></body></html>`,
    );
}

/** The origins a post may come from: the public site and the address this request was sent to. */
function allowedOrigins(req: Request, config: Config): Set<string> {
  return new Set([new URL(config.public.siteUrl).origin, `${req.protocol}://${req.get('host') ?? ''}`]);
}

function parseUrl(url: string | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Refuses posts from other sites (a page elsewhere submitting a visitor's browser to us). Browsers say so in
 * Sec-Fetch-Site; older ones send Origin or Referer, checked against SITE_URL and the Host. A client that sends
 * none of them (some proxies strip them) is let through: the form token still has to be right.
 */
export function isCrossSite(req: Request, config: Config): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site === 'cross-site' || site === 'same-site';
  const origin = req.get('origin');
  if (origin) return !allowedOrigins(req, config).has(origin);
  const referer = req.get('referer');
  if (referer) return !allowedOrigins(req, config).has(parseUrl(referer)?.origin ?? '');
  return false;
}

/** The site's page the form was posted from (its path and query), when it is one that shows the form. */
function formPageOf(req: Request, config: Config): string {
  const url = parseUrl(req.get('referer'));
  if (url && allowedOrigins(req, config).has(url.origin)) {
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (formPagePaths.includes(path)) return path === '/start-project' ? `${path}${url.search}` : path;
  }
  return '/start-project';
}

function hubspotUtk(req: Request): string | undefined {
  const match = /(?:^|;\s*)hubspotutk=([0-9a-f]{32})(?:;|$)/i.exec(req.get('cookie') ?? '');
  return match?.[1];
}

const tokenMessages = {
  missing: m.tokenExpired,
  invalid: m.tokenExpired,
  expired: m.tokenExpired,
  'too-fast': m.tooFast,
} as const;

/** `POST /api/enquiries` (a plain form post or JSON) and `GET /api/enquiries/token`. */
export function createEnquiryRouter({ config, logger, store, wake, tokens, renderFormPage }: EnquiryRouteOptions) {
  const router = Router();

  router.get('/token', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ token: (await tokens()).issue() });
  });

  const crossSite: RequestHandler = (req, res, next) => {
    if (isCrossSite(req, config)) return refuse(req, res, config, 403, m.crossSite);
    next();
  };

  // Counts accepted enquiries only (a visitor correcting a typo is not held back), in the primary process when
  // there are several workers, so the limit holds for the whole server.
  const limiter = rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: config.enquiries.rateLimit,
    skipFailedRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: cluster.isWorker ? new ClusterMemoryStoreWorker({ prefix: 'enquiries' }) : undefined,
    handler: (req, res) => refuse(req, res, config, 429, m.tooMany),
  });

  const parseBody = [
    express.json({ limit: enquiryBodyLimit }),
    express.urlencoded({ limit: enquiryBodyLimit, extended: false, parameterLimit: 50 }),
  ];

  const bodyErrors: ErrorRequestHandler = (error: { status?: number; type?: string }, req, res, _next) => {
    const status = error.status === 413 ? 413 : error.status === 415 ? 415 : 400;
    refuse(req, res, config, status, status === 413 ? m.tooLarge : 'The enquiry could not be read.');
  };

  const accept: RequestHandler = async (req, res) => {
    const json = wantsJson(req);
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      const known = req.is(['application/json', 'application/x-www-form-urlencoded']);
      return refuse(req, res, config, known ? 400 : 415, 'Send the enquiry as a form post or a JSON object.');
    }
    const fields = body as Record<string, unknown>;
    const formTokens = await tokens();
    const tokenCheck = formTokens.check(fields[tokenFieldName]);
    const parsed = parseEnquiry(fields);
    if (tokenCheck !== 'valid' || !parsed.ok) {
      const errors: EnquiryErrors = parsed.ok ? {} : { ...parsed.errors };
      // A token that is merely too young becomes valid by itself; any other problem gets a fresh one.
      const token =
        tokenCheck === 'valid' || tokenCheck === 'too-fast' ? String(fields[tokenFieldName]) : formTokens.issue();
      if (tokenCheck !== 'valid') errors.form = tokenMessages[tokenCheck];
      res.set('Cache-Control', 'no-store');
      if (json) {
        const { form, ...fieldErrors } = errors;
        const problem: EnquiryProblem = {
          error: Object.values(errors)[0] ?? m.tokenExpired,
          fields: { ...fieldErrors, ...(form ? { [tokenFieldName]: form } : {}) },
          ...(tokenCheck === 'valid' ? {} : { token }),
        };
        res.status(400).json(problem);
        return;
      }
      const url = formPageOf(req, config);
      await renderFormPage(res, url, { token, path: url.split('?')[0], values: formValues(fields), errors }, 400);
      return;
    }
    // A bot that fills in the hidden field gets an ordinary-looking answer; what it sent is kept apart.
    const honeypot = fields[honeypotFieldName];
    const spam = honeypot !== undefined && honeypot !== '';
    const referer = parseUrl(req.get('referer'));
    const pageUri =
      referer && allowedOrigins(req, config).has(referer.origin)
        ? referer.href
        : `${config.public.siteUrl}${formPageOf(req, config)}`;
    let id: string;
    try {
      ({ id } = await store.add({ ...parsed.data, pageUri, hutk: hubspotUtk(req), spam }));
    } catch (error) {
      logger.error({ err: error }, 'Could not store an enquiry');
      return refuse(req, res, config, 503, m.unavailable);
    }
    logger.info({ enquiry: id, spam }, spam ? 'Enquiry received (honeypot: kept apart as spam)' : 'Enquiry received');
    if (!spam) wake?.();
    res.set('Cache-Control', 'no-store');
    if (json) {
      res.status(201).json({ id });
      return;
    }
    // The thank-you page reports the lead to analytics once, when this cookie is there (and deletes it).
    res.cookie(leadCookieName, '1', { path: '/thank-you', maxAge: 10 * 60 * 1000, sameSite: 'lax' });
    res.redirect(303, '/thank-you');
  };

  router.post('/', crossSite, limiter, ...parseBody, accept, bodyErrors);
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST').status(405).json({ error: 'Method not allowed' });
  });
  return router;
}
