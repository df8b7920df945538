type Sonner = typeof import('sonner');

// sonner loads on the first toast, keeping it out of the JavaScript a visitor downloads up front.
let sonner: Promise<Sonner> | undefined;
const toasterListeners = new Set<(module: Sonner) => void>();
let markToasterMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});

/** Called by <Toasts>: mounts the Toaster when a toast is first needed. */
export function onToasterNeeded(listener: (module: Sonner) => void): () => void {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

export function toasterReady(): void {
  markToasterMounted();
}

export async function notifySuccess(message: string): Promise<void> {
  const module = await (sonner ??= import('sonner'));
  for (const listener of toasterListeners) listener(module);
  // A toast sent before the Toaster subscribes would be lost.
  await toasterMounted;
  module.toast.success(message);
}
