/** Before the page title, and before each field's message for screen readers, while a form shows problems. */
export const errorPrefix = 'Error:';
