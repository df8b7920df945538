/**
 * The contract between the server's HTML and the page's plain script (src/browser/boot-loader.ts and its helpers):
 * the attributes the script finds elements by, the form endpoints it posts to, and the lifetimes both sides must
 * agree on, named once so that a typo fails the typecheck instead of silently disabling a behaviour. The islands'
 * own markers are in src/browser/islands/markup.ts.
 */

/** Under the header, the page's first 50px: the header (`scrolled`, for its shadow) is scrolled once it is gone. */
export const scrollSentinelAttribute = 'data-scroll-sentinel';
export const scrolledAttribute = 'data-scrolled';
/** The mobile consult bar, "true" in `hidden` while an element that hides it (the form, a hero's buttons) shows. */
export const mobileBarAttribute = 'data-mobile-consult-bar';
export const mobileBarHiddenAttribute = 'data-hidden';
export const hidesMobileBarAttribute = 'data-hides-mobile-bar';
/** On an element that asks the visitor to book a consult (the footer's call, the mobile bar): gone once sent. */
export const asksToBookAttribute = 'data-asks-to-book';
/** The page thanking for an accepted enquiry, whose booking links get the visitor's name and email once sent. */
export const enquiryAcceptedAttribute = 'data-enquiry-accepted';
export const bookingLinkAttribute = 'data-booking-link';
/** The newsletter's confirmation form, which the script posts for the visitor after a moment on screen. */
export const newsletterConfirmAttribute = 'data-newsletter-confirm';
/** The page a newsletter confirmation lands on, which reports `sign_up` in the tab whose post confirmed. */
export const newsletterConfirmedAttribute = 'data-newsletter-confirmed';

/**
 * On the consult page's line "You've chosen <package> · <price>" (empty) and on each of its packages (the plan's id):
 * the line shows the one the form's package field (which carries the second attribute) holds, and steps aside while
 * it holds none.
 */
export const chosenPlanAttribute = 'data-chosen-plan';
export const chosenPlanFieldAttribute = 'data-plan-field';

/** Where the site's own enquiry form posts, with JavaScript or without. */
export const enquiryEndpoint = '/api/enquiries';

/** How long a plain post's answer is awaited: the lead cookie set on an accepted post and the tab's posted mark. */
export const postedAnswerMs = 10 * 60 * 1000;
/** The cookie an accepted plain post sets for /thank-you, which reports the lead once and deletes it. */
export const leadCookieName = 'enquiry_sent';
