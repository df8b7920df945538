import { pageBootData } from '../boot-data.ts';
import { trackLeadFromRedirect } from './analytics.ts';
import { takeBookingContact } from './booking-contact.ts';
import { bookingHref } from './booking-link.ts';
import {
  bookingLinkAttribute,
  enquiryAcceptedAttribute,
  hidesMobileBarAttribute,
  mobileBarAttribute,
  mobileBarHiddenAttribute,
  scrollSentinelAttribute,
  scrolledAttribute,
} from '../../shared/page-contract.ts';

/**
 * The page's behaviours that need no React, run by the boot loader on the server's HTML from the first idle moment
 * after the first paint: until then the server's HTML is right as it is.
 */

/** The header gains its shadow once the page's first 50px (a sentinel the header renders) are out of view. */
function watchHeaderScroll(): void {
  const sentinel = document.querySelector(`[${scrollSentinelAttribute}]`);
  const header = document.querySelector(`header[${scrolledAttribute}]`);
  if (!sentinel || !header) return;
  // An observer rather than reading window.scrollY, which would make the browser lay the page out on each scroll.
  new IntersectionObserver(([entry]) => header.setAttribute(scrolledAttribute, String(!entry!.isIntersecting))).observe(
    sentinel,
  );
}

/**
 * The mobile consult bar steps aside while the consult form, a hero's call to action or the footer shows below the
 * sticky header (what lies under the header is not seen): the screen never asks twice.
 */
function watchMobileBar(): void {
  const bar = document.querySelector(`[${mobileBarAttribute}]`);
  if (!bar) return;
  const inView = new Set<Element>();
  const headerHeight = document.querySelector<HTMLElement>(`header[${scrolledAttribute}]`)?.offsetHeight ?? 0;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) inView.add(entry.target);
        else inView.delete(entry.target);
      }
      bar.setAttribute(mobileBarHiddenAttribute, String(inView.size > 0));
    },
    { rootMargin: `-${headerHeight}px 0px 0px` },
  );
  document.querySelectorAll(`[${hidesMobileBarAttribute}]`).forEach((element) => observer.observe(element));
}

/** The header's shadow and the mobile bar's place, from the first idle moment on. */
export function watchScrolling(): void {
  watchHeaderScroll();
  watchMobileBar();
}

let thankYouCompleted = false;

/**
 * On the page a plain post lands on, once: reports the lead (spending the cookie that says so, so that a later visit
 * does not count it again), and puts the name and email the visitor just sent in the booking link, when this tab
 * kept them for it (./booking-contact.ts, as the draft was ended).
 */
export function completeThankYouPage(): void {
  if (thankYouCompleted || !document.querySelector(`[${enquiryAcceptedAttribute}]`)) return;
  thankYouCompleted = true;
  trackLeadFromRedirect();
  const { bookingUrl } = pageBootData().config;
  const contact = takeBookingContact();
  if (!bookingUrl || !contact) return;
  document.querySelectorAll<HTMLAnchorElement>(`a[${bookingLinkAttribute}]`).forEach((link) => {
    link.href = bookingHref(bookingUrl, contact);
  });
}

/**
 * On the page a plain post lands on: completes it before its first idle moment if the visitor gets there first, as
 * the booking link is followed (a click, a middle click, its menu as a long press opens it) or the page is left.
 */
export function completeThankYouPageOnUse(): void {
  if (!document.querySelector(`[${enquiryAcceptedAttribute}]`)) return;
  const onBookingLink = (event: Event) =>
    (event.target as Element | null)?.closest?.(`a[${bookingLinkAttribute}]`) && completeThankYouPage();
  for (const type of ['click', 'auxclick', 'contextmenu']) document.addEventListener(type, onBookingLink, true);
  window.addEventListener('pagehide', completeThankYouPage);
}
