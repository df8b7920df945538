// The toasts' code (sonner, and the root that shows them) loads with the first toast, after the form that sends it.
export async function notifySuccess(message: string): Promise<void> {
  const { showSuccessToast } = await import('../islands/toaster.tsx');
  await showSuccessToast(message);
}
