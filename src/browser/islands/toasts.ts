let toaster: HTMLElement | undefined;

/**
 * Shows a success toast. The first renders the `toasts` island (./registry.ts) into an element of its own at the end
 * of the page, through the one hydrate function: the server's HTML has no toasts, so nothing is there to hydrate.
 * Its code (sonner with it) is fetched only then.
 */
export async function showSuccessToast(message: string): Promise<void> {
  const [{ hydrateIsland }, { default: Toasts }, { toast }] = await Promise.all([
    import('./hydrate.tsx'),
    import('../components/Toasts.tsx'),
    import('sonner'),
  ]);
  if (!toaster) {
    toaster = document.createElement('div');
    document.body.append(toaster);
  }
  await hydrateIsland(toaster, 'toasts', Toasts, {});
  toast.success(message);
}
