/**
 * One form endpoint's defences, shared by every form the site posts to itself (the enquiry, the newsletter
 * sign-up): the cross-site check, the body limit, the signed form token, the honeypot, the form's validation, the
 * per-visitor limits and the budget of refusals answered with the whole page, then the short refusal pages. Each form
 * brings its schema, its limits, its copy and what it does with an accepted post.
 */
import { ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { MemoryStore, rateLimit, type Options, type Store } from 'express-rate-limit';
import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { honeypotFieldName, tokenFieldName } from '../../shared/page-contract.ts';
import type { Config } from '../config.server.ts';
import { sharedLimitsToPrimary } from '../cluster.server.ts';
import { errorPage } from '../error-page.server.ts';
import { escapeHtml } from '../escape-html.server.ts';
import { FallbackRateLimitStore, outageWarning } from '../enquiries/fallback-rate-limit-store.server.ts';
import type { FormTokens } from '../enquiries/form-token.server.ts';

/** Failed posts one address may make to one form in a minute (every instance together). */
export const failedPostsPerMinute = 100;
/**
 * Refused plain posts one address may have answered with the whole page (its errors beside the fields) in ten
 * minutes, or the form's hourly limit if higher; past that, the short page a 429 uses.
 */
export const fullRefusalsPerTenMinutes = 10;

/** A form's values, errors and token: what its page is rendered with when a plain post comes back. */
export interface ReturnedForm {
  token: string;
  values: Record<string, string>;
  errors: Record<string, string>;
}

/** What a form's parser makes of a post's fields. */
export type Parsed<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** The words a form's refusals use. */
export interface FormCopy {
  /** The title of the short refusal page ("Your enquiry was not sent"). */
  refusedTitle: string;
  /** The link back to the form on the short refusal page, when what was typed could not be read. */
  back: { href: string; label: string };
  crossSite: string;
  tooLarge: string;
  unreadable: string;
  notAnObject: string;
  tooMany: string;
  tokenExpired: string;
  tooFast: string;
}

/** Where one accepted post is taken: what the form does with it, given the means to refuse it yet. */
export interface Acceptance<T> {
  req: Request;
  res: Response;
  data: T;
  fields: Record<string, unknown>;
  /** The bots' trap was filled in: answer as usual, keep it apart, send nothing. */
  spam: boolean;
  json: boolean;
  /**
   * Refuses the post after all (the store is down, a cap is reached): JSON `{ error, fields }` for fetch; for a
   * plain post the form's page with the message, within the address's budget of whole pages, then the short page.
   */
  refuse(status: number, message: string, retryAfterSeconds?: number): Promise<void>;
}

export interface FormEndpointOptions<T> extends Omit<RefusalOptions, 'keptValues'> {
  tokens: () => Promise<FormTokens>;
  bodyLimit: string;
  parse(fields: Record<string, unknown>): Parsed<T>;
  /** The visible fields' values as typed, for a returned form. */
  values(fields: Record<string, unknown>): Record<string, string>;
  /** The path of the site's page the form was posted from (and its query, when the page reads one). */
  pageUrl(req: Request, fields: Record<string, unknown>): string;
  /** What the visitor typed, in a short plain form that sends it again with `token`. */
  keptForm(values: Record<string, string>, token: string, req: Request, fields: Record<string, unknown>): string;
  /** Renders the page the form came from with the form in the given state, not cached. */
  renderFormPage(res: Response, url: string, form: ReturnedForm, status: number): Promise<void>;
  /** What the form does with an accepted post, once every defence has passed. */
  accept(acceptance: Acceptance<T>): Promise<void>;
}

/** Whether the client sent JSON (fetch from the site's script) rather than a plain form post. */
export const wantsJson = (req: Request) =>
  Boolean(req.is('application/json')) || req.accepts(['html', 'json']) === 'json';

export const parseUrl = (url: string | undefined) => (url ? (URL.parse(url) ?? undefined) : undefined);

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

/** A plain post's refusal, answered with the whole page while the address's budget of those lasts. */
interface Refusal {
  status: number;
  message: string;
}

/**
 * Where a count of `name` is kept: in the database shared by every instance when there is one (counted by the
 * instance alone while it cannot be reached), else by this instance: in the primary when there are several workers,
 * so that they hold whichever worker a request reaches, in this process's memory otherwise.
 */
export function sharedCounts({
  rateLimitStore,
  logger,
}: Pick<RefusalOptions, 'rateLimitStore' | 'logger'>): (name: string) => Store {
  const instanceStore = (name: string): Store =>
    cluster.isWorker ? new ClusterMemoryStoreWorker({ prefix: name }) : new MemoryStore();
  // The one warning line per outage comes from the primary when there are several workers.
  const onSharedCount = cluster.isWorker ? sharedLimitsToPrimary() : outageWarning(logger);
  return (name) => {
    const shared = rateLimitStore?.(name);
    return shared ? new FallbackRateLimitStore(shared, instanceStore(name), onSharedCount) : instanceStore(name);
  };
}

/** What a form's refusals need: its name (for its limits' counts), its words and where its counts are kept. */
export interface RefusalOptions {
  /** Names the form's rate limits (each form counts apart): `enquiry`, `newsletter`. */
  name: string;
  config: Config;
  logger: Logger;
  /** Where each rate limit counts, by its name (shared by every instance with a database); memory otherwise. */
  rateLimitStore?: (name: string) => Store;
  copy: FormCopy;
  /**
   * Accepted posts one address may make in an hour (the trap's hits are counted apart); the whole pages an address
   * may have in ten minutes are at least this many.
   */
  hourlyLimit: number;
  /** What a plain post typed, in a short form that sends it again; nothing when it cannot be read. */
  keptValues?(req: Request): Promise<string | undefined>;
}

/**
 * A form's refusals and the limits on them: the short refusal page, the failed posts an address may make in a
 * minute, and its budget of refusals answered with the whole page. The form endpoint below uses them, and so does a
 * post that is no form's (the newsletter's confirmation) but costs a lookup and a page when refused.
 */
export function formRefusals(options: RefusalOptions) {
  const { name, config, logger, rateLimitStore, copy } = options;
  const keptValues = async (req: Request) => options.keptValues?.(req);

  /**
   * A refusal (cross-site, too large, too many): JSON for fetch, a short page with the studio's phone and email for
   * a plain post, so the visitor still has a way to reach us, and with what they typed when the form could be read.
   */
  function refuse(req: Request, res: Response, status: number, message: string, kept?: string): void {
    res.set('Cache-Control', 'no-store');
    if (wantsJson(req)) {
      res.status(status).json({ error: message, fields: {} });
      return;
    }
    const { siteName, contactPhone, contactEmail } = config.public;
    const tel = contactPhone.replace(/[^\d+]/g, '');
    const reachUs = `<p>Call us on <a href="tel:${escapeHtml(tel)}">${escapeHtml(contactPhone)}</a> or email <a href="mailto:${escapeHtml(contactEmail)}">${escapeHtml(contactEmail)}</a>.</p>`;
    const back = `<p><a href="${escapeHtml(copy.back.href)}">${escapeHtml(copy.back.label)}</a></p>`;
    res
      .status(status)
      .type('html')
      .send(errorPage(siteName, { title: copy.refusedTitle, message, more: `${reachUs}${kept ?? back}` }));
  }

  const sharedStore = sharedCounts({ rateLimitStore, logger });

  // Every 429 gives a plain post's values back, as every other refusal does.
  const tooMany: RequestHandler = async (req, res) => refuse(req, res, 429, copy.tooMany, await keptValues(req));
  /** A limit per address counted in `sharedStore(count)`, answered with `tooMany` unless `more` says otherwise. */
  const limiter = (count: string, windowMs: number, limit: number, more: Partial<Options> = {}) =>
    rateLimit({
      windowMs,
      limit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store: sharedStore(count),
      passOnStoreError: true,
      handler: tooMany,
      ...more,
    });

  // Failed posts (a bad token, invalid fields, a body too large) are not held back by the hourly limits below, so
  // that a visitor correcting a typo is never stopped; this generous one keeps a client from making them without
  // end. It is counted when a post has failed, not when it arrives, so that posts still being stored never count.
  const failures = limiter(`${name}-failures`, 60 * 1000, failedPostsPerMinute);
  // A token that expired (a page cached a day before) or is too young is no sign of abuse: many visitors behind one
  // address (an office, a mobile network) can send those in a minute. They are not failures, but each one renders
  // the page again, so they have a limit of their own, ten times the other.
  const tokenRetries = limiter(`${name}-token-retries`, 60 * 1000, failedPostsPerMinute * 10);
  // A refused plain post is answered with the whole page, its errors beside the fields, a few times per address:
  // as many as a person correcting typos needs. Past that, the short page a 429 uses (what they typed, a fresh token,
  // the phone and email) answers it for what a 429 costs, where a render costs several times more. JSON refusals are
  // that cheap already.
  const fullRefusals = limiter(
    `${name}-full-refusals`,
    10 * 60 * 1000,
    Math.max(fullRefusalsPerTenMinutes, options.hourlyLimit),
    {
      standardHeaders: false,
      handler: async (req: Request, res: Response) => {
        const { status, message } = res.locals.refusal as Refusal;
        refuse(req, res, status, message, await keptValues(req));
      },
    },
  );
  /** Counts a post against a limit; true when that was one too many and the 429 has been sent instead. */
  const overLimit = (limit: RequestHandler, req: Request, res: Response) =>
    new Promise<boolean>((resolve, reject) => {
      Promise.resolve(limit(req, res, (error?: unknown) => (error ? reject(error) : resolve(false)))).then(
        () => resolve(res.headersSent),
        reject,
      );
    });

  return {
    refuse,
    limiter,
    overLimit,
    tokenRetries,
    /** Counts a failed post; true when it was one too many in the minute and the 429 has been sent instead. */
    tooManyFailures: (req: Request, res: Response) => overLimit(failures, req, res),
    /**
     * Counts a refusal answered with the whole page; true when the address's budget of those is spent and the short
     * page has been sent instead, with the refusal's status and message.
     */
    pastFullRefusals: (req: Request, res: Response, refusal: Refusal) => {
      res.locals.refusal = refusal;
      return overLimit(fullRefusals, req, res);
    },
  };
}

/** A form endpoint at `/` of the router it returns: `POST` only. */
export function createFormEndpoint<T>(options: FormEndpointOptions<T>) {
  const { name, config, tokens, copy } = options;
  const router = Router();

  /** What a plain post typed, in a form to send again, when its body could be read; nothing for fetch. */
  const keptValues = async (req: Request): Promise<string | undefined> => {
    const body: unknown = req.body;
    if (wantsJson(req) || !body || typeof body !== 'object' || Array.isArray(body)) return undefined;
    const fields = body as Record<string, unknown>;
    return options.keptForm(options.values(fields), (await tokens()).issue(), req, fields);
  };
  const { refuse, limiter, overLimit, tokenRetries, tooManyFailures, pastFullRefusals } = formRefusals({
    ...options,
    keptValues,
  });

  const crossSite: RequestHandler = (req, res, next) => {
    if (isCrossSite(req, config)) return refuse(req, res, 403, copy.crossSite);
    next();
  };

  // Counts accepted posts only (a post the form refused after all is given back), in the primary process when there
  // are several workers, so the limit holds for the whole server.
  const hourly = (count: string) => limiter(count, 60 * 60 * 1000, options.hourlyLimit, { skipFailedRequests: true });
  const genuine = hourly(name === 'enquiry' ? 'enquiries' : name);
  // Posts that fill the bots' trap are counted apart: bots at an address many people share (an office, a school, a
  // mobile network, a VPN) never use up its visitors' count.
  const trapped = hourly(`${name}-trap`);

  const parseBody = [
    express.json({ limit: options.bodyLimit }),
    express.urlencoded({ limit: options.bodyLimit, extended: false, parameterLimit: 50 }),
  ];

  const bodyErrors: ErrorRequestHandler = async (error: { status?: number; type?: string }, req, res, _next) => {
    if (await tooManyFailures(req, res)) return;
    const status = error.status === 413 ? 413 : error.status === 415 ? 415 : 400;
    refuse(req, res, status, status === 413 ? copy.tooLarge : copy.unreadable);
  };

  const post: RequestHandler = async (req, res) => {
    const json = wantsJson(req);
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      if (await tooManyFailures(req, res)) return;
      const known = req.is(['application/json', 'application/x-www-form-urlencoded']);
      return refuse(req, res, known ? 400 : 415, copy.notAnObject);
    }
    const fields = body as Record<string, unknown>;
    const formTokens = await tokens();
    const tokenCheck = formTokens.check(fields[tokenFieldName]);
    const parsed = options.parse(fields);
    if (tokenCheck !== 'valid' || !parsed.ok) {
      const tokenOnly = parsed.ok && (tokenCheck === 'expired' || tokenCheck === 'too-fast');
      if (await (tokenOnly ? overLimit(tokenRetries, req, res) : tooManyFailures(req, res))) return;
      const errors: Record<string, string> = parsed.ok ? {} : { ...parsed.errors };
      // A token that is merely too young becomes valid by itself; any other problem gets a fresh one.
      const token =
        tokenCheck === 'valid' || tokenCheck === 'too-fast' ? String(fields[tokenFieldName]) : formTokens.issue();
      if (tokenCheck !== 'valid') errors.form = tokenCheck === 'too-fast' ? copy.tooFast : copy.tokenExpired;
      res.set('Cache-Control', 'no-store');
      if (json) {
        const { form, ...fieldErrors } = errors;
        res.status(400).json({
          error: Object.values(errors)[0] ?? copy.tokenExpired,
          fields: { ...fieldErrors, ...(form ? { [tokenFieldName]: form } : {}) },
          ...(tokenCheck === 'valid' ? {} : { token }),
        });
        return;
      }
      if (await pastFullRefusals(req, res, { status: 400, message: Object.values(errors)[0] ?? copy.tokenExpired }))
        return;
      await options.renderFormPage(
        res,
        options.pageUrl(req, fields),
        { token, values: options.values(fields), errors },
        400,
      );
      return;
    }
    // A bot that fills in the hidden field gets an ordinary-looking answer; what it sent is kept apart.
    const honeypot = fields[honeypotFieldName];
    const spam = honeypot !== undefined && honeypot !== '';
    if (await overLimit(spam ? trapped : genuine, req, res)) return;
    const refuseAccepted = async (status: number, message: string, retryAfterSeconds?: number) => {
      res.set('Cache-Control', 'no-store');
      if (retryAfterSeconds !== undefined) res.set('Retry-After', String(retryAfterSeconds));
      if (json) return refuse(req, res, status, message);
      // Answered with the whole page within the same budget as a refusal, then for what a 429 costs: an outage must
      // not let one client keep a core busy rendering.
      if (await pastFullRefusals(req, res, { status, message })) return;
      const form = { token: String(fields[tokenFieldName]), values: options.values(fields), errors: { form: message } };
      await options.renderFormPage(res, options.pageUrl(req, fields), form, status);
    };
    await options.accept({ req, res, data: parsed.data, fields, spam, json, refuse: refuseAccepted });
  };

  router.post('/', crossSite, ...parseBody, post, bodyErrors);
  router.all('/', (_req, res) => {
    res.set('Allow', 'POST').status(405).json({ error: 'Method not allowed' });
  });
  return router;
}
