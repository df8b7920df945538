import { escapeHtml } from './escape-html.server.ts';

export interface ErrorPageContent {
  title: string;
  message: string;
  /** What follows the message, as markup whose text is already escaped: the way on from here. */
  more: string;
}

/**
 * A short page of its own, with no scripts and no render: what the server answers when it cannot or will not give
 * what was asked for (a failure, a bad address, a refused enquiry).
 */
export function errorPage(siteName: string, { title, message, more }: ErrorPageContent): string {
  return `<!DOCTYPE html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${more}</body></html>`;
}

/** The error page for an HTTP status the app answers outside its pages (a 5xx, a path it cannot read). */
export function statusPage(status: number, siteName: string): string {
  const [title, message] =
    status >= 500
      ? ['Something went wrong', 'Sorry, something went wrong on our side. Please try again in a moment.']
      : status === 404
        ? ['Not found', 'Sorry, there is no file at that address.']
        : ['Bad request', 'Sorry, we could not understand that address. Please check the link.'];
  return errorPage(siteName, { title, message, more: '<p><a href="/">Go to the home page</a></p>' });
}
