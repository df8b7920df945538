import '@vitejs/plugin-react/preamble';
import { useEffect, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AppProviders } from '../app/AppProviders.tsx';
import { useEnquiryAccepted, useFormHasErrors } from '../app/enquiry-state.tsx';
import { islandHydratedMark } from '../app/hydration-marks.ts';
import { pageBootData } from '../app/boot-data.ts';
import { ConsultForm, type ConsultFormProps } from '../components/ConsultForm.tsx';
import { showFormProblemsInPage, stepAsideAfterEnquiry } from '../lib/page-around-form.ts';

/** Carries the form's state into the page around it, which stays the server's HTML (src/lib/page-around-form.ts). */
function PageAroundForm({ onHydrated }: { onHydrated: () => void }) {
  const hasErrors = useFormHasErrors();
  const accepted = useEnquiryAccepted();
  useEffect(onHydrated, [onHydrated]);
  useEffect(() => showFormProblemsInPage(hasErrors), [hasErrors]);
  // Before any effect of the form's: the success message scrolls itself into view, and what steps aside above it
  // must be gone by then, or the message would move up under the header.
  useLayoutEffect(() => {
    if (accepted) stepAsideAfterEnquiry();
  }, [accepted]);
  return null;
}

/**
 * The consult form's island: the site's own form (or the provider's, with its fallback) hydrated from the server's
 * HTML with the same props and the same form state (its token, a returned post's values and problems), read from
 * the page's boot data. Its providers render no element, so the markup is the server's exactly.
 */
export function hydrateIsland(element: HTMLElement, props: unknown): Promise<void> {
  const { config, enquiry } = pageBootData();
  return new Promise((resolve) => {
    const onHydrated = () => {
      performance.mark(islandHydratedMark('consult-form'));
      resolve();
    };
    hydrateRoot(
      element,
      <AppProviders config={config} enquiry={enquiry}>
        <ConsultForm {...(props as ConsultFormProps)} />
        <PageAroundForm onHydrated={onHydrated} />
      </AppProviders>,
    );
  });
}
