import { testimonials, type Testimonial } from '../content/testimonials.ts';

/** The shortest of the clients' words: the one near a form, where it must take few lines on a phone. */
export const shortestTestimonial: Testimonial | undefined = testimonials.toSorted(
  (a, b) => a.quote.length - b.quote.length,
)[0];
