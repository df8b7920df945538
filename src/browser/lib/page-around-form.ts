import { errorPrefix } from '../../content/error-prefix.ts';

/**
 * What the consult form's island changes in the page around it, which stays the server's HTML: the page's title
 * while the form shows problems, and the calls to book a consult once an enquiry is accepted in place.
 */

/** On an element that asks the visitor to book a consult (the footer's call, the mobile bar): gone once sent. */
export const asksToBookAttribute = 'data-asks-to-book';
/** On the mobile consult bar, which also steps aside while the form shows problems. */
export const mobileBarAttribute = 'data-mobile-consult-bar';

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

/**
 * On the consult page's line "You've chosen <package> · <price>" (empty) and on each of its packages (the plan's id):
 * the line shows the one the form's package field (which carries the second attribute) holds, and steps aside while
 * it holds none.
 */
export const chosenPlanAttribute = 'data-chosen-plan';
export const chosenPlanFieldAttribute = 'data-plan-field';

function showChosenPlanInPage(planId: string): void {
  const line = document.querySelector(`[${chosenPlanAttribute}=""]`);
  if (!line) return;
  let shown = false;
  line.querySelectorAll(`[${chosenPlanAttribute}]`).forEach((choice) => {
    const chosen = choice.getAttribute(chosenPlanAttribute) === planId;
    choice.toggleAttribute('hidden', !chosen);
    shown ||= chosen;
  });
  line.toggleAttribute('hidden', !shown);
}

/**
 * The boot loader's: the "You've chosen" line follows the form's package field as the visitor changes it, whether or
 * not the form's island has woken, and from what it holds now (a draft put back).
 */
export function followChosenPlan(): void {
  const field = document.querySelector<HTMLSelectElement>(`[${chosenPlanFieldAttribute}]`);
  if (!field || !document.querySelector(`[${chosenPlanAttribute}]`)) return;
  showChosenPlanInPage(field.value);
  document.addEventListener('change', (event) => {
    const target = event.target as Element;
    if (target.hasAttribute(chosenPlanFieldAttribute)) showChosenPlanInPage((target as HTMLSelectElement).value);
  });
}
