import { errorPrefix } from '../../content/error-prefix.ts';
import { asksToBookAttribute, mobileBarAttribute } from '../../shared/page-contract.ts';

/**
 * What the consult form's island changes in the page around it, which stays the server's HTML: the page's title
 * while the form shows problems, and the calls to book a consult once an enquiry is accepted in place.
 */

const titlePrefix = `${errorPrefix} `;

/** A form with problems names them in the title first, so that a screen reader announces them on arrival. */
export function showFormProblemsInPage(hasErrors: boolean): void {
  const title = document.title.startsWith(titlePrefix) ? document.title.slice(titlePrefix.length) : document.title;
  document.title = hasErrors ? `${titlePrefix}${title}` : title;
  // The form is then what the page is for: the mobile bar would only cover it.
  if (hasErrors) document.querySelector(`[${mobileBarAttribute}]`)?.setAttribute('hidden', '');
}

/** Once an enquiry is accepted in place, nothing on the page asks the visitor to book a consult again. */
export function stepAsideAfterEnquiry(): void {
  document.querySelectorAll(`[${asksToBookAttribute}]`).forEach((element) => element.setAttribute('hidden', ''));
}
