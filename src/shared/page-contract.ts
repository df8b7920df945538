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

/**
 * A post's body (HTML the server renders from markdown) and, in it, each video facade: a link carrying its player's
 * address and title, which the script swaps for the player on use (src/browser/lib/video-facade.ts).
 */
export const postBodyAttribute = 'data-post-body';
export const videoEmbedAttribute = 'data-video-embed';
export const videoTitleAttribute = 'data-video-title';

/**
 * On every call to action, its analytics label: the one click listener reports it (`cta_click`) and an enquiry names
 * the last one tapped. Written as `<a {...ctaProps('header-call')}>`, so that no element spells the attribute itself.
 */
export const ctaAttribute = 'data-cta';
export const ctaProps = (label: string | undefined) => ({ [ctaAttribute]: label });

/** Where the site's own enquiry form posts, with JavaScript or without. */
export const enquiryEndpoint = '/api/enquiries';
/** Where the newsletter sign-up posts, with JavaScript or without. */
export const newsletterEndpoint = '/api/newsletter';
/** Where the confirmation page's button posts (the script presses it for the visitor after a moment). */
export const newsletterConfirmEndpoint = '/api/newsletter/confirm';

/**
 * The hidden fields of the site's own forms (the consult form and the newsletter sign-up). The honeypot's name is one
 * no password manager fills in.
 */
export const tokenFieldName = 'form_token';
export const honeypotFieldName = 'enquiry_trap';
/** The path of the page the form was rendered on, which the server records as the post's page. */
export const formPageFieldName = 'form_page';

/**
 * A form token is accepted only this long after it was issued: no person fills in the form faster, so the server
 * refuses a sooner post as a bot's, and the form waits this long before it sends again with a fresh token.
 */
export const tokenMinimumAgeMs = 3_000;

/** How long a plain post's answer is awaited: the lead cookie set on an accepted post and the tab's posted mark. */
export const postedAnswerMs = 10 * 60 * 1000;
/** The cookie an accepted plain post sets for /thank-you, which reports the lead once and deletes it. */
export const leadCookieName = 'enquiry_sent';

/**
 * Set by the confirmation POST, on /newsletter/confirmed only, for as long as the confirmed page may take to load:
 * the page sends `sign_up` to analytics once when it is there, and deletes it, so only the tab that confirmed
 * reports it.
 */
export const newsletterConfirmedCookieName = 'newsletter_confirmed';
export const newsletterConfirmedCookieMs = 10 * 60 * 1000;
