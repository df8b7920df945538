declare global {
  interface Document {
    /** True while the browser prerenders the page ahead of a tap (speculation rules), before the visitor sees it. */
    readonly prerendering?: boolean;
  }
}

/**
 * Runs `start` once the page is shown to the visitor: at once, or, for a page the browser prerendered ahead of a tap,
 * when it is activated (`prerenderingchange`). A prerendered page that is never shown sends no analytics, records no
 * visit and restores no draft; one that is shown does each once, reading the tab's storage as it is then, with what
 * the visitor typed up to the tap. Why: docs/decisions/speculation-rules.md
 */
export function whenShown(start: () => void): void {
  if (!document.prerendering) {
    start();
    return;
  }
  document.addEventListener('prerenderingchange', () => start(), { once: true });
}
