import { pageBootData } from '../boot-data.ts';
import { trackLeadFromRedirect } from './analytics.ts';
import { bookingContact } from './booking-contact.ts';
import { bookingHref } from './booking-link.ts';
import { mobileBarAttribute } from './page-around-form.ts';

/**
 * The page's behaviours that need no React, run by the boot loader on the server's HTML once the page has settled
 * (its first idle moment, or the visitor's first move): until then the server's HTML is right as it is.
 */

/** The header gains its shadow once the page's first 50px (a sentinel the header renders) are out of view. */
function watchHeaderScroll(): void {
  const sentinel = document.querySelector('[data-scroll-sentinel]');
  const header = document.querySelector('header[data-scrolled]');
  if (!sentinel || !header) return;
  // An observer rather than reading window.scrollY, which would make the browser lay the page out on each scroll.
  new IntersectionObserver(([entry]) => header.setAttribute('data-scrolled', String(!entry!.isIntersecting))).observe(
    sentinel,
  );
}

/** The mobile consult bar steps aside while the consult form, the home hero's buttons or the footer is on screen. */
function watchMobileBar(): void {
  const bar = document.querySelector(`[${mobileBarAttribute}]`);
  if (!bar) return;
  const inView = new Set<Element>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) inView.add(entry.target);
      else inView.delete(entry.target);
    }
    bar.setAttribute('data-hidden', String(inView.size > 0));
  });
  document.querySelectorAll('[data-hides-mobile-bar]').forEach((element) => observer.observe(element));
}

/** The header's shadow and the mobile bar's place, from the first idle moment on. */
export function watchScrolling(): void {
  watchHeaderScroll();
  watchMobileBar();
}

/**
 * On the page a plain post lands on: reports the lead, and puts the name and email the visitor just sent in the
 * booking link, when this tab kept them for it (./booking-contact.ts, as the draft was ended). Once the page has
 * settled, which a tap or a focus on the link is the first to do.
 */
export function completeThankYouPage(): void {
  if (!document.querySelector('[data-enquiry-accepted]')) return;
  trackLeadFromRedirect();
  const { bookingUrl } = pageBootData().config;
  const contact = bookingContact();
  if (!bookingUrl || !contact) return;
  document.querySelectorAll<HTMLAnchorElement>('a[data-booking-link]').forEach((link) => {
    link.href = bookingHref(bookingUrl, contact);
  });
}
