import type { Request, Response } from 'express';
import { formPagePaths } from '../../app/routes.ts';
import { enquiryFieldTable, enquiryForm, type EnquiryField } from '../../content/enquiry-form.ts';
import { enquiryEndpoint, leadCookieName, postedAnswerMs } from '../../shared/page-contract.ts';
import { withoutTrailingSlashes } from '../../lib/path.ts';
import { type EnquiryErrors, type EnquiryFormState } from '../../shared/enquiry-types.ts';
import { formPageFieldName, tokenFieldName } from '../../shared/page-contract.ts';
import { escapeHtml } from '../escape-html.server.ts';
import { createFormEndpoint, parseUrl, type FormCopy, type RefusalOptions } from '../forms/form-endpoint.server.ts';
import type { IsPublishedPost } from './attribution.server.ts';
import type { EnquiryRecords, StoreConnection } from './enquiry-store.server.ts';
import { formValues, parseEnquiry, type EnquiryInput } from './enquiry-input.server.ts';
import type { FormTokens } from './form-token.server.ts';

export { failedPostsPerMinute, fullRefusalsPerTenMinutes } from '../forms/form-endpoint.server.ts';

export const enquiryBodyLimit = '16kb';
const m = enquiryForm.messages;

export interface EnquiryRouteOptions extends Pick<RefusalOptions, 'config' | 'logger' | 'rateLimitStore'> {
  /** Resolves once the enquiry is durably stored; `health` says whether it can store one now. */
  store: Pick<EnquiryRecords, 'add'> & Pick<StoreConnection, 'health'>;
  /** Tells delivery that a new enquiry is waiting (forwarding and email start at once, not at their next poll). */
  wake?: () => void;
  tokens: () => Promise<FormTokens>;
  /** Whether a post is public under this slug: an enquiry's landing page is kept only as a page the site serves. */
  isPublishedPost: IsPublishedPost;
  /** Renders a page with the form in the given state (a post with problems), not cached. */
  renderFormPage: (res: Response, url: string, enquiry: EnquiryFormState, status: number) => Promise<void>;
}

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
  return `<h2>What you typed</h2><p>Nothing is lost: send it again in a minute, or copy it into an email.</p><form method="post" action="${enquiryEndpoint}"><input type="hidden" name="${tokenFieldName}" value="${escapeHtml(token)}"><input type="hidden" name="${formPageFieldName}" value="${escapeHtml(formPath)}">${fields}<p><button type="submit">${escapeHtml(enquiryForm.submit)}</button></p></form>`;
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

const copy: FormCopy = {
  refusedTitle: 'Your enquiry was not sent',
  back: { href: '/start-project', label: 'Back to the enquiry form' },
  crossSite: m.crossSite,
  tooLarge: m.tooLarge,
  unreadable: 'The enquiry could not be read.',
  notAnObject: 'Send the enquiry as a form post or a JSON object.',
  tooMany: m.tooMany,
  tokenExpired: m.tokenExpired,
  tooFast: m.tooFast,
};

/** `POST /api/enquiries`: a plain form post or JSON, through the form endpoint's defences. */
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
  return createFormEndpoint<EnquiryInput>({
    name: 'enquiry',
    config,
    logger,
    tokens,
    rateLimitStore,
    bodyLimit: enquiryBodyLimit,
    // Counts accepted enquiries only (a post that could not be stored is given back). While the database cannot be
    // reached, the post goes on to the store, which answers 503 with the form kept: the visitor is told.
    hourlyLimit: config.enquiries.rateLimit,
    copy,
    parse: (fields) => parseEnquiry(fields, isPublishedPost),
    values: formValues,
    pageUrl: formPageUrl,
    keptForm: (values, token, req, fields) => keptValuesForm(values, token, formPagePath(req, fields)),
    renderFormPage: (res, url, form, status) =>
      renderFormPage(res, url, { ...form, errors: form.errors as EnquiryErrors }, status),
    async accept({ req, res, data, spam, json, fields, refuse }) {
      // Under SITE_URL whatever Host, X-Forwarded-Host or Referer the client sent: staff follow this link.
      const pageUri = `${config.public.siteUrl}${formPagePath(req, fields)}`;
      let id: string;
      try {
        ({ id } = await store.add({ ...data, pageUri, hutk: hubspotUtk(req), spam }));
      } catch (error) {
        // Never a lost enquiry: the visitor gets the form back with what they typed, and the phone and email.
        logger.error({ err: { message: (error as Error).message } }, 'Could not store an enquiry');
        return refuse(503, m.unavailable, 30);
      }
      logger.info({ enquiry: id, spam }, spam ? 'Enquiry received (honeypot: kept apart as spam)' : 'Enquiry received');
      if (!spam) wake?.();
      res.set('Cache-Control', 'no-store');
      if (json) {
        res.status(201).json({ id });
        return;
      }
      // The thank-you page reports the lead to analytics once, when this cookie is there (and deletes it). Secure
      // when the post came over HTTPS (X-Forwarded-Proto from a trusted proxy counts): never sent back over plain
      // http then.
      res.cookie(leadCookieName, '1', {
        path: '/thank-you',
        maxAge: postedAnswerMs,
        sameSite: 'lax',
        secure: req.secure,
      });
      res.redirect(303, '/thank-you');
    },
  });
}
