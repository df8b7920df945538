import { Portrait } from './Portrait.tsx';
import type { Testimonial } from '../content/testimonials.ts';

/** One client's words, with who said them and, when given, what changed for them and their photo. */
export function TestimonialCard({
  testimonial,
  tone = 'light',
  className = '',
}: {
  testimonial: Testimonial;
  tone?: 'dark' | 'light';
  /** Its sizing where it stands: `h-full` in a row of cards. */
  className?: string;
}) {
  const dark = tone === 'dark';
  return (
    <figure
      className={`flex flex-col rounded-2xl p-6 ${className} ${dark ? 'bg-white/10 text-white' : 'border border-slate-200 bg-white text-ink shadow-sm'}`}
    >
      {testimonial.result && (
        <p className={`text-sm font-bold ${dark ? 'text-sand-300' : 'text-sea-700'}`}>{testimonial.result}</p>
      )}
      <blockquote className={`mt-2 flex-1 text-lg leading-8 ${dark ? 'text-slate-100' : 'text-slate-700'}`}>
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3">
        {testimonial.photo && <Portrait src={testimonial.photo} size={48} />}
        <span>
          <span className="block font-bold">{testimonial.name}</span>
          <span className={`block text-sm ${dark ? 'text-slate-300' : 'text-slate-600'}`}>
            {testimonial.business}, {testimonial.suburb}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
