import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useEnquiryAccepted } from '../app/enquiry-state.tsx';
import { matchAppRoute } from '../app/routes.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { MobileConsultBar } from './MobileConsultBar.tsx';
import { Toasts } from './Toasts.tsx';

/** Every route change scrolls to the top; a link to an anchor scrolls to that anchor instead. */
function useScrollToTopOnNavigate() {
  const { pathname, search, hash } = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    // The first page load keeps the browser's own scroll position.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, search, hash]);
}

/** Where an enquiry has just been accepted, nothing asks the visitor to book a consult again. */
function useAsksToBook(): boolean {
  const { pathname } = useLocation();
  const accepted = useEnquiryAccepted();
  return !accepted && matchAppRoute(pathname).route.path !== '/thank-you';
}

export function Layout({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigate();
  const asksToBook = useAsksToBook();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-harbour-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer asksToBook={asksToBook} />
      {asksToBook && <MobileConsultBar />}
      <Toasts />
    </div>
  );
}
