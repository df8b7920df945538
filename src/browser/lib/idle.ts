/** Runs `callback` once the browser is idle (or after `timeout` ms at the latest); returns a cancel function. */
export function onIdle(callback: () => void, timeout = 2000): () => void {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback !== 'function') {
    const handle = setTimeout(callback, 200);
    return () => clearTimeout(handle);
  }
  const handle = window.requestIdleCallback(callback, { timeout });
  return () => window.cancelIdleCallback(handle);
}

/** A page that has not painted this long after asking is in a background tab: its work starts anyway. */
const paintWaitMs = 3000;

/**
 * Runs `callback` at the browser's first idle moment once the page's first paint has reached the screen. The browser
 * can be idle between drawing a frame and showing it, and work started then would hold the first paint back: each idle
 * moment before the paint is reported (paint timing) waits for the next. Asking costs nothing at the page's start:
 * the question is asked when idle. Browsers without paint timing go on at the first idle moment.
 */
export function onIdleAfterFirstPaint(callback: () => void): void {
  const asked = performance.now();
  const whenPainted = () => {
    const painted =
      !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
      performance.getEntriesByName('first-contentful-paint').length > 0 ||
      performance.now() - asked > paintWaitMs;
    if (painted) callback();
    else onIdle(whenPainted);
  };
  onIdle(whenPainted);
}
