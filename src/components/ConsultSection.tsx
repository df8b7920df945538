import { CircleCheck as circleCheckIcon } from 'lucide';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useServerFormHasProblems } from '../browser/form-state.tsx';
import { useSiteConfig } from '../browser/site-config.tsx';
import { hubspotConfigured } from '../shared/hubspot-settings.ts';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { trustPoints } from '../content/home.ts';
import { consultSection } from '../content/sections.ts';
import { shortestTestimonial } from '../lib/testimonials.ts';
import { BookTimeUpFront } from './BookTimeUpFront.tsx';
import { ConsultHost } from './ConsultHost.tsx';
import { Island } from './Island.tsx';
import { TestimonialCard } from '../browser/components/TestimonialCard.tsx';
import { KeepTogether } from '../browser/components/KeepTogether.tsx';
import { hidesMobileBarAttribute } from '../shared/page-contract.ts';

interface ConsultSectionProps {
  planId?: string;
  /** The page's own heading (an h1 without an eyebrow, on /start-project), or the section's h2. */
  level?: 1 | 2;
  title?: ReactNode;
  /** The promise under the heading; by default the section's own, which says when a time can be chosen. */
  intro?: ReactNode;
  /** Under the introduction, such as the package chosen. */
  children?: ReactNode;
  /** A heading of the form's own, in its card above the first field. */
  formHeading?: string;
}

/**
 * The consult form section every marketing page ends with; the mobile bar hides while it is in view. On a phone
 * the form comes straight after the heading and introduction (with, when the studio has given them, a client's words
 * before it and who the visitor will talk to in its card's heading, and the offer to pick a time above it: on the
 * consult page, whose first field must stay on a phone's first screen, that offer is a link in the page's own
 * promise), and the reasons to send it follow it; from 1024px they stand beside it. They come before the form in the document, so that a screen
 * reader reads them as before.
 */
export function ConsultSection({
  planId,
  level = 2,
  title = consultSection.title,
  intro,
  children,
  formHeading,
}: ConsultSectionProps) {
  const { bookingUrl, hubspot } = useSiteConfig();
  const hasProblems = useServerFormHasProblems();
  const Heading = level === 1 ? 'h1' : 'h2';
  const { pathname } = useLocation();
  return (
    // Clipped, not hidden: an overflow-hidden section is a scroll box, and the success message's scrollIntoView
    // would scroll the section's own content (by the glow's overhang) under the header.
    <section
      id="consult"
      aria-labelledby="consult-heading"
      {...{ [hidesMobileBarAttribute]: true }}
      className={`relative overflow-clip ${level === 1 ? 'pt-6 pb-8 sm:py-16' : 'py-16 sm:py-24'} bg-harbour-800`}
    >
      {/* Never the browser's scroll anchor: hung from the section's bottom, it moves whenever the form changes height
          (the success message growing its booking link), and the page would scroll away from the message with it. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-32 -left-24 size-96 rounded-full bg-sea-600/25 blur-3xl [overflow-anchor:none]"
      />
      {/* From 1024px two columns: the heading and the reasons, then the form. Below, one column in which the
          form comes straight after the heading, its promise and a client's words, and the offer of a time and the
          reasons follow it (the first column's box steps aside: its parts are ordered). */}
      <div className="container-page relative flex flex-col gap-6 sm:gap-8 lg:grid lg:grid-cols-[2fr_3fr] lg:gap-16">
        <div className="contents lg:block">
          <div className={`order-1 ${level === 1 ? 'fade-in' : ''}`}>
            {level === 2 && (
              <p className="text-sm font-semibold tracking-wider text-sand-300 uppercase">
                <KeepTogether text={consultSection.eyebrow} />
              </p>
            )}
            <Heading
              id="consult-heading"
              className={`font-extrabold tracking-tight text-balance ${
                level === 1 ? 'text-[2rem] leading-tight sm:text-5xl' : 'mt-3 text-3xl sm:text-4xl'
              } text-white`}
            >
              {title}
            </Heading>
            <p
              className={`${level === 1 ? 'mt-3 text-base leading-7 sm:mt-4 sm:text-lg sm:leading-8' : 'mt-4 text-lg leading-8'} text-slate-200`}
            >
              {intro ?? (bookingUrl ? consultSection.introWithBooking : consultSection.intro)}
            </p>
            {children}
            {/* A client's words beside the form from 1024px; below, the form shows them above its button, where
                they do not push its first field off a phone's first screen. */}
            {shortestTestimonial && (
              <div className="mt-6 hidden lg:block">
                <TestimonialCard testimonial={shortestTestimonial} tone="dark" size="compact" />
              </div>
            )}
          </div>
          {/* A second way in, above the form in a page's closing section (the consult page's is in its promise). */}
          {bookingUrl && level === 2 && <BookTimeUpFront href={bookingUrl} className="order-1 lg:mt-6" />}
          {/* Never the browser's scroll anchor either: on a phone it stands below the form, and moves with it. */}
          <div className="order-4 [overflow-anchor:none] lg:mt-10">
            <ul className="space-y-3">
              {trustPoints.map((point) => (
                <li key={point} className="flex items-center gap-3 text-white">
                  <LucideIcon icon={circleCheckIcon} name="circle-check" className="size-5 shrink-0 text-sand-300" />
                  <KeepTogether text={point} />
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="card order-2 p-5 sm:p-8 lg:self-start">
          <ConsultHost heading={formHeading} />
          {/* The page's one part that responds to a visitor: the browser hydrates it alone. The site's own form
              works as the server's HTML until used; the provider's must be swapped in before the visitor reaches
              it, and a returned post's problems move the page around the form (the mobile bar steps aside). */}
          <Island
            name="consult-form"
            props={{ planId, proof: shortestTestimonial, pagePath: pathname }}
            wake={hubspotConfigured(hubspot) || hasProblems ? 'near' : 'use'}
          />
        </div>
      </div>
    </section>
  );
}
