/** Before the page title, and before each field's message for screen readers, while a form shows problems. */
export const errorPrefix = 'Error:';
/** Every site form's summary of its problems opens with it. */
export const errorSummaryTitle = 'There is a problem';
/** The label of every site form's trap, the field hidden from people that only bots fill in. */
export const honeypotLabel = 'Leave this field empty';
