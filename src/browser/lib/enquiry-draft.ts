/**
 * The half-typed enquiry, kept in the tab's session storage (never sent anywhere) so that nothing a visitor types
 * is lost when they leave the page: a link (even one tapped while typing), Back or Forward, then any page with the
 * form finds it again. The boot loader (src/browser/boot-loader.ts) runs this before any other script, so it also keeps what
 * is typed into the server's HTML. Once the enquiry is accepted the draft goes, and no page shows its values again:
 * a page shown from history (Back, Forward, the back/forward cache) shows the draft, not what its fields held.
 * Why: docs/decisions/enquiry-drafts.md
 */

import { leadCookieSet } from './analytics.ts';
import { keepBookingContact } from './booking-contact.ts';
import {
  bookingLinkAttribute,
  enquiryAcceptedAttribute,
  enquiryEndpoint,
  postedAnswerMs,
} from '../../shared/page-contract.ts';

const storageKey = 'enquiry-draft';
/** Set once an enquiry has been accepted in this tab: fields then hold nothing the draft does not. */
const acceptedKey = 'enquiry-accepted';
/**
 * Set as this tab posts the form as a plain post (holding the time), and taken by the next page the tab shows: the
 * post's answer. /thank-you thanks this tab for an enquiry only with a fresh mark and the cookie the server sets on
 * the answer that accepted it: anyone can link or redirect to /thank-you, and an answer with no script (a 429, a 413)
 * cannot take the mark itself.
 */
const postedKey = 'enquiry-posted';
/** The site's own enquiry form, as the server renders it (a plain post to the enquiry endpoint). */
const formSelector = `form[action="${enquiryEndpoint}"]`;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Draft {
  values: Record<string, string>;
  /** The field that had focus as the visitor left: the next page's form gives it focus again. */
  focus?: string;
}

/** The fields a visitor fills in: not the hidden ones (token, page) nor the trap for bots (out of tab order). */
function visitorFields(form: HTMLFormElement): Field[] {
  return [...form.querySelectorAll<Field>('input, textarea, select')].filter(
    (field) => field.name && field.type !== 'hidden' && field.tabIndex !== -1,
  );
}

/** Whether the field holds something other than what the server's HTML gave it. */
function changedFromPage(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

function readDraft(): Draft | undefined {
  try {
    const draft = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Draft | null;
    return draft && typeof draft.values === 'object' ? draft : undefined;
  } catch {
    return undefined;
  }
}

function writeDraft(draft: Draft): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(draft));
  } catch {
    // Storage is off or full: the form still works, it just is not kept.
  }
}

/** Forgets the draft, and its values on every page of the tab: the enquiry has been accepted. */
export function markEnquiryAccepted(): void {
  try {
    sessionStorage.removeItem(storageKey);
    sessionStorage.setItem(acceptedKey, '1');
  } catch {
    // Storage is off: there is no draft.
  }
}

function enquiryWasAccepted(): boolean {
  try {
    return sessionStorage.getItem(acceptedKey) !== null;
  } catch {
    return false;
  }
}

let postedMarkTaken = false;

/**
 * Whether this tab posted the form just before this page; asked once per page, as the mark is taken. Taken before
 * this page's own plain post sets a new one, so that the page's later take (idle, `pagehide`) leaves that one be.
 */
function takePostedMark(): boolean {
  if (postedMarkTaken) return false;
  postedMarkTaken = true;
  try {
    const postedAt = Number(sessionStorage.getItem(postedKey));
    sessionStorage.removeItem(postedKey);
    return Date.now() - postedAt < postedAnswerMs;
  } catch {
    return false;
  }
}

/** Notes a plain post of the form (one the page's script sends itself is default-prevented and lands nowhere). */
function notePlainPost(event: Event): void {
  if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
  notePostedPlainly(event.target);
}

/**
 * Marks that this tab posts the enquiry form as plain HTML, for the page it lands on. Called by the submit listener,
 * and by whatever posts the form without a submit event (`form.submit()`).
 */
export function notePostedPlainly(form: HTMLFormElement): void {
  if (!form.matches(formSelector)) return;
  takePostedMark();
  try {
    sessionStorage.setItem(postedKey, String(Date.now()));
  } catch {
    // Storage is off: there is no draft to clear nor details to hand over.
  }
}

/** Back to the value the server's HTML gave the field. */
function resetField(field: Field): void {
  if (field instanceof HTMLSelectElement) for (const option of field.options) option.selected = option.defaultSelected;
  else field.value = field.defaultValue;
}

