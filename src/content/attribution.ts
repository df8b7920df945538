/**
 * How long the browser counts a visit as the first touch: a landing this many days or more after it starts a new
 * record of where visits came from. The privacy page and the form's notice state it.
 */
export const attributionDays = 90;
