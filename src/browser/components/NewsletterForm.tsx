import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { errorPrefix } from '../../content/error-prefix.ts';
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
import { formPageFieldName, honeypotFieldName, tokenFieldName } from '../../shared/page-contract.ts';

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
  const summaryRef = useRef<HTMLDivElement>(null);
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
    if (problemsShown > 0) summaryRef.current?.focus();
  }, [problemsShown]);

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

  const problems = [...newsletterFieldNames, 'form' as const].filter((name) => errors[name]);
  const focusField = (event: MouseEvent<HTMLAnchorElement>, name: NewsletterField) => {
    const field = document.getElementById(fieldId(name));
    if (!field) return;
    event.preventDefault();
    field.focus();
  };

  return (
    <form
      method="post"
      action={newsletterPaths.signUp}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="relative"
      aria-label={copy.heading}
    >
      {problems.length > 0 && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          // Focused on arrival, from the server's HTML on, so that its problems are read out first.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          className="mb-5 rounded-lg border-4 border-red-700 bg-white p-4 outline-none focus:outline-3 focus:outline-sand-500"
          aria-labelledby="newsletter-problems-title"
          role="alert"
        >
          <h3 id="newsletter-problems-title" className="font-bold text-ink">
            {copy.errorSummaryTitle}
          </h3>
          <ul className="mt-2 space-y-1">
            {problems.map((name) => (
              <li key={name}>
                {name === 'form' ? (
                  <p className="font-semibold text-red-700">{errors.form}</p>
                ) : (
                  <a
                    href={`#${fieldId(name)}`}
                    onClick={(event) => focusField(event, name)}
                    className="font-semibold text-red-700 underline underline-offset-4"
                  >
                    {errors[name]}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <input type="hidden" name={tokenFieldName} value={token} />
      <input type="hidden" name={formPageFieldName} value={pagePath} />
      {/* A field people never see: a bot that fills in every field gives itself away. */}
      <div aria-hidden="true" className="absolute top-0 -left-[10000px] size-px overflow-hidden">
        <label htmlFor="newsletter-trap">{copy.honeypotLabel}</label>
        <input
          id="newsletter-trap"
          type="text"
          name={honeypotFieldName}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
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
          data-cta="newsletter-subscribe"
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
