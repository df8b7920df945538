import { useEffect, useRef, type MouseEvent } from 'react';
import { formPageFieldName, honeypotFieldName, tokenFieldName } from '../../shared/page-contract.ts';
import { errorSummaryTitle, honeypotLabel } from '../../content/form-words.ts';
import type { FormErrors } from '../../shared/form-errors.ts';

interface FormOpeningProps<Field extends string> {
  /** The form's name in the ids of its summary's title and its trap: unique on a page that has both forms. */
  name: string;
  /** The fields in the order the form shows them: the summary lists their problems so, then the whole form's. */
  fields: readonly Field[];
  fieldId: (name: Field) => string;
  errors: FormErrors<Field>;
  /** How many times the form has shown problems since it hydrated (`useFormSend`). */
  problemsShown: number;
  token: string;
  /** The page the form is on, which a plain post comes back to with its problems. */
  pagePath: string;
  /** The summary's spacing and background, its title's and its list's: each form's own size. */
  classes: { summary: string; title: string; list: string };
}

/** What a site form opens with: the summary of its problems (while it has some), its hidden fields and its trap. */
export function FormOpening<Field extends string>(props: FormOpeningProps<Field>) {
  const { name, fieldId, errors, problemsShown, classes } = props;
  const summaryRef = useRef<HTMLDivElement>(null);
  const problems = [...props.fields, 'form' as const].filter((field) => errors[field]);
  const focusField = (event: MouseEvent<HTMLAnchorElement>, field: Field) => {
    const element = document.getElementById(fieldId(field));
    if (!element) return;
    event.preventDefault();
    element.focus();
  };

  useEffect(() => {
    if (problemsShown > 0) summaryRef.current?.focus();
  }, [problemsShown]);

  return (
    <>
      {problems.length > 0 && (
        <div
          ref={summaryRef}
          tabIndex={-1}
          // The summary takes focus so its problems are read out first (as GOV.UK's does): on arrival, from the
          // server's HTML on (so before and without JavaScript too), and each time the form shows problems again.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          className={`${classes.summary} rounded-lg border-4 border-red-700 outline-none focus:outline-3 focus:outline-sand-500`}
          aria-labelledby={`${name}-problems-title`}
          role="alert"
        >
          <h3 id={`${name}-problems-title`} className={classes.title}>
            {errorSummaryTitle}
          </h3>
          <ul className={classes.list}>
            {problems.map((field) => (
              <li key={field}>
                {field === 'form' ? (
                  <p className="font-semibold text-red-700">{errors.form}</p>
                ) : (
                  <a
                    href={`#${fieldId(field)}`}
                    onClick={(event) => focusField(event, field)}
                    className="font-semibold text-red-700 underline underline-offset-4"
                  >
                    {errors[field]}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <input type="hidden" name={tokenFieldName} value={props.token} />
      <input type="hidden" name={formPageFieldName} value={props.pagePath} />
      {/* A field people never see: a bot that fills in every field gives itself away. */}
      <div aria-hidden="true" className="absolute top-0 -left-[10000px] size-px overflow-hidden">
        <label htmlFor={`${name}-trap`}>{honeypotLabel}</label>
        <input
          id={`${name}-trap`}
          type="text"
          name={honeypotFieldName}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
