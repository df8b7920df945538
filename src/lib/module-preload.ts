/** Resolves in a task of its own (a message, which browsers do not slow down as they do nested timers). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Starts fetching each module, one a task: starting a fetch costs a phone's main thread a millisecond or two, and
 * a dozen in one task would block a tap.
 */
export async function preloadModulesInTurn(hrefs: readonly string[]): Promise<void> {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
    await nextTask();
  }
}
