import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  enquiryFieldId as fieldId,
  enquiryFieldTable,
  enquiryForm,
  enquiryFields,
} from '../../content/enquiry-form.ts';
import { planIds, planTitles } from '../../content/plan-titles.ts';
import { useServerFormState } from '../form-state.tsx';
import { trackLead } from '../lib/analytics.ts';
import type { BookingContact } from '../lib/booking-link.ts';
import { markEnquiryAccepted } from '../lib/enquiry-draft.ts';
import { useFormSend } from '../lib/form-send.ts';
import { chosenPlanFieldAttribute, ctaProps } from '../../shared/page-contract.ts';
import { useSiteConfig } from '../site-config.tsx';
import { hubspotConfigured } from '../../shared/hubspot-settings.ts';
import { schedulingService } from '../../content/scheduling-services.ts';
import { BookTimeOffer } from './BookTimeOffer.tsx';
import { FormOpening } from './FormOpening.tsx';
import { KeepTogether } from './KeepTogether.tsx';
import { enquiryEndpoint } from '../../shared/page-contract.ts';

const controlClass =
  'mt-2 block w-full rounded-lg border-2 bg-white px-3 py-2.5 text-base text-ink focus:border-harbour-700 focus:outline-3 focus:outline-offset-0 focus:outline-sand-500';

interface EnquiryFormProps {
  planId?: string;
  /** The page the form is on, which a plain post comes back to with its problems. */
  pagePath: string;
  /** A client's words, above the button. */
  proof?: ReactNode;
  /** The studio's phone and email, shown under the button (above the collection notice) and the thanks. */
  contact?: ReactNode;
  /** Whether the form shows problems, each time that changes. */
  onProblems: (shown: boolean) => void;
  /** The enquiry was accepted, in the render that shows the thanks. */
  onAccepted: () => void;
}

/**
 * The site's own enquiry form: a plain form post that works without JavaScript (303 to /thank-you, or the page
 * back with its problems), sent with fetch once the page is interactive, and then answered in place: the thanks,
 * with the booking link when the studio has a scheduling page, is the one message the visitor sees.
 */
export function EnquiryForm({ planId, pagePath, proof, contact, onProblems, onAccepted }: EnquiryFormProps) {
  const { bookingUrl, enquiriesEmailed, hubspot } = useSiteConfig();
  const server = useServerFormState();
  const values = server?.values ?? {};
  /** Who sent the enquiry, once it is accepted: the booking link carries their name and email. */
  const [sent, setSent] = useState<BookingContact | null>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const { errors, token, sending, problemsShown, submit } = useFormSend({
    endpoint: enquiryEndpoint,
    token: server?.token ?? '',
    errors: server?.errors ?? {},
    unavailable: enquiryForm.messages.unavailable,
    network: enquiryForm.messages.network,
    onProblems: () => onProblems(true),
    onSent: (_answer, fields) => {
      markEnquiryAccepted();
      onProblems(false);
      setSent({ firstname: fields.firstname ?? '', lastname: fields.lastname, email: fields.email ?? '' });
      onAccepted();
      trackLead('site-form');
      // No toast: the thanks replaces the form, scrolled to the top of the screen and focused, and a toast under
      // it would only repeat it over what follows.
    },
  });

  useEffect(() => {
    if (sent === null) return;
    // The message (and the booking link in it) goes to the top of the screen, where it is read first. At once, not
    // smoothly: the message is shorter than the form it replaces, and a smooth scroll would show what follows the
    // form (the FAQ) on its way.
    thanksRef.current?.focus({ preventScroll: true });
    thanksRef.current?.parentElement?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [sent]);

  useEffect(() => () => onProblems(false), [onProblems]);

  if (sent !== null) {
    return (
      <>
        <div className="scroll-mt-20 rounded-xl bg-sea-50 p-6">
          <h3 ref={thanksRef} tabIndex={-1} className="text-xl font-bold text-ink outline-none">
            {enquiryForm.thanksTitle}
          </h3>
          {bookingUrl ? (
            <BookTimeOffer bookingUrl={bookingUrl} contact={sent} />
          ) : (
            <p className="mt-3 text-slate-700">
              <KeepTogether text={enquiryForm.thanksBody} />
            </p>
          )}
        </div>
        {contact}
      </>
    );
  }

  return (
    <form
      method="post"
      action={enquiryEndpoint}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="relative"
      aria-label={enquiryForm.heading}
    >
      <FormOpening
        name="enquiry"
        fields={enquiryFields}
        fieldId={fieldId}
        errors={errors}
        problemsShown={problemsShown}
        token={token}
        pagePath={pagePath}
        classes={{ summary: 'mb-6 p-5', title: 'text-lg font-bold text-ink', list: 'mt-3 space-y-2' }}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {enquiryFieldTable.map((spec) => {
          const id = fieldId(spec.name);
          const error = errors[spec.name];
          const hint = 'hint' in spec ? spec.hint : undefined;
          const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
          const common = {
            id,
            name: spec.name,
            autoComplete: spec.autoComplete,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy,
            className: `${controlClass} ${error ? 'border-red-700' : 'border-slate-500'}`,
          };
          return (
            // A box of several lines takes the form's whole width.
            <div key={spec.name} className={spec.input === 'textarea' ? 'sm:col-span-2' : undefined}>
              <label htmlFor={id} className="block font-semibold text-ink">
                {spec.label}
              </label>
              {hint && (
                <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
                  {hint}
                </p>
              )}
              {error && (
                <p id={`${id}-error`} className="mt-1 font-semibold text-red-700">
                  <span className="sr-only">{enquiryForm.errorPrefix} </span>
                  {error}
                </p>
              )}
              {spec.input === 'select' ? (
                <select
                  {...common}
                  {...{ [chosenPlanFieldAttribute]: '' }}
                  defaultValue={values[spec.name] ?? planId ?? ''}
                >
                  <option value="">{enquiryForm.noPlan}</option>
                  {planIds.map((id) => (
                    <option key={id} value={id}>
                      {planTitles[id]}
                    </option>
                  ))}
                </select>
              ) : spec.input === 'textarea' ? (
                <textarea {...common} required={spec.required} rows={4} defaultValue={values[spec.name] ?? ''} />
              ) : (
                <input
                  {...common}
                  type={spec.input}
                  required={spec.required}
                  spellCheck={spec.input === 'email' ? false : undefined}
                  defaultValue={values[spec.name] ?? ''}
                />
              )}
            </div>
          );
        })}
      </div>
      {proof}
      <button
        type="submit"
        className="btn-dark mt-6 w-full sm:w-auto"
        aria-disabled={sending || undefined}
        {...ctaProps('enquiry-form-submit')}
      >
        {sending && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
          />
        )}
        {sending ? enquiryForm.sending : enquiryForm.submit}
      </button>
      {contact}
      <p className="mt-5 text-sm leading-6 text-slate-600" data-testid="enquiry-notice">
        {enquiryForm.notice({
          emailed: Boolean(enquiriesEmailed),
          hubspot: hubspotConfigured(hubspot),
          bookingService: bookingUrl && schedulingService(bookingUrl),
        })}{' '}
        <a href="/privacy" className="font-semibold text-harbour-700 underline underline-offset-4">
          {enquiryForm.noticeLink}
        </a>
        .
      </p>
    </form>
  );
}
