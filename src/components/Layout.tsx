import type { ReactNode } from 'react';
import { useServerFormHasProblems } from '../browser/form-state.tsx';
import { pageLoadingLabel } from '../content/navigation.ts';
import type { LayoutFlags } from '../lib/route-load.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { MobileConsultBar } from './MobileConsultBar.tsx';

/** The page's frame, as its route's flags (src/app/routes.ts) have it. */
export function Layout({
  asksToBook = true,
  formIsThePage = false,
  heroAsksToBook = false,
  children,
}: LayoutFlags & { children: ReactNode }) {
  // Where an enquiry has just been accepted, nothing asks the visitor to book again: on /thank-you from the server's
  // HTML on, after an in-place send by the form's island (src/browser/lib/page-around-form.ts). Where the form is
  // what the page is for (the consult page, or a page that shows the form's problems), the mobile bar would only
  // cover it: it is left out, from the server's HTML on.
  const formShowsProblems = useServerFormHasProblems();
  return (
    <div className="flex min-h-screen flex-col">
      {/* Shown only while a link's page loads (src/browser/lib/navigation-feedback.ts). */}
      <div role="progressbar" aria-label={pageLoadingLabel} className="page-progress" />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-harbour-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header asksToBook={asksToBook} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer asksToBook={asksToBook} />
      {/* The home page's hero holds its own Book Free Consult on the first screen. */}
      {asksToBook && !formIsThePage && !formShowsProblems && <MobileConsultBar asideAtFirst={heroAsksToBook} />}
    </div>
  );
}
