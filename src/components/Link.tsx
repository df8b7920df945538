import { createContext, use, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import type { SitePath } from '../content/navigation.ts';

/**
 * Every Link's one navigate function, given by the browser's router (src/app/SiteRouter.tsx); on the server there
 * is none. React Router's own Link resolves its path, prefetch behaviour and view transitions on every render: 40
 * links a page made it a tenth of a server render and 3 kB of the browser's first scripts, for features that
 * absolute paths on one site never use.
 */
export const GoToContext = createContext<((to: SitePath) => void) | undefined>(undefined);

/** A click the browser would follow in this tab: the main button without a modifier key. */
function opensHere(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: SitePath };

/** A link to a page of the site: a real `<a href>` that, once the page is interactive, navigates in place. */
export function Link(props: LinkProps) {
  const goTo = use(GoToContext);
  const { to, onClick, target, children, ...attributes } = props;
  return (
    <a
      {...attributes}
      target={target}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!goTo || !opensHere(event, target)) return;
        event.preventDefault();
        goTo(to);
      }}
    >
      {children}
    </a>
  );
}

/** Whether `to` is the page shown or one of its sub-pages (`/blog` for `/blog/a-post`), as React Router's NavLink. */
export function isCurrentSection(pathname: string, to: SitePath): boolean {
  return pathname === to || (to !== '/' && pathname.startsWith(`${to.replace(/\/$/, '')}/`));
}

type NavLinkProps = Omit<LinkProps, 'className'> & { className: (state: { isActive: boolean }) => string };

/** A Link that marks itself `aria-current="page"` in its section. */
export function NavLink(props: NavLinkProps) {
  const isActive = isCurrentSection(useLocation().pathname, props.to);
  return <Link {...props} className={props.className({ isActive })} aria-current={isActive ? 'page' : undefined} />;
}
