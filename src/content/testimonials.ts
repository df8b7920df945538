/**
 * What clients say, in their own words and with their permission. Testimonials show beside the packages and near
 * the consult form, and only once there is at least one: add them here as clients give them. The server checks
 * this list as it starts and stops with one line naming an entry that lacks a field.
 */
export interface Testimonial {
  /** Their words, as they said them. */
  readonly quote: string;
  /** "Mia Chen" */
  readonly name: string;
  /** Their business: "Harbourside Espresso". */
  readonly business: string;
  /** Where the business is: "Merewether". */
  readonly suburb: string;
  /** What changed for them, in a line: "Bookings up a third in two months". */
  readonly result?: string;
  /** Their photo: a path under public/ ("/images/testimonials/mia-chen.webp") or an https:// address. */
  readonly photo?: string;
}

export const testimonials: readonly Testimonial[] = [];
