/**
 * The newsletter's endpoints: the sign-up (through the form endpoint's defences, then the site-wide cap of
 * confirmation emails and the store's one email per address per 24 h), the confirmation POST, and the one-click
 * unsubscribe. The answer to a sign-up is the same for every valid address: it never tells whether one is
 * subscribed. Why the link is hashed, the unsubscribe signed and the cap shared: docs/decisions/newsletter-confirmations.md.
 */
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Options, Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  formPageFieldName,
  newsletterConfirmedCookieMs,
  newsletterConfirmedCookieName,
  tokenFieldName,
} from '../../shared/page-contract.ts';
import { singleLine } from '../../shared/plain-text.ts';
import { withoutTrailingSlashes } from '../../lib/path.ts';
import {
  confirmTokenFieldName,
  newsletterFieldLimits,
  newsletterFieldNames,
  newsletterMessages as m,
  newsletterPaths,
  type NewsletterField,
  type NewsletterFormState,
} from '../../lib/newsletter.ts';
import type { Config } from '../config.server.ts';
import { parseAttribution, type IsPublishedPost } from '../enquiries/attribution.server.ts';
import type { FormTokens } from '../enquiries/form-token.server.ts';
import { escapeHtml } from '../escape-html.server.ts';
import {
  createFormEndpoint,
  formRefusals,
  isCrossSite,
  parseUrl,
  sharedCounts,
  type FormCopy,
} from '../forms/form-endpoint.server.ts';
import type { ReturnedFormState } from '../pages.server.ts';
import type { NewsletterSender } from './newsletter-sender.server.ts';
import { subscriberChannelsOn } from './subscriber-delivery.server.ts';
import type { SubscriberRecords } from './subscriber-store.server.ts';
import {
  confirmationEmailIntervalMs,
  mailboxKey,
  newConfirmationToken,
  tokenHash,
  type NewSignUp,
} from './subscriber.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.server.ts';

export const newsletterBodyLimit = '8kb';
const hourMs = 60 * 60 * 1000;

export interface NewsletterRouteOptions {
  config: Config;
  logger: Logger;
  store: SubscriberRecords;
  rateLimitStore?: (name: string) => Store;
  /** The sign-up's own tokens, which the consult form's endpoint refuses (and this one refuses the consult form's). */
  tokens: () => Promise<FormTokens>;
  /** The consult form's tokens, for a page rendered here that also shows the consult form. */
  enquiryTokens: () => Promise<FormTokens>;
  unsubscribeTokens: () => Promise<UnsubscribeTokens>;
  isPublishedPost: IsPublishedPost;
  /** Sends confirmation emails and the cap's alert, apart from the enquiries' outbox. */
  sender: NewsletterSender;
  /** Tells delivery that a subscriber was confirmed (HubSpot, the webhook). */
  wake?: () => void;
  renderFormPage: (res: Response, url: string, form: ReturnedFormState, status: number) => Promise<void>;
}

const signUpSchema = z.object({
  email: z
    .string({ error: m.fields.emailMissing })
    .transform((text) => text.trim())
    .pipe(
      z
        .string()
        .min(1, m.fields.emailMissing)
        .max(newsletterFieldLimits.email, m.fields.emailTooLong)
        .pipe(z.email({ error: m.fields.emailInvalid })),
    ),
  firstname: z
    .string()
    .optional()
    .transform((text) => (text === undefined ? undefined : singleLine(text).trim() || undefined))
    .pipe(z.string().max(newsletterFieldLimits.firstname, m.fields.firstnameTooLong).optional()),
  attribution: z.unknown().optional(),
});

function parseSignUp(fields: Record<string, unknown>, isPublishedPost: IsPublishedPost) {
  const result = signUpSchema.safeParse(fields);
  if (result.success) {
    const { attribution, ...rest } = result.data;
    const kept = parseAttribution(attribution, isPublishedPost);
    return { ok: true as const, data: { ...rest, ...(kept ? { attribution: kept } : {}) } satisfies NewSignUp };
  }
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false as const, errors };
}