function saveDraft(form: HTMLFormElement, withFocus: boolean): void {
  const values = Object.fromEntries(visitorFields(form).map((field) => [field.name, field.value]));
  const focused = document.activeElement;
  const focus =
    withFocus && focused instanceof HTMLElement && form.contains(focused) ? focused.getAttribute('name') : null;
  writeDraft(focus ? { values, focus } : { values });
}

/**
 * Puts the draft into the form. A field that already has a value keeps it: the visitor typed it into this page (or
 * the page came back with it), and that is newer than the draft. `fromHistory` is for a page shown again (Back,
 * Forward, a reload, the back/forward cache): what its fields hold is the browser's copy of an earlier visit, older
 * than the draft, and may be an enquiry already sent, so the fields show the draft and otherwise the server's HTML.
 */
function restoreDraft(form: HTMLFormElement, fromHistory: boolean): void {
  const draft = readDraft();
  if (fromHistory && (draft || enquiryWasAccepted())) {
    for (const field of visitorFields(form)) {
      const value = draft?.values[field.name];
      if (value === undefined) resetField(field);
      else if (field.value !== value) field.value = value;
    }
  }
  if (!draft) return;
  for (const field of visitorFields(form)) {
    const value = draft.values[field.name];
    if (value && field.value === '') field.value = value;
  }
  if (!draft.focus) return;
  writeDraft({ values: draft.values });
  const field = visitorFields(form).find((candidate) => candidate.name === draft.focus);
  // The visitor may already be elsewhere on this page: focus follows only if nothing else has it.
  if (!field || (document.activeElement && document.activeElement !== document.body)) return;
  // Without scrolling: a visitor who has scrolled on stays where they are, and typing brings the field into view.
  field.focus({ preventScroll: true });
  if (field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type === 'text')) {
    field.setSelectionRange(field.value.length, field.value.length);
  }
}

const enquiryForm = () => document.querySelector<HTMLFormElement>(formSelector);

/** Whether this page was loaded from history (Back, Forward, a reload), when the browser refills its fields. */
function loadedFromHistory(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'back_forward' || navigation?.type === 'reload';
}

let restored = false;

/**
 * Puts the draft into this page's form, once: the boot loader calls it at the browser's first idle moment after the
 * first paint (or as the page is left), and keeping the draft calls it first, as the visitor reaches the form. The
 * mark of a plain post goes then: this page is not that post's answer.
 */
export function restoreEnquiryDraft(): void {
  if (restored) return;
  restored = true;
  takePostedMark();
  const form = enquiryForm();
  if (!form) return;
  const fromHistory = loadedFromHistory();
  const typedAlready = !fromHistory && visitorFields(form).some(changedFromPage);
  restoreDraft(form, fromHistory);
  // What was typed into this page before now is part of the draft too.
  if (typedAlready) saveDraft(form, false);
}

/**
 * Keeps the draft from now on, with listeners: the draft goes into the form (`restoreEnquiryDraft`) before anything
 * of the form is saved, so that what is saved always holds it.
 */
export function keepEnquiryDrafts(): void {
  // The page a plain post from this tab lands on once the enquiry is accepted (/thank-you) ends its draft at once:
  // done with, but for the name and email that page's booking link carries, when it has one. At once, because the
  // page the visitor may go Back to can be shown from the back/forward cache in another process, which learns of
  // the tab's storage only some time after it is written.
  if (document.querySelector(`[${enquiryAcceptedAttribute}]`) && takePostedMark() && leadCookieSet()) {
    if (document.querySelector(`[${bookingLinkAttribute}]`)) keepBookingContact(readDraft()?.values);
    markEnquiryAccepted();
  }
  const inForm = (event: Event) => (event.target as Element | null)?.closest?.(formSelector);
  document.addEventListener('focusin', (event) => inForm(event) && restoreEnquiryDraft(), true);
  // Bubbling to the window, after the page's own script has taken the post over (and prevented the plain one).
  window.addEventListener('submit', notePlainPost);
  const onEdit = (event: Event) => {
    const form = inForm(event);
    if (!(form instanceof HTMLFormElement)) return;
    restoreEnquiryDraft();
    saveDraft(form, false);
  };
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);
  window.addEventListener('pagehide', () => {
    restoreEnquiryDraft();
    const form = enquiryForm();
    if (!form) return;
    saveDraft(form, true);
    // Shown again from the back/forward cache: the fields hold what they held as the page was left.
    window.addEventListener('pageshow', () => restoreDraft(form, true), { once: true });
  });
}
