import { shortestTestimonial } from '../lib/testimonials.ts';
import { TestimonialCard } from '../browser/components/TestimonialCard.tsx';

/** A client's words under the home page's hero, once the studio has added testimonials; nothing before that. */
export function HomeTestimonial() {
  if (!shortestTestimonial) return null;
  return (
    <div className="container-page max-w-2xl py-8">
      <TestimonialCard testimonial={shortestTestimonial} size="compact" />
    </div>
  );
}
