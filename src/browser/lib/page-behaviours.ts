import { pageBootData } from '../boot-data.ts';
import { trackLeadFromRedirect } from './analytics.ts';
import { bookingContact } from './booking-contact.ts';
import { bookingHref } from './booking-link.ts';
import { mobileBarAttribute } from './page-around-form.ts';
import { enableVideoFacades } from './video-facade.ts';

/**
 * The page's behaviours that need no React, run by the boot loader on the server's HTML as the page is shown.
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

/**
 * On the page a plain post lands on: reports the lead, and puts the name and email the visitor just sent in the
 * booking link, when this tab kept them for it (./booking-contact.ts).
 */
function completeThankYouPage(): void {
  if (!document.querySelector('[data-enquiry-accepted]')) return;
  trackLeadFromRedirect();
  const { bookingUrl } = pageBootData().config;
  const contact = bookingContact();
  if (!bookingUrl || !contact) return;
  document.querySelectorAll<HTMLAnchorElement>('a[data-booking-link]').forEach((link) => {
    link.href = bookingHref(bookingUrl, contact);
  });
}

export function startPageBehaviours(): void {
  watchHeaderScroll();
  watchMobileBar();
  completeThankYouPage();
  document.querySelectorAll<HTMLElement>('[data-post-body]').forEach((body) => enableVideoFacades(body));
}
