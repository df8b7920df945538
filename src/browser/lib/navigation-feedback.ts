/**
 * Links between the site's pages are plain links: the browser loads the next page, which measured faster than
 * rendering it in place on a slow phone (docs/decisions/page-loads.md). While it loads, the page marks itself
 * `data-navigating` at once, and the stylesheet shows the page's progress bar (a `role="progressbar"` element, so
 * assistive technology is told too), so that a tap is answered within a frame.
 */
export const navigatingAttribute = 'data-navigating';

/** Whether this click makes the browser load another page of the site in this tab. */
function leavesForAnotherPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return false;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return false;
  if (link.target && link.target !== '_self') return false;
  const to = new URL(link.href);
  const here = window.location;
  if (to.origin !== here.origin) return false;
  // A link within the page (#anchor) only scrolls.
  return !(to.pathname === here.pathname && to.search === here.search && to.hash);
}

export function showNavigationFeedback(): void {
  document.addEventListener('click', (event) => {
    if (!leavesForAnotherPage(event)) return;
    document.documentElement.setAttribute(navigatingAttribute, '');
    // Back to this page from the back/forward cache: nothing is loading any more.
    window.addEventListener('pageshow', () => document.documentElement.removeAttribute(navigatingAttribute), {
      once: true,
    });
  });
}
