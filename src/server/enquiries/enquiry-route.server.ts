import { ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { MemoryStore, rateLimit, type Store } from 'express-rate-limit';
import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { formPagePaths } from '../../app/routes.ts';
import { enquiryFieldTable, enquiryForm, type EnquiryField } from '../../content/enquiry-form.ts';
import { leadCookieName } from '../../browser/lib/analytics.ts';
import { withoutTrailingSlashes } from '../../lib/path.ts';
import {
  formPageFieldName,
  honeypotFieldName,
  tokenFieldName,
  type EnquiryErrors,
  type EnquiryFormState,
  type EnquiryProblem,
} from '../../browser/lib/enquiry-types.ts';
import type { Config } from '../config.server.ts';
import { errorPage } from '../error-page.server.ts';
import { escapeHtml } from '../escape-html.server.ts';
import type { IsPublishedPost } from './attribution.server.ts';
import type { EnquiryRecords, StoreConnection } from './enquiry-store.server.ts';
import { formValues, parseEnquiry } from './enquiry-input.server.ts';
import { sharedLimitsToPrimary } from '../cluster.server.ts';
import { FallbackRateLimitStore, outageWarning } from './fallback-rate-limit-store.server.ts';
import type { FormTokens } from './form-token.server.ts';

export const enquiryBodyLimit = '16kb';
/** Failed enquiry posts one address may make in a minute (every instance together). */
export const failedPostsPerMinute = 100;
/**
 * Refused plain posts one address may have answered with the whole page (its errors beside the fields) in ten
 * minutes, or ENQUIRY_RATE_LIMIT if higher; past that, the short page a 429 uses.
 */
export const fullRefusalsPerTenMinutes = 10;
const m = enquiryForm.messages;

export interface EnquiryRouteOptions {
  config: Config;
  logger: Logger;
  /** Resolves once the enquiry is durably stored; `health` says whether it can store one now. */
  store: Pick<EnquiryRecords, 'add'> & Pick<StoreConnection, 'health'>;
  /**
   * Where each rate limit counts, by its name (shared by every instance with a database); the process's memory
   * otherwise.
   */
  rateLimitStore?: (name: string) => Store;
  /** Tells delivery that a new enquiry is waiting (forwarding and email start at once, not at their next poll). */
  wake?: () => void;
  tokens: () => Promise<FormTokens>;
  /** Whether a post is public under this slug: an enquiry's landing page is kept only as a page the site serves. */
  isPublishedPost: IsPublishedPost;
  /** Renders a page with the form in the given state (a post with problems), not cached. */
  renderFormPage: (res: Response, url: string, enquiry: EnquiryFormState, status: number) => Promise<void>;
}

/** A plain post's refusal, answered with the whole page while the address's budget of those lasts. */
interface Refusal {
  status: number;
  message: string;
}

/** Whether the client sent JSON (fetch from the site's script) rather than a plain form post. */
const wantsJson = (req: Request) => Boolean(req.is('application/json')) || req.accepts(['html', 'json']) === 'json';

/**
 * What the visitor typed, in a plain form that sends it again (with a fresh token) once they choose to: a refusal
 * never loses it. A short static form rather than the site's page, so that a refusal costs no render.
 */
function keptValuesForm(values: Partial<Record<EnquiryField, string>>, token: string, formPath: string): string {
  const fields = enquiryFieldTable
    .map((field) => {
      const value = escapeHtml(values[field.name] ?? '');
      if (field.input === 'select') return `<input type="hidden" name="${field.name}" value="${value}">`;
      const control =
        field.input === 'textarea'
          ? `<textarea id="f-${field.name}" name="${field.name}" rows="6" style="width:100%">${value}</textarea>`
          : `<input id="f-${field.name}" name="${field.name}" value="${value}" style="width:100%">`;
      return `<p><label for="f-${field.name}">${escapeHtml(field.label)}</label><br>${control}</p>`;
    })
    .join('');
  return `<h2>What you typed</h2><p>Nothing is lost: send it again in a minute, or copy it into an email.</p><form method="post" action="/api/enquiries"><input type="hidden" name="${tokenFieldName}" value="${escapeHtml(token)}"><input type="hidden" name="${formPageFieldName}" value="${escapeHtml(formPath)}">${fields}<p><button type="submit">${escapeHtml(enquiryForm.submit)}</button></p></form>`;
}

/**
 * A refusal (cross-site, too large, too many): JSON for fetch, a short page with the studio's phone and email for a
 * plain post, so the visitor still has a way to reach us, and with what they typed when the form could be read.
 */
function refuse(req: Request, res: Response, config: Config, status: number, message: string, kept?: string): void {
  res.set('Cache-Control', 'no-store');
  if (wantsJson(req)) {
    res.status(status).json({ error: message, fields: {} } satisfies EnquiryProblem);
    return;
  }
  const { siteName, contactPhone, contactEmail } = config.public;
  const tel = contactPhone.replace(/[^\d+]/g, '');
  const reachUs = `<p>Call us on <a href="tel:${escapeHtml(tel)}">${escapeHtml(contactPhone)}</a> or email <a href="mailto:${escapeHtml(contactEmail)}">${escapeHtml(contactEmail)}</a>.</p>`;
  const more = `${reachUs}${kept ?? '<p><a href="/start-project">Back to the enquiry form</a></p>'}`;
  res
    .status(status)
    .type('html')
    .send(errorPage(siteName, { title: 'Your enquiry was not sent', message, more }));
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
 * Sec-Fetch-Site; older ones send Origin or Referer, checked against SITE_URL's origin only (never the Host a
 * client sends, which it chooses). A client that sends none of them (some proxies strip them) is let through:
 * the form token still has to be right.
 */
export function isCrossSite(req: Request, config: Config): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site === 'cross-site' || site === 'same-site';
  const siteOrigin = new URL(config.public.siteUrl).origin;
  const origin = req.get('origin');
  if (origin) return origin !== siteOrigin;
  const referer = req.get('referer');
  if (referer) return parseUrl(referer)?.origin !== siteOrigin;
  return false;
}

