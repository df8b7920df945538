import { useServerPart } from '../app/server-parts.tsx';

/** A client's words under the home page's hero, once the studio has added testimonials; nothing before that. */
export function HomeTestimonial() {
  const testimonial = useServerPart('home-testimonial', (parts) => parts.testimonialNearForm('light'));
  if (!testimonial) return null;
  return (
    <div className="container-page max-w-2xl py-8">
      <div id="home-testimonial" dangerouslySetInnerHTML={{ __html: testimonial }} />
    </div>
  );
}
