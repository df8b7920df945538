import { useRef, useState, type FormEvent } from 'react';
import { tokenFieldName, tokenMinimumAgeMs } from '../../shared/page-contract.ts';
import type { FormErrors } from '../../shared/form-errors.ts';
import type { Attribution } from './attribution.ts';

/** The JSON answer to a refused submission, with a fresh form token when the one sent had expired or was not valid. */
interface Problem {
  error: string;
  fields: Record<string, string>;
  token?: string;
}

/** Only the whole form was refused (an expired or too-young token), with a fresh token to send it again. */
const isTokenProblem = (problem: Problem) =>
  Boolean(problem.token) && Object.keys(problem.fields).every((key) => key === tokenFieldName);

/** The server names a problem with the token after its field; the form shows it, or one naming no field, as its own. */
function formErrors(problem: Problem): FormErrors<string> {
  const { [tokenFieldName]: tokenProblem, ...fields } = problem.fields;
  const errors: FormErrors<string> = { ...fields, ...(tokenProblem ? { form: tokenProblem } : {}) };
  return Object.keys(errors).length ? errors : { form: problem.error };
}

interface FormSendOptions<Field extends string, Sent> {
  /** Where the form posts. */
  endpoint: string;
  /** The server's render of the form: its token, and a returned plain post's problems. */
  token: string;
  errors: FormErrors<Field>;
  /** The form's words for a refusal the server did not explain, and for a send that had no answer. */
  unavailable: string;
  network: string;
  /** The server accepted the form: its answer (null if it could not be read), and the fields sent. */
  onSent: (answer: Sent | null, fields: Record<string, string>) => void;
  /** The form shows problems, each time it does. */
  onProblems?: () => void;
}

/**
 * How a site form sends itself once its island has hydrated: its fields as JSON with the visit's attribution, one
 * send at a time, sent again by itself when only its token was refused; the server's problems (or the network's)
 * become its errors, and `problemsShown` counts each time they do, for its summary to take focus.
 */
export function useFormSend<Field extends string, Sent>(options: FormSendOptions<Field, Sent>) {
  const { endpoint, unavailable, network, onSent, onProblems } = options;
  const [errors, setErrors] = useState(options.errors);
  const [token, setToken] = useState(options.token);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [problemsShown, setProblemsShown] = useState(0);

  // The server's problems name the form's own fields (or none).
  const showProblems = (problems: FormErrors<string>) => {
    setErrors(problems as FormErrors<Field>);
    onProblems?.();
    setProblemsShown((count) => count + 1);
  };

  async function post(fields: Record<string, string>, attribution?: Attribution) {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(attribution ? { ...fields, attribution } : fields),
    });
    const body = (await response.json().catch(() => null)) as (Sent & Problem) | null;
    if (response.ok) return { answer: body };
    if (body && typeof body.error === 'string') return { problem: { ...body, fields: body.fields ?? {} } };
    return { problem: { error: unavailable, fields: {} } as Problem };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    const fields = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value)]),
    );
    // Where the visit came from: a chunk of about 1 kB, fetched as the form is sent; a form whose page could not
    // load it goes without.
    const attribution = await import('./attribution-storage.ts')
      .then((stored) => stored.storedAttribution())
      .catch(() => undefined);
    try {
      let outcome = await post(fields, attribution);
      if (outcome.problem && isTokenProblem(outcome.problem)) {
        // The page's token had expired (a page left open for days, or one that had none): send again once the
        // fresh one is old enough.
        const fresh = outcome.problem.token!;
        setToken(fresh);
        await new Promise((resolve) => setTimeout(resolve, tokenMinimumAgeMs + 100));
        outcome = await post({ ...fields, [tokenFieldName]: fresh }, attribution);
      }
      if (!outcome.problem) {
        setErrors({});
        onSent(outcome.answer, fields);
        return;
      }
      if (outcome.problem.token) setToken(outcome.problem.token);
      showProblems(formErrors(outcome.problem));
    } catch {
      showProblems({ form: network });
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  return { errors, token, sending, problemsShown, submit };
}
