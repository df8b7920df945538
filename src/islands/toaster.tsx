import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { toast } from 'sonner';
import { Toasts } from '../components/Toasts.tsx';

function Mounted({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return null;
}

let mounted: Promise<void> | undefined;

/**
 * The toasts' island: nothing of it is in the server's HTML, so it is rendered, not hydrated, into an element of
 * its own at the end of the page, the first time a toast is shown.
 */
function mountToaster(): Promise<void> {
  mounted ??= new Promise((resolve) => {
    const element = document.createElement('div');
    document.body.append(element);
    createRoot(element).render(
      <>
        <Toasts />
        <Mounted onMounted={resolve} />
      </>,
    );
  });
  return mounted;
}

export async function showSuccessToast(message: string): Promise<void> {
  await mountToaster();
  toast.success(message);
}
