import { BookConsultLink } from './BookConsultLink.tsx';
import { mobileBar } from '../content/navigation.ts';
import { asksToBookAttribute, mobileBarAttribute } from '../shared/page-contract.ts';

/**
 * Under 768px, a fixed Book Free Consult bar. The footer's last line has extra bottom padding of the bar's height,
 * so the bar never covers it, and the bar steps aside while the consult form, a hero's own call to action or the
 * footer shows below the sticky header: the boot loader sets `mobileBarHiddenAttribute` from the page's first idle moment
 * (src/browser/lib/page-behaviours.ts). Until then it is as the server renders it: aside where the page's hero holds
 * a call to action (the stylesheet sees it in the page), in place elsewhere. Without scripts it is always in place.
 * Once an enquiry is accepted in place it goes.
 */
export function MobileConsultBar() {
  return (
    <aside
      aria-label={mobileBar.label}
      data-testid="mobile-consult-bar"
      {...{ [mobileBarAttribute]: true, [asksToBookAttribute]: true }}
      className="fixed inset-x-0 bottom-0 z-30 h-18 border-t border-slate-200 bg-white px-4 py-3 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] transition-[translate,visibility] duration-200 motion-reduce:transition-none data-[hidden=true]:invisible data-[hidden=true]:translate-y-full noscript:visible! noscript:translate-y-0! md:hidden"
    >
      <BookConsultLink cta="mobile-bar-book-free-consult" className="btn-primary w-full" />
    </aside>
  );
}
