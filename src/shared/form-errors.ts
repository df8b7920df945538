/** A form's problems by field; `form` is a problem with the whole submission (an expired form, say), in the summary. */
export type FormErrors<Field extends string> = Partial<Record<Field | 'form', string>>;
