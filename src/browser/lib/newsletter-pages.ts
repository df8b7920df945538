import { newsletterPaths } from '../../lib/newsletter.ts';
import {
  newsletterConfirmAttribute,
  newsletterConfirmedAttribute,
  newsletterConfirmedCookieName,
} from '../../shared/page-contract.ts';

/**
 * The newsletter's pages that need a little script, run by the boot loader on the server's HTML: the confirmation
 * page's post sent for the visitor, and the confirmed page's report to analytics.
 */

/**
 * Long enough to read the page and see what is happening, short enough not to wait for the tap: a person opened
 * the link, since a link checker runs no script (nor does one that does wait on a page it fetched).
 */
const confirmDelayMs = 1_500;

/**
 * On the confirmation page: posts its form for the visitor once the page has been on screen for a moment. A page in
 * a background tab waits to be seen (the loader's start already waits for a prerendered page to be shown).
 */
export function confirmForVisitor(): void {
  const form = document.querySelector<HTMLFormElement>(`form[${newsletterConfirmAttribute}]`);
  if (!form) return;
  let sent = false;
  form.addEventListener('submit', () => (sent = true));
  const sendSoon = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', sendSoon);
    setTimeout(() => {
      if (!sent) form.requestSubmit();
    }, confirmDelayMs);
  };
  document.addEventListener('visibilitychange', sendSoon);
  sendSoon();
}

/**
 * On the confirmed page, once: GA4's `sign_up` with method `newsletter`, when the confirmation's post set the cookie
 * that says so, which it deletes, so that a reload, another tab or a later visit does not count it again.
 */
export function reportNewsletterSignUp(): void {
  if (!document.querySelector(`[${newsletterConfirmedAttribute}]`)) return;
  const set = document.cookie.split('; ').some((cookie) => cookie.startsWith(`${newsletterConfirmedCookieName}=`));
  if (!set) return;
  document.cookie = `${newsletterConfirmedCookieName}=; Max-Age=0; Path=${newsletterPaths.confirmed}; SameSite=Lax`;
  window.gtag('event', 'sign_up', { method: 'newsletter' });
}