function signUpValues(fields: Record<string, unknown>): Partial<Record<NewsletterField, string>> {
  const values: Partial<Record<NewsletterField, string>> = {};
  for (const name of newsletterFieldNames) {
    const value = fields[name];
    if (typeof value === 'string' && value !== '') values[name] = value.slice(0, 300);
  }
  return values;
}

/**
 * The page the sign-up was posted from, to render again with its problems: the path the form names (or the
 * Referer's) when it is one of the site's own pages, else /newsletter. Never another host.
 */
function signUpPage(req: Request, fields: Record<string, unknown>): string {
  const posted = fields[formPageFieldName];
  const path = typeof posted === 'string' ? posted : parseUrl(req.get('referer'))?.pathname;
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/api/')) return newsletterPaths.page;
  return withoutTrailingSlashes(path) || '/';
}

const copy: FormCopy = {
  refusedTitle: 'Your sign-up was not sent',
  back: { href: newsletterPaths.page, label: 'Back to the newsletter' },
  crossSite: 'This sign-up came from another site, so it was not accepted. Sign up on our own page instead.',
  tooLarge: 'That sign-up was too large to accept.',
  unreadable: 'The sign-up could not be read.',
  notAnObject: 'Send the sign-up as a form post or a JSON object.',
  tooMany: m.tooMany,
  tokenExpired: m.tokenExpired,
  tooFast: m.tooFast,
};

function keptSignUpForm(values: Record<string, string>, token: string, page: string): string {
  const input = (name: NewsletterField, label: string) =>
    `<p><label for="n-${name}">${label}</label><br><input id="n-${name}" name="${name}" value="${escapeHtml(values[name] ?? '')}" style="width:100%"></p>`;
  return `<form method="post" action="${newsletterPaths.signUp}"><input type="hidden" name="${tokenFieldName}" value="${escapeHtml(token)}"><input type="hidden" name="${formPageFieldName}" value="${escapeHtml(page)}">${input('email', 'Email address')}${input('firstname', 'First name (optional)')}<p><button type="submit">Sign up</button></p></form>`;
}

/**
 * The site-wide hourly cap of confirmation emails in `counts` (shared by every instance): `take()` takes one email
 * from it, or refuses when it is reached. A sign-up takes its email before the store says whether one goes out, and
 * gives it back when none does, so sign-ups in flight can lift the count over the cap for a moment: the cap counts as
 * reached (the studio alerted once, in `alerts`, whichever instance reaches it) only when the count, this take given
 * back, is still at the cap. Once reached, this instance refuses until the count's hour ends without asking the count
 * again, so a flood costs no store round trip per refusal.
 */
export function hourlyCap(options: {
  counts: Store;
  alerts: Store;
  key: string;
  limit: number;
  ready: Promise<unknown>;
  onReached: () => void;
}) {
  const { counts, alerts, key, limit } = options;
  let reachedUntil = 0;
  return async function take(): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
    const now = Date.now();
    if (now < reachedUntil) return { ok: false, retryAfter: Math.ceil((reachedUntil - now) / 1000) };
    await options.ready;
    const { totalHits, resetTime } = await counts.increment(key);
    if (totalHits <= limit) return { ok: true };
    await counts.decrement(key);
    const endsAt = resetTime?.getTime() ?? now + hourMs;
    const retryAfter = Math.max(1, Math.ceil((endsAt - Date.now()) / 1000));
    // A count kept by a cluster's primary cannot be read back: the count this take saw, less itself, stands for it.
    const after = counts.get ? ((await counts.get(key))?.totalHits ?? 0) : totalHits - 1;
    if (after < limit) return { ok: false, retryAfter: 1 };
    reachedUntil = endsAt;
    if ((await alerts.increment(key)).totalHits === 1) options.onReached();
    return { ok: false, retryAfter };
  };
}