const formPage = (path: string | undefined) => {
  const trimmed = (path && withoutTrailingSlashes(path)) || '/';
  return path !== undefined && formPagePaths.includes(trimmed) ? trimmed : undefined;
};

/**
 * The path of the site's page the form was rendered on: the form says so in a hidden field; a form from an
 * older cached page has none, and then the Referer's path counts, if it is one of the pages that show the form.
 * Only a known page's path is ever returned, so what staff see as the page is always one of the site's.
 */
function formPagePath(req: Request, fields: Record<string, unknown>): string {
  const posted = fields[formPageFieldName];
  return (
    formPage(typeof posted === 'string' ? posted : undefined) ??
    formPage(parseUrl(req.get('referer'))?.pathname) ??
    '/start-project'
  );
}

/** The page to send back with the form's problems: the form's page, /start-project keeping its chosen plan. */
function formPageUrl(req: Request, fields: Record<string, unknown>): string {
  const path = formPagePath(req, fields);
  const plan = parseUrl(req.get('referer'))?.searchParams.get('plan');
  return path === '/start-project' && plan ? `${path}?${new URLSearchParams({ plan })}` : path;
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

/** `POST /api/enquiries`: a plain form post or JSON. */
export function createEnquiryRouter({
  config,
  logger,
  store,
  wake,
  rateLimitStore,
  tokens,
  isPublishedPost,
  renderFormPage,
}: EnquiryRouteOptions) {
  const router = Router();

  const crossSite: RequestHandler = (req, res, next) => {
    if (isCrossSite(req, config)) return refuse(req, res, config, 403, m.crossSite);
    next();
  };

  // Counts held by this instance: in the primary when there are several workers, so that they hold whichever worker
  // a request reaches; in this process's memory otherwise.
  const instanceStore = (name: string): Store =>
    cluster.isWorker ? new ClusterMemoryStoreWorker({ prefix: name }) : new MemoryStore();
  // While the database that shares the counts cannot be reached, each limit is counted by the instance instead; the
  // one warning line per outage comes from the primary when there are several workers.
  const onSharedCount = cluster.isWorker ? sharedLimitsToPrimary() : outageWarning(logger);
  const sharedStore = (name: string) => {
    const shared = rateLimitStore?.(name);
    return shared ? new FallbackRateLimitStore(shared, instanceStore(name), onSharedCount) : instanceStore(name);
  };
  /** What a plain post typed, in a form to send again, when its body could be read; nothing for fetch. */
  const keptValues = async (req: Request): Promise<string | undefined> => {
    const body: unknown = req.body;
    if (wantsJson(req) || !body || typeof body !== 'object' || Array.isArray(body)) return undefined;
    const fields = body as Record<string, unknown>;
    return keptValuesForm(formValues(fields), (await tokens()).issue(), formPagePath(req, fields));
  };
  // Every 429 gives a plain post's values back, as every other refusal does.
  const tooMany: RequestHandler = async (req, res) => refuse(req, res, config, 429, m.tooMany, await keptValues(req));

  // Failed posts (a bad token, invalid fields, a body too large) are not held back by the hourly limits below, so
  // that a visitor correcting a typo is never stopped; this generous one keeps a client from making them without
  // end. It is counted when a post has failed, not when it arrives, so that posts still being stored never count.
  const failures = rateLimit({
    windowMs: 60 * 1000,
    limit: failedPostsPerMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: sharedStore('enquiry-failures'),
    passOnStoreError: true,
    handler: tooMany,
  });
  // A token that expired (a page cached a day before) or is too young is no sign of abuse: many visitors behind one
  // address (an office, a mobile network) can send those in a minute. They are not failures, but each one renders
  // the page again, so they have a limit of their own, ten times the other.
  const tokenRetries = rateLimit({
    windowMs: 60 * 1000,
    limit: failedPostsPerMinute * 10,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: sharedStore('enquiry-token-retries'),
    passOnStoreError: true,
    handler: tooMany,
  });
  // A refused plain post is answered with the whole page, its errors beside the fields, a few times per address:
  // as many as a person correcting typos needs. Past that, the short page a 429 uses (what they typed, a fresh token,
  // the phone and email) answers it for what a 429 costs, where a render costs several times more. JSON refusals are
  // that cheap already.
  const fullRefusals = rateLimit({
    windowMs: 10 * 60 * 1000,
    limit: Math.max(fullRefusalsPerTenMinutes, config.enquiries.rateLimit),
    standardHeaders: false,
    legacyHeaders: false,
    store: sharedStore('enquiry-full-refusals'),
    passOnStoreError: true,
    handler: async (req: Request, res: Response) => {
      const { status, message } = res.locals.refusal as Refusal;
      refuse(req, res, config, status, message, await keptValues(req));
    },
  });
  // Counts accepted enquiries only (a post that could not be stored is given back), in the primary process when
  // there are several workers, so the limit holds for the whole server. While the database cannot be reached, the post
  // goes on to the store, which answers 503 with the form kept: the visitor is told.
  const hourly = (name: string) =>
    rateLimit({
      windowMs: 60 * 60 * 1000,
      limit: config.enquiries.rateLimit,
      skipFailedRequests: true,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store: sharedStore(name),
      passOnStoreError: true,
      handler: tooMany,
    });
  const genuine = hourly('enquiries');
  // Posts that fill the bots' trap are counted apart: bots at an address many people share (an office, a school, a
  // mobile network, a VPN) never use up its visitors' count.
  const trapped = hourly('enquiry-trap');

  /** Counts a post against a limit; true when that was one too many and the 429 has been sent instead. */
  const overLimit = (limit: RequestHandler, req: Request, res: Response) =>
    new Promise<boolean>((resolve, reject) => {
      Promise.resolve(limit(req, res, (error?: unknown) => (error ? reject(error) : resolve(false)))).then(
        () => resolve(res.headersSent),
        reject,
      );
    });
  const tooManyFailures = (req: Request, res: Response) => overLimit(failures, req, res);

  const parseBody = [
    express.json({ limit: enquiryBodyLimit }),
    express.urlencoded({ limit: enquiryBodyLimit, extended: false, parameterLimit: 50 }),
  ];

  const bodyErrors: ErrorRequestHandler = async (error: { status?: number; type?: string }, req, res, _next) => {
    if (await tooManyFailures(req, res)) return;
    const status = error.status === 413 ? 413 : error.status === 415 ? 415 : 400;
    refuse(req, res, config, status, status === 413 ? m.tooLarge : 'The enquiry could not be read.');
  };

  const accept: RequestHandler = async (req, res) => {
    const json = wantsJson(req);
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      if (await tooManyFailures(req, res)) return;
      const known = req.is(['application/json', 'application/x-www-form-urlencoded']);
      return refuse(req, res, config, known ? 400 : 415, 'Send the enquiry as a form post or a JSON object.');
    }
    const fields = body as Record<string, unknown>;
    const formTokens = await tokens();
    const tokenCheck = formTokens.check(fields[tokenFieldName]);
    const parsed = parseEnquiry(fields, isPublishedPost);
    if (tokenCheck !== 'valid' || !parsed.ok) {
      const url = formPageUrl(req, fields);
      const tokenOnly = parsed.ok && (tokenCheck === 'expired' || tokenCheck === 'too-fast');
      if (await overLimit(tokenOnly ? tokenRetries : failures, req, res)) return;
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
      res.locals.refusal = { status: 400, message: Object.values(errors)[0] ?? m.tokenExpired } satisfies Refusal;
      if (await overLimit(fullRefusals, req, res)) return;
      await renderFormPage(res, url, { token, values: formValues(fields), errors }, 400);
      return;
    }
    // A bot that fills in the hidden field gets an ordinary-looking answer; what it sent is kept apart.
    const honeypot = fields[honeypotFieldName];
    const spam = honeypot !== undefined && honeypot !== '';
    if (await overLimit(spam ? trapped : genuine, req, res)) return;
    // Under SITE_URL whatever Host, X-Forwarded-Host or Referer the client sent: staff follow this link.
    const pageUri = `${config.public.siteUrl}${formPagePath(req, fields)}`;
    let id: string;
    try {
      ({ id } = await store.add({ ...parsed.data, pageUri, hutk: hubspotUtk(req), spam }));
    } catch (error) {
      // Never a lost enquiry: the visitor gets the form back with what they typed, and the phone and email.
      logger.error({ err: { message: (error as Error).message } }, 'Could not store an enquiry');
      res.set('Cache-Control', 'no-store').set('Retry-After', '30');
      if (json) {
        res.status(503).json({ error: m.unavailable, fields: {} } satisfies EnquiryProblem);
        return;
      }
      // Answered with the whole page within the same budget as a refusal, then for what a 429 costs: an outage must
      // not let one client keep a core busy rendering.
      res.locals.refusal = { status: 503, message: m.unavailable } satisfies Refusal;
      if (await overLimit(fullRefusals, req, res)) return;
      const url = formPageUrl(req, fields);
      const state = { token: String(fields[tokenFieldName]), values: formValues(fields) };
      await renderFormPage(res, url, { ...state, errors: { form: m.unavailable } }, 503);
      return;
    }
    logger.info({ enquiry: id, spam }, spam ? 'Enquiry received (honeypot: kept apart as spam)' : 'Enquiry received');
    if (!spam) wake?.();
    res.set('Cache-Control', 'no-store');
    if (json) {
      res.status(201).json({ id });
      return;
    }
    // The thank-you page reports the lead to analytics once, when this cookie is there (and deletes it). Secure when
    // the post came over HTTPS (X-Forwarded-Proto from a trusted proxy counts): never sent back over plain http then.
    res.cookie(leadCookieName, '1', {
      path: '/thank-you',
      maxAge: 10 * 60 * 1000,
      sameSite: 'lax',
      secure: req.secure,
    });
    res.redirect(303, '/thank-you');
  };

  router.post('/', crossSite, ...parseBody, accept, bodyErrors);
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST').status(405).json({ error: 'Method not allowed' });
  });
  return router;
}
