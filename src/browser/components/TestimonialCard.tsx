import { Portrait } from './Portrait.tsx';
import type { Testimonial } from '../../content/testimonials.ts';

/**
 * One client's words, with who said them and, when given, what changed for them and their photo. `compact`, near a
 * form or under the home hero, keeps to the words and who said them, so that it takes a few lines on a phone.
 */
export function TestimonialCard({
  testimonial,
  tone = 'light',
  size = 'full',
  className = '',
}: {
  testimonial: Testimonial;
  tone?: 'dark' | 'light';
  size?: 'full' | 'compact';
  /** Its sizing where it stands: `h-full` in a row of cards. */
  className?: string;
}) {
  const dark = tone === 'dark';
  const compact = size === 'compact';
  return (
    <figure
      className={`flex flex-col rounded-2xl ${compact ? 'p-4' : 'p-6'} ${className} ${dark ? 'bg-white/10 text-white' : 'border border-slate-200 bg-white text-ink shadow-sm'}`}
    >
      {testimonial.result && !compact && (
        <p className={`text-sm font-bold ${dark ? 'text-sand-300' : 'text-sea-700'}`}>{testimonial.result}</p>
      )}
      <blockquote
        className={`flex-1 ${compact ? 'text-base leading-7' : 'mt-2 text-lg leading-8'} ${dark ? 'text-slate-100' : 'text-slate-700'}`}
      >
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className={`flex items-center gap-3 ${compact ? 'mt-2 text-sm' : 'mt-5'}`}>
        {testimonial.photo && !compact && <Portrait src={testimonial.photo} size={48} />}
        <span>
          <span className={compact ? 'font-bold' : 'block font-bold'}>{testimonial.name}</span>
          {compact ? ', ' : ''}
          <span className={`${compact ? '' : 'block text-sm'} ${dark ? 'text-slate-300' : 'text-slate-600'}`}>
            {testimonial.business}, {testimonial.suburb}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
