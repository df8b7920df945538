import type { Testimonial } from '../content/testimonials.ts';
import { testimonialsSection } from '../content/sections.ts';
import { TestimonialCard } from '../browser/components/TestimonialCard.tsx';

/**
 * What clients say, beside the packages: nothing at all until the studio has added a testimonial. Rows are centred,
 * so that one or two cards stand in the middle rather than at the left of a row of three.
 */
export function Testimonials({ testimonials }: { testimonials: readonly Testimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <div className="mt-16">
      <h3 className="text-center text-2xl font-bold text-ink">{testimonialsSection.title}</h3>
      <ul className="mt-8 flex flex-wrap justify-center gap-6">
        {testimonials.map((testimonial) => (
          <li
            key={`${testimonial.name} ${testimonial.business}`}
            className="w-full md:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
          >
            <TestimonialCard testimonial={testimonial} className="h-full" />
          </li>
        ))}
      </ul>
    </div>
  );
}
