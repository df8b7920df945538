import { errorPrefix } from '../../content/form-words.ts';
import {
  asksToBookAttribute,
  chosenPlanAttribute,
  chosenPlanFieldAttribute,
  mobileBarAttribute,
} from '../../shared/page-contract.ts';

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
