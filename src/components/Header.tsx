import { Menu as menuIcon, Phone as phoneIcon, X as xIcon } from 'lucide';
import { LucideIcon } from '../browser/icons/LucideIcon.tsx';
import { Link, NavLink } from './Link.tsx';
import { mainNav } from '../content/navigation.ts';
import { Logo } from './Logo.tsx';
import { useSiteConfig } from '../browser/site-config.tsx';
import { callLabel } from '../content/navigation.ts';
import { telHref } from '../browser/lib/tel-href.ts';
import { asksToBookAttribute, scrollSentinelAttribute, scrolledAttribute, ctaProps } from '../shared/page-contract.ts';

// The header gains a shadow once the page is scrolled more than 50px.
const shadowThreshold = 50;
const mobileMenuId = 'mobile-menu';

/**
 * The site's header. Its two behaviours need no React: the phone menu is a popover, and the shadow past 50px is set
 * by a plain script watching the sentinel below (src/browser/lib/page-behaviours.ts). Where an enquiry has just been accepted
 * (`asksToBook` false, or in place: src/browser/lib/page-around-form.ts), it asks for no other.
 */
export function Header({ asksToBook }: { asksToBook: boolean }) {
  const { contactPhone } = useSiteConfig();

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-[15px] font-medium whitespace-nowrap transition-colors hover:text-sea-700 ${isActive ? 'text-sea-700' : 'text-slate-700'}`;

  return (
    <>
      {/* The page's first 50px: the header is scrolled once this is out of view. */}
      <div
        {...{ [scrollSentinelAttribute]: true }}
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0"
        style={{ height: shadowThreshold }}
      />
      {/* Opaque, without a backdrop blur: blurring what scrolls under it is compositor work in every frame (on the
          home page, 40% of it while the page loads), for a tint that 95% white all but hid. The same goes for the
          mobile consult bar and the home hero's panel. */}
      <header
        {...{ [scrolledAttribute]: 'false' }}
        className="group/header sticky top-0 z-40 border-b border-transparent bg-white transition-shadow data-[scrolled=true]:border-slate-200 data-[scrolled=true]:shadow-md"
      >
        <div className="container-page flex h-16 items-center justify-between gap-4">
          {/* Its box is set before the page has all arrived, so that it does not jump while the page loads: two lines'
            height, and on phones the width left beside the call and menu buttons (2.75rem each, and the gaps). */}
          <Logo className="h-10 max-md:max-w-[calc(100%-7rem)]" />
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            {mainNav.map((link) => (
              <NavLink key={link.to} to={link.to} className={navClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            {/* Calling is one tap away on every page. Beside the logo on a narrow phone there is room for the icon only;
                the number is the button's name, and shows as text from 640px; beside the whole menu (from 1024px) it
                has room again from 1280px. */}
            <a
              href={telHref(contactPhone)}
              className="inline-flex size-11 items-center justify-center gap-1.5 rounded-full bg-sea-50 text-sm font-semibold whitespace-nowrap text-harbour-800 hover:bg-sea-100 sm:w-auto sm:px-3 lg:w-11 lg:px-0 xl:w-auto xl:px-3"
              {...ctaProps('header-call')}
            >
              <LucideIcon icon={phoneIcon} name="phone" className="size-5 shrink-0 text-sea-700 sm:size-4" />
              <span className="sr-only sm:not-sr-only sm:whitespace-nowrap lg:sr-only xl:not-sr-only xl:whitespace-nowrap">
                <span className="sr-only">{callLabel} </span>
                {contactPhone}
              </span>
            </a>
            {asksToBook && (
              <Link
                to="/start-project"
                className="btn-dark hidden text-sm whitespace-nowrap md:inline-flex"
                {...ctaProps('header-get-my-custom-plan')}
                {...{ [asksToBookAttribute]: true }}
              >
                Get My Custom Plan
              </Link>
            )}
            {/* The phone menu is a popover: it opens and closes without JavaScript, the browser tells assistive
                technology whether it is expanded, and Escape or a tap outside closes it. */}
            <button
              type="button"
              popoverTarget={mobileMenuId}
              className="inline-flex size-11 items-center justify-center rounded-full text-harbour-800 hover:bg-slate-100 lg:hidden"
            >
              <span className="contents group-has-[#mobile-menu:popover-open]/header:hidden">
                <LucideIcon icon={menuIcon} name="menu" />
                <span className="sr-only">Open menu</span>
              </span>
              <span className="hidden group-has-[#mobile-menu:popover-open]/header:contents">
                <LucideIcon icon={xIcon} name="x" />
                <span className="sr-only">Close menu</span>
              </span>
            </button>
          </div>
        </div>
        <nav
          id={mobileMenuId}
          popover="auto"
          aria-label="Mobile"
          className="fixed inset-x-0 top-16 bottom-auto max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-t border-slate-200 bg-white text-ink shadow-md lg:hidden"
        >
          <ul className="container-page flex flex-col py-3">
            <li>
              <a
                href={telHref(contactPhone)}
                className="flex items-center gap-2 rounded-lg px-3 py-3 text-base font-semibold text-harbour-800"
                {...ctaProps('mobile-menu-call')}
              >
                <LucideIcon icon={phoneIcon} name="phone" className="size-5 shrink-0 text-sea-700" />
                {callLabel} {contactPhone}
              </a>
            </li>
            {mainNav.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-3 text-base font-medium ${isActive ? 'bg-sea-50 text-sea-700' : 'text-slate-800'}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            {asksToBook && (
              <li className="pt-2" {...{ [asksToBookAttribute]: true }}>
                <Link to="/start-project" className="btn-dark w-full" {...ctaProps('mobile-menu-get-my-custom-plan')}>
                  Get My Custom Plan
                </Link>
              </li>
            )}
          </ul>
        </nav>
      </header>
    </>
  );
}
