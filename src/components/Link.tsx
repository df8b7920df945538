import type { AnchorHTMLAttributes } from 'react';
import { useLocation } from 'react-router-dom';
import type { SitePath } from '../content/navigation.ts';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: SitePath };

/**
 * A link to a page of the site: a plain `<a href>`, which the browser follows by loading the page in full. That
 * measured faster than rendering the next page in place on a slow phone, and leaves nothing to go wrong between the
 * address and the page. Why: docs/decisions/page-loads.md
 */
export function Link({ to, children, ...attributes }: LinkProps) {
  return (
    <a {...attributes} href={to}>
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
