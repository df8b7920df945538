/**
 * The contract between the server's HTML and the page's plain script (src/browser/boot-loader.ts and its helpers):
 * the attributes the script finds elements by, the form endpoints it posts to, and the lifetimes both sides must
 * agree on. Both import these names, so that a typo fails the typecheck instead of silently disabling a behaviour.
 * The islands' own markers are in src/browser/islands/markup.ts.
 */

/** The page's first 50px, under the header: the header is scrolled once this is out of view. */
export const scrollSentinelAttribute = 'data-scroll-sentinel';
/** On the header: "true" once the page is scrolled, for its shadow. */
export const scrolledAttribute = 'data-scrolled';
/** On the mobile consult bar, which steps aside while an element that hides it is on screen. */
export const mobileBarAttribute = 'data-mobile-consult-bar';
/** On the mobile consult bar: "true" while it is aside. */
export const mobileBarHiddenAttribute = 'data-hidden';
/** On what the mobile bar steps aside for: the consult form, the home hero's buttons, the footer. */
export const hidesMobileBarAttribute = 'data-hides-mobile-bar';
/** On an element that asks the visitor to book a consult (the footer's call, the mobile bar): gone once sent. */
export const asksToBookAttribute = 'data-asks-to-book';
/** On the page that thanks for an accepted enquiry (/thank-you): it completes the lead and the booking link. */
export const enquiryAcceptedAttribute = 'data-enquiry-accepted';
/** On a link to the studio's scheduling page, which the visitor's name and email are put into once sent. */
export const bookingLinkAttribute = 'data-booking-link';

/** Where the site's own enquiry form posts, with JavaScript or without. */
export const enquiryEndpoint = '/api/enquiries';

/**
 * How long a plain post's answer is awaited: the lead cookie set on an accepted post lives this long, and the tab's
 * mark that it sent the post waits as long for it.
 */
export const postedAnswerMs = 10 * 60 * 1000;
/** The cookie an accepted plain post sets for /thank-you, which reports the lead once and deletes it. */
export const leadCookieName = 'enquiry_sent';
