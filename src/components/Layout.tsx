import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useServerFormHasProblems } from '../browser/form-state.tsx';
import { pageLoadingLabel } from '../content/navigation.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { MobileConsultBar } from './MobileConsultBar.tsx';

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Where an enquiry has just been accepted, nothing asks the visitor to book again: on /thank-you from the server's
  // HTML on, after an in-place send by the form's island (src/browser/lib/page-around-form.ts).
  const asksToBook = pathname !== '/thank-you';
  // Where the form is what the page is for (the consult page, or a page that shows the form's problems), the mobile
  // bar would only cover it: it is left out, from the server's HTML on.
  const formShowsProblems = useServerFormHasProblems();
  const formIsThePage = pathname === '/start-project' || formShowsProblems;
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
      {asksToBook && !formIsThePage && <MobileConsultBar />}
    </div>
  );
}
