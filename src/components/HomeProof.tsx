import { consultHostLine } from '../content/team-sections.ts';
import { consultHost } from '../lib/team.ts';
import { shortestTestimonial } from '../lib/testimonials.ts';
import { TestimonialCard } from '../browser/components/TestimonialCard.tsx';
import { MemberPortrait } from './MemberPortrait.tsx';

/**
 * Proof under the home hero's buttons, on a phone's first screen: a client's words once the studio has added
 * testimonials, else who takes the consults once they have a photo (initials would prove nothing); nothing before
 * that. Compact, so that the first price stays within a phone's first two screens.
 */
export function HomeProof() {
  if (shortestTestimonial)
    return <TestimonialCard testimonial={shortestTestimonial} tone="dark" size="compact" className="mt-6 max-w-xl" />;
  const host = consultHost();
  if (!host?.photo) return null;
  return (
    <p className="mt-6 flex items-center gap-3 text-slate-100" data-testid="home-consult-host">
      <MemberPortrait member={host} size={48} />
      <span>{consultHostLine(host.name, host.role)}</span>
    </p>
  );
}
