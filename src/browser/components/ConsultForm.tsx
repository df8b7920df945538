import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { consultSection } from '../../content/sections.ts';
import { useServerFormHasProblems } from '../form-state.tsx';
import { showSuccessToast } from '../islands/toasts.ts';
import { trackLead } from '../lib/analytics.ts';
import { hubspotConfigured } from '../../shared/hubspot-settings.ts';
import type { BookingContact } from '../lib/booking-link.ts';
import { embedHubSpotForm } from '../lib/hubspot.ts';
import { onIdle } from '../lib/idle.ts';
import { showFormProblemsInPage, stepAsideAfterEnquiry } from '../lib/page-around-form.ts';
import { useSiteConfig } from '../site-config.tsx';
import { BookTimeOffer } from './BookTimeOffer.tsx';
import { EnquiryForm } from './EnquiryForm.tsx';
import { PreferToTalk } from './PreferToTalk.tsx';
import { TestimonialCard } from './TestimonialCard.tsx';
import type { Testimonial } from '../../content/testimonials.ts';

/**
 * waiting/loading: the provider's form is not started / loading (the site's own form shows meanwhile);
 * ready: the provider's form shows; failed: the site's own form stays (no ids, the provider failed or was slow,
 * or the visitor had already started on the site's form).
 */
type FormStatus = 'waiting' | 'loading' | 'ready' | 'failed';

export const consultFormId = 'consult-form';
/** The provider's form must be ready this soon after it starts loading, or the site's own form stays. */
export const providerTimeoutMs = 8_000;

/** The visitor has started on the site's form: replacing it now would lose what they typed. */
function inUse(form: HTMLElement | null): boolean {
  if (!form) return false;
  if (form.contains(document.activeElement)) return true;
  return [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=hidden]), textarea')].some(
    (field) => field.value !== '' && field.tabIndex !== -1,
  );
}

/**
 * The consult form. The server's HTML carries the site's own form (which works without JavaScript), with the
 * phone and email under its button. With the provider's ids configured, the browser creates the provider's form out
 * of sight and swaps it in once the provider reports it ready, within 8 s; otherwise the site's own form simply
 * stays. It is the `consult-form` island (src/browser/islands/registry.ts): its props are JSON.
 */
export interface ConsultFormProps {
  planId?: string;
  /** A client's words, above the button below 1024px (beside the form from there, in the section). */
  proof?: Testimonial;
  /** The path of the page the form is on, which a plain post comes back to with its problems. */
  pagePath: string;
}

export default function ConsultForm({ planId, proof, pagePath }: ConsultFormProps) {
  const { hubspot, bookingUrl } = useSiteConfig();
  // What the page around the form (the server's HTML) shows of it: its title while the form shows problems, and the
  // calls to book that step aside once an enquiry is accepted (src/browser/lib/page-around-form.ts).
  const [hasProblems, setHasProblems] = useState(useServerFormHasProblems());
  const [accepted, setAccepted] = useState(false);
  useEffect(() => showFormProblemsInPage(hasProblems), [hasProblems]);
  // Before any effect of the form's: the success message scrolls itself into view, and what steps aside above it
  // must be gone by then, or the message would move up under the header.
  useLayoutEffect(() => {
    if (accepted) stepAsideAfterEnquiry();
  }, [accepted]);
  const { region, portalId, formId } = hubspot;
  const configured = hubspotConfigured(hubspot);
  const containerRef = useRef<HTMLDivElement>(null);
  const ownFormRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<FormStatus>(configured ? 'waiting' : 'failed');
  // The swap keeps the height the site's form had, so nothing below it moves.
  const [minHeight, setMinHeight] = useState<number>();
  /** Who sent the provider's form, once it reports the submission: its booking offer carries their name and email. */
  const [providerSent, setProviderSent] = useState<BookingContact | null>(null);
  // The provider's thanks, and the offer under it, go to the top of the screen, where they are read first and no
  // toast covers them.
  useEffect(() => {
    if (providerSent) containerRef.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [providerSent]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !portalId || !formId) return;
    let active = true;
    let started = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = () => {
      if (!active) return;
      active = false;
      setStatus('failed');
    };
    const start = () => {
      if (started) return;
      started = true;
      stop();
      setStatus('loading');
      timer = setTimeout(giveUp, providerTimeoutMs);
      embedHubSpotForm(container, {
        settings: { region, portalId, formId },
        context: { plan: planId },
        onSubmitted: ({ firstname = '', lastname, email = '' }) => {
          setAccepted(true);
          setProviderSent({ firstname, lastname, email });
          trackLead('hubspot-form');
          // The provider's thanks has no booking link: the offer stands under it, and the toast says the same.
          void showSuccessToast(bookingUrl ? consultSection.submittedWithBooking : consultSection.submitted);
        },
      }).then(() => {
        if (!active) return;
        active = false;
        clearTimeout(timer);
        if (inUse(ownFormRef.current)) return setStatus('failed');
        setMinHeight(ownFormRef.current?.offsetHeight);
        setStatus('ready');
      }, giveUp);
    };
    // Load when the form nears the viewport or once the page is idle, whichever comes first.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), {
      rootMargin: '600px 0px',
    });
    observer.observe(container);
    const cancelIdle = onIdle(start, 3000);
    const stop = () => {
      observer.disconnect();
      cancelIdle();
    };
    return () => {
      active = false;
      clearTimeout(timer);
      stop();
    };
  }, [region, portalId, formId, bookingUrl, planId]);

  const ready = status === 'ready';
  return (
    // The card around it, and its heading with who the visitor will talk to, are the section's (ConsultSection).
    <div data-form-status={status}>
      {/* Once the provider's thanks replaces its form, the height kept for the swap would leave a gap above the offer. */}
      <div className="relative" style={ready && minHeight && !providerSent ? { minHeight } : undefined}>
        {/* The provider's form is built out of sight (and out of the accessibility tree) until it is ready. */}
        <div
          id={consultFormId}
          ref={containerRef}
          className={ready ? 'scroll-mt-20' : 'invisible absolute inset-x-0 top-0'}
        />
        {!ready && (
          <div ref={ownFormRef}>
            {/* The phone and email stand between the button and the collection notice. */}
            <EnquiryForm
              planId={planId}
              pagePath={pagePath}
              proof={proof && <TestimonialCard testimonial={proof} size="compact" className="mt-6 lg:hidden" />}
              contact={<PreferToTalk />}
              onProblems={setHasProblems}
              onAccepted={() => setAccepted(true)}
            />
          </div>
        )}
      </div>
      {ready && providerSent && bookingUrl && (
        <div className="mt-6 rounded-xl bg-sea-50 p-6 [&>p:first-child]:mt-0" data-testid="provider-booking-offer">
          <BookTimeOffer bookingUrl={bookingUrl} contact={providerSent} />
        </div>
      )}
      {ready && <PreferToTalk />}
    </div>
  );
}
