const loads = new Map<string, Promise<void>>();

/**
 * Adds an external script once per page. The CSP forbids inline scripts, so third-party tags are injected
 * from our bundle; a load that neither succeeds nor fails within `timeoutMs` counts as failed.
 */
export function loadScript(src: string, timeoutMs = 8000): Promise<void> {
  let load = loads.get(src);
  if (!load) {
    load = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      const timer = window.setTimeout(() => reject(new Error(`Timed out loading ${src}`)), timeoutMs);
      script.src = src;
      script.async = true;
      script.onload = () => {
        window.clearTimeout(timer);
        resolve();
      };
      script.onerror = () => {
        window.clearTimeout(timer);
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    loads.set(src, load);
  }
  return load;
}
