/**
 * HubSpot's Forms Submission API (v3) error bodies, as its documentation gives them, for the stand-ins that tests and
 * `scripts/enquiry-stand-ins.ts` run: `{ status, message, correlationId, errors: [{ message, errorType }] }`.
 */
export type HubSpotErrorType =
  | 'FIELD_NOT_IN_FORM_DEFINITION'
  | 'INVALID_EMAIL'
  | 'BLOCKED_EMAIL'
  | 'REQUIRED_FIELD'
  | 'INPUT_TOO_LARGE'
  | 'INVALID_HUTK';

const messages: Record<HubSpotErrorType, (field: string) => string> = {
  FIELD_NOT_IN_FORM_DEFINITION: (field) =>
    `Error in 'fields.${field}'. Field '${field}' is not in the form definition.`,
  INVALID_EMAIL: (field) => `Error in 'fields.${field}'. Invalid email address`,
  BLOCKED_EMAIL: (field) => `Error in 'fields.${field}'. Email address is blocked`,
  REQUIRED_FIELD: (field) => `Error in 'fields.${field}'. Required field '${field}' is missing`,
  INPUT_TOO_LARGE: (field) => `Error in 'fields.${field}'. Input too large`,
  INVALID_HUTK: () => `Error in 'context.hutk'. Invalid hutk`,
};

/** The JSON body of a 400 naming `errors` (each a field and its HubSpot error type). */
export function hubspotErrorBody(errors: Array<{ field: string; errorType: HubSpotErrorType }>): string {
  return JSON.stringify({
    status: 'error',
    message: 'The request is not valid',
    correlationId: crypto.randomUUID(),
    errors: errors.map(({ field, errorType }) => ({ message: messages[errorType](field), errorType })),
  });
}

/**
 * How a HubSpot form with only `formFields` answers a submission: null when it accepts it, else the 400 body naming
 * every field it lacks (HubSpot names them all at once).
 */
export function refusalOfFieldsNotInForm(
  submitted: { fields?: Array<{ name: string }> },
  formFields: readonly string[],
): string | null {
  const missing = (submitted.fields ?? []).map((f) => f.name).filter((name) => !formFields.includes(name));
  return missing.length
    ? hubspotErrorBody(missing.map((field) => ({ field, errorType: 'FIELD_NOT_IN_FORM_DEFINITION' })))
    : null;
}