/** `POST /api/newsletter` and `POST /api/newsletter/confirm`, mounted at /api/newsletter. */
export function createNewsletterRouter(options: NewsletterRouteOptions) {
  const { config, logger, store, tokens, sender, renderFormPage } = options;
  const { confirmation, confirmationsPerHour } = config.newsletter;
  const router = Router();

  // The site-wide cap of confirmation emails, counted by every instance together; and whether its alert went out
  // in this hour (one alert per hour the cap is reached, whichever instance reaches it).
  const counts = sharedCounts({ rateLimitStore: options.rateLimitStore, logger });
  const capStore = counts('newsletter-confirmations');
  const capAlerts = counts('newsletter-cap-alerts');
  // Confirmation emails per inbox in 24 h: the store's rule holds per address as typed, this one across the
  // variants of one inbox (`name+1@`, `n.ame@gmail.com`).
  const mailboxes = counts('newsletter-mailboxes');
  const ready = Promise.all([
    capStore.init?.({ windowMs: hourMs } as Options),
    capAlerts.init?.({ windowMs: hourMs } as Options),
    mailboxes.init?.({ windowMs: confirmationEmailIntervalMs } as Options),
  ]);
  const capKey = 'site';

  const renderSignUp = async (res: Response, url: string, state: NewsletterFormState, status: number) => {
    // The page's consult form, if it has one, gets a token of its own.
    const enquiry = { token: (await options.enquiryTokens()).issue() };
    await renderFormPage(res, url, { newsletter: state, enquiry }, status);
  };

  const takeFromCap = hourlyCap({
    counts: capStore,
    alerts: capAlerts,
    key: capKey,
    limit: confirmationsPerHour,
    ready,
    onReached() {
      logger.warn(
        { cap: confirmationsPerHour },
        'Newsletter sign-ups paused: the hourly cap of confirmations is reached',
      );
      sender.alertCapReached();
    },
  });

  // A link that confirms nothing (unknown, used, revoked, forged) costs a lookup and a page: it counts as a failed
  // post, as a form's do, and past the address's budget of whole pages it is answered with the short page.
  const confirmRefusals = formRefusals({
    name: 'newsletter-confirm',
    config,
    logger,
    rateLimitStore: options.rateLimitStore,
    copy: { ...copy, refusedTitle: 'Your subscription was not confirmed' },
    hourlyLimit: config.newsletter.rateLimit,
  });

  router.use(
    '/confirm',
    express.urlencoded({ limit: '2kb', extended: false, parameterLimit: 10 }),
    (req, res, next) => {
      if (req.method !== 'POST') {
        res.set('Allow', 'POST').status(405).json({ error: 'Method not allowed' });
        return;
      }
      next();
    },
    (async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const body = (req.body ?? {}) as Record<string, unknown>;
      const token = body[confirmTokenFieldName];
      const done =
        !isCrossSite(req, config) && typeof token === 'string' && token.length > 0 && token.length <= 100
          ? await store.confirm(tokenHash(token), subscriberChannelsOn(config))
          : undefined;
      if (!done) {
        if (await confirmRefusals.tooManyFailures(req, res)) return;
        if (await confirmRefusals.pastFullRefusals(req, res, { status: 410, message: m.linkExpired })) return;
        await renderSignUp(
          res,
          newsletterPaths.page,
          { token: (await tokens()).issue(), status: 'refused', message: m.linkExpired },
          410,
        );
        return;
      }
      logger.info({ subscriber: done.id }, 'Newsletter subscription confirmed');
      options.wake?.();
      // The confirmed page reports the sign-up to analytics once, when this cookie is there (and deletes it).
      res.cookie(newsletterConfirmedCookieName, '1', {
        path: newsletterPaths.confirmed,
        maxAge: newsletterConfirmedCookieMs,
        sameSite: 'lax',
        secure: req.secure,
      });
      res.redirect(303, newsletterPaths.confirmed);
    }) as RequestHandler,
  );

  router.use(
    '/',
    createFormEndpoint<NewSignUp>({
      name: 'newsletter',
      config,
      logger,
      tokens,
      rateLimitStore: options.rateLimitStore,
      bodyLimit: newsletterBodyLimit,
      hourlyLimit: config.newsletter.rateLimit,
      copy,
      parse: (fields) => parseSignUp(fields, options.isPublishedPost),
      values: signUpValues,
      pageUrl: signUpPage,
      keptForm: (values, token, req, fields) => keptSignUpForm(values, token, signUpPage(req, fields)),
      renderFormPage: (res, url, form, status) =>
        renderSignUp(
          res,
          url,
          {
            token: form.token,
            values: form.values,
            errors: form.errors,
            ...(form.errors.form ? { message: form.errors.form } : {}),
            status: status === 400 ? 'refused' : 'unavailable',
          },
          status,
        ),
      async accept({ res, data, spam, json, refuse }) {
        const answer = () => {
          res.set('Cache-Control', 'no-store');
          if (json) res.status(202).json({ message: m.checkYourInbox });
          else res.redirect(303, newsletterPaths.checkYourInbox);
        };
        // A bot that fills in the hidden field gets the same answer; nothing is stored or sent.
        if (spam) return answer();
        if (confirmation === 'none') return refuse(503, m.unavailable, 3600);
        const cap = await takeFromCap();
        if (!cap.ok) return refuse(503, m.capReached, cap.retryAfter);
        const link = newConfirmationToken();
        let result;
        try {
          result = await store.signUp(confirmation === 'hubspot' ? { ...data, optIn: 'hubspot' } : data, link.hash);
        } catch (error) {
          await capStore.decrement(capKey);
          logger.error({ err: { message: (error as Error).message } }, 'Could not store a newsletter sign-up');
          return refuse(503, m.unavailable, 30);
        }
        const inboxEmailed = result.send && (await mailboxes.increment(mailboxKey(data.email))).totalHits > 1;
        if (!result.send || inboxEmailed) {
          // Nothing is sent (confirmed already, or this inbox emailed within 24 h): the cap counts emails, and the
          // answer is the same.
          await capStore.decrement(capKey);
          return answer();
        }
        logger.info({ subscriber: result.subscriber.id }, 'Newsletter sign-up received');
        if (confirmation === 'email') {
          sender.sendConfirmation({
            to: result.subscriber.email,
            firstname: result.subscriber.firstname,
            confirmToken: link.token,
            subscriberId: result.subscriber.id,
            onUnsent: () => mailboxes.decrement(mailboxKey(data.email)),
          });
        } else {
          // HubSpot's newsletter form sends its own double opt-in email: the sign-up is handed to it at once.
          await store.confirm(link.hash, { hubspot: true, webhook: false });
          options.wake?.();
        }
        return answer();
      },
    }),
  );
  return router;
}

