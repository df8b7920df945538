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
