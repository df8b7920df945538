import { onIdle } from '../lib/idle.ts';

let idleAfterHydration: () => void = () => {};
const hydratedAndIdle = new Promise<void>((resolve) => (idleAfterHydration = resolve));

/** Called once the page has hydrated. */
export function markHydrated(): void {
  onIdle(idleAfterHydration);
}

/** Resolves once the page has hydrated and the browser is idle: when work that can wait should start. */
export function whenHydratedAndIdle(): Promise<void> {
  return hydratedAndIdle;
}
