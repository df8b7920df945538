import { Menu as menuIcon, X as xIcon } from 'lucide';
import { LucideIcon } from './LucideIcon.tsx';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Link, NavLink } from './Link.tsx';
import { mainNav } from '../content/navigation.ts';
import { Logo } from './Logo.tsx';

// The header gains a shadow once the page is scrolled more than 50px.
const shadowThreshold = 50;

export function Header() {
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  // The menu is open at the address where it was opened, so any navigation closes it.
  const address = `${location.pathname}${location.search}${location.hash}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const menuOpen = openAt === address;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const topRef = useRef<HTMLDivElement>(null);

  // Watches the page's first 50px rather than reading window.scrollY, which would make the browser lay the page
  // out there and then, in the middle of hydration. An element only touching the top edge still intersects.
  useEffect(() => {
    const observer = new IntersectionObserver(([entry]) => setScrolled(!entry!.isIntersecting));
    observer.observe(topRef.current!);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-[15px] font-medium transition-colors hover:text-sea-700 ${isActive ? 'text-sea-700' : 'text-slate-700'}`;

  return (
    <>
      <div
        ref={topRef}
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0"
        style={{ height: shadowThreshold }}
      />
      {/* Opaque, without a backdrop blur: blurring what scrolls under it is compositor work in every frame (on the
          home page, 40% of it while the page loads), for a tint that 95% white all but hid. The same goes for the
          mobile consult bar and the home hero's panel. */}
      <header
        data-scrolled={scrolled}
        className={`sticky top-0 z-40 border-b bg-white transition-shadow ${scrolled ? 'border-slate-200 shadow-md' : 'border-transparent'}`}
      >
        <div className="container-page flex h-16 items-center justify-between gap-4">
          {/* Its box is set before the page has all arrived, so that it does not jump while the page loads: two lines'
            height, and on phones the width left beside the menu button (2.75rem and the 1rem gap). */}
          <Logo className="h-10 max-md:max-w-[calc(100%-3.75rem)]" />
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            {mainNav.map((link) => (
              <NavLink key={link.to} to={link.to} className={navClass}>
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <Link
              to="/start-project"
              className="btn-dark hidden text-sm md:inline-flex"
              data-cta="header-get-my-custom-plan"
            >
              Get My Custom Plan
            </Link>
            <button
              ref={toggleRef}
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-full text-harbour-800 hover:bg-slate-100 lg:hidden"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setOpenAt(menuOpen ? null : address)}
            >
              {menuOpen ? <LucideIcon icon={xIcon} name="x" /> : <LucideIcon icon={menuIcon} name="menu" />}
            </button>
          </div>
        </div>
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          hidden={!menuOpen}
          className="border-t border-slate-200 bg-white lg:hidden"
        >
          <ul className="container-page flex flex-col py-3">
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
            <li className="pt-2">
              <Link to="/start-project" className="btn-dark w-full" data-cta="mobile-menu-get-my-custom-plan">
                Get My Custom Plan
              </Link>
            </li>
          </ul>
        </nav>
      </header>
    </>
  );
}
