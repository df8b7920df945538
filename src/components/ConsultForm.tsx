import { useEffect, useRef, useState } from 'react';
import { useSiteConfig } from '../app/site-config.tsx';
import { consultSection } from '../content/sections.ts';
import { embedHubSpotForm } from '../lib/hubspot.ts';
import { onIdle } from '../lib/idle.ts';
import { notifySuccess } from '../lib/toast.ts';
import { ContactLinks } from './ContactLinks.tsx';

type FormStatus = 'waiting' | 'loading' | 'ready' | 'failed';

export const consultFormId = 'consult-form';

/**
 * The provider's enquiry form, embedded from the browser only. The server's HTML
 * carries the phone and email, so visitors without JavaScript, or whose browser blocks the provider, can still
 * reach the studio.
 */
export function ConsultForm({ planId }: { planId?: string }) {
  const { hubspot } = useSiteConfig();
  const { region, portalId, formId } = hubspot;
  const configured = Boolean(portalId && formId);
  const containerRef = useRef<HTMLDivElement>(null);
  const planRef = useRef(planId);
  const [status, setStatus] = useState<FormStatus>('waiting');

  useEffect(() => {
    planRef.current = planId;
  }, [planId]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !portalId || !formId) return;
    let active = true;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      stop();
      setStatus('loading');
      embedHubSpotForm(container, {
        settings: { region, portalId, formId },
        context: () => ({ plan: planRef.current }),
        onSubmitted: () => void notifySuccess(consultSection.submitted),
      }).then(
        () => active && setStatus('ready'),
        () => active && setStatus('failed'),
      );
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
      stop();
    };
  }, [region, portalId, formId]);

  const failed = !configured || status === 'failed';
  return (
    <div className="card p-5 sm:p-8" data-form-status={failed ? 'failed' : status}>
      <div id={consultFormId} ref={containerRef} />
      {status === 'loading' && (
        <div role="status" aria-busy="true" className="space-y-4">
          <span className="sr-only">{consultSection.loading}</span>
          <div className="skeleton h-4 w-1/3" />
          <div className="skeleton h-11 w-full" />
          <div className="skeleton h-4 w-1/4" />
          <div className="skeleton h-11 w-full" />
          <div className="skeleton h-24 w-full" />
          <div className="skeleton h-11 w-40 rounded-full" />
        </div>
      )}
      {failed ? (
        <div role="status" className="space-y-4">
          <p className="text-lg font-semibold text-ink">{consultSection.fallbackTitle}</p>
          <p className="text-slate-700">{consultSection.fallbackBody}</p>
          <ContactLinks />
        </div>
      ) : (
        <div className={`space-y-3 ${status === 'waiting' ? '' : 'mt-6 border-t border-slate-200 pt-6'}`}>
          <p className="font-semibold text-ink">{consultSection.contactLead}</p>
          <ContactLinks />
        </div>
      )}
    </div>
  );
}
