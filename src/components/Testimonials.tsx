import type { Testimonial } from '../content/testimonials.ts';
import { testimonialsSection } from '../content/sections.ts';
import { TestimonialCard } from './TestimonialCard.tsx';

/** What clients say, beside the packages: nothing at all until the studio has added a testimonial. Server only. */
export function Testimonials({ testimonials }: { testimonials: readonly Testimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <>
      <h3 className="text-center text-2xl font-bold text-ink">{testimonialsSection.title}</h3>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={`${testimonial.name} ${testimonial.business}`}>
            <TestimonialCard testimonial={testimonial} className="h-full" />
          </li>
        ))}
      </ul>
    </>
  );
}
