import { useEffect, useRef, useState } from 'react';
import { errorPrefix } from '../../content/form-words.ts';
import { newsletterForm as copy } from '../../content/newsletter-form.ts';
import {
  newsletterFieldLimits,
  newsletterFieldNames,
  newsletterMessages,
  newsletterPaths,
  type NewsletterAccepted,
  type NewsletterField,
} from '../../lib/newsletter.ts';
import { useServerNewsletterState } from '../form-state.tsx';
import { useFormSend } from '../lib/form-send.ts';
import { FormOpening } from './FormOpening.tsx';
import { ctaProps } from '../../shared/page-contract.ts';

export interface NewsletterFormProps {
  /** The page the form is on, which a plain post with problems comes back to. */
  pagePath: string;
}

const fieldId = (name: NewsletterField) => `newsletter-${name}`;

const controlClass =
  'mt-1.5 block w-full rounded-lg border-2 bg-white px-3 py-2.5 text-base text-ink focus:border-harbour-700 focus:outline-3 focus:outline-offset-0 focus:outline-sand-500';

/**
 * The newsletter sign-up: a plain form post that works without JavaScript (303 to the check-your-inbox page, or the
 * page back with its problems); once its island has hydrated it sends with fetch and answers in place, with the same
 * words for every valid address, so that no one can learn from it whether an address is subscribed.
 */
export default function NewsletterForm({ pagePath }: NewsletterFormProps) {
  // The form's own token, and a returned plain post's values, problems or answer.
  const state = useServerNewsletterState();
  const values = state.values ?? {};
  // A refusal of the whole sign-up (the hourly cap reached, too many from one connection) is the form's problem.
  const refused = state.status === 'refused' || state.status === 'unavailable';
  const [message, setMessage] = useState(state.status === 'sent' ? (state.message ?? null) : null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const { errors, token, sending, problemsShown, submit } = useFormSend<NewsletterField, NewsletterAccepted>({
    endpoint: newsletterPaths.signUp,
    token: state.token,
    errors: state.errors ?? (refused && state.message ? { form: state.message } : {}),
    unavailable: newsletterMessages.unavailable,
    network: copy.network,
    onSent: (answer) => setMessage(answer?.message ?? newsletterMessages.checkYourInbox),
  });

  useEffect(() => {
    if (message !== null) messageRef.current?.focus();
  }, [message]);

  if (message !== null) {
    return (
      <p
        ref={messageRef}
        tabIndex={-1}
        role="status"
        className="rounded-xl bg-sea-50 p-5 font-semibold text-ink outline-none"
        data-newsletter-sent
      >
        {message}
      </p>
    );
  }

  return (
    <form
      method="post"
      action={newsletterPaths.signUp}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="relative"
      aria-label={copy.heading}
    >
      <FormOpening
        name="newsletter"
        fields={newsletterFieldNames}
        fieldId={fieldId}
        errors={errors}
        problemsShown={problemsShown}
        token={token}
        pagePath={pagePath}
        classes={{ summary: 'mb-5 bg-white p-4', title: 'font-bold text-ink', list: 'mt-2 space-y-1' }}
      />
      <div className="grid gap-4">
        {newsletterFieldNames.map((name) => {
          const id = fieldId(name);
          const error = errors[name];
          const field = copy.fields[name];
          return (
            <div key={name}>
              <label htmlFor={id} className="block font-semibold text-ink">
                {field.label}
              </label>
              {error && (
                <p id={`${id}-error`} className="mt-1 font-semibold text-red-700">
                  <span className="sr-only">{errorPrefix} </span>
                  {error}
                </p>
              )}
              <input
                id={id}
                name={name}
                type={name === 'email' ? 'email' : 'text'}
                required={name === 'email'}
                maxLength={newsletterFieldLimits[name]}
                autoComplete={field.autoComplete}
                spellCheck={name === 'email' ? false : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                defaultValue={values[name] ?? ''}
                className={`${controlClass} ${error ? 'border-red-700' : 'border-slate-500'}`}
              />
            </div>
          );
        })}
        <button
          type="submit"
          className="btn-dark w-full sm:w-auto sm:justify-self-start"
          aria-disabled={sending || undefined}
          {...ctaProps('newsletter-subscribe')}
        >
          {sending ? copy.sending : copy.submit}
        </button>
      </div>
      <p className="mt-3 text-sm leading-6 text-slate-600">
        {copy.notice}{' '}
        <a href="/privacy" className="font-semibold text-harbour-700 underline underline-offset-4">
          {copy.noticeLink}
        </a>
        .
      </p>
    </form>
  );
}