/**
 * `POST /newsletter/unsubscribe/<token>`: removes the address, for a visitor's button and for a mail app's
 * one-click unsubscribe (`List-Unsubscribe=One-Click`, no cookie, no form token). Answers 200 once the address is
 * gone, also when it was gone already.
 */
export function createUnsubscribeHandler({
  store,
  logger,
  unsubscribeTokens,
  renderFormPage,
  tokens,
}: Pick<NewsletterRouteOptions, 'store' | 'logger' | 'unsubscribeTokens' | 'renderFormPage' | 'tokens'>) {
  return [
    express.urlencoded({ limit: '2kb', extended: false, parameterLimit: 10 }),
    (async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const token = String(req.params.token ?? '');
      const id = (await unsubscribeTokens()).read(token);
      if (!id) {
        res.status(404).type('text').send('This unsubscribe link is not one of ours.');
        return;
      }
      const removed = await store.deleteSubscriber(id);
      if (removed) logger.info({ subscriber: id }, 'Newsletter address removed (unsubscribed)');
      // The unsubscribed page, in place: it offers the sign-up again, with a fresh token.
      await renderFormPage(res, newsletterPaths.unsubscribed, { newsletter: { token: (await tokens()).issue() } }, 200);
    }) as RequestHandler,
  ];
}
