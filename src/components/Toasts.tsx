import { useEffect, useState } from 'react';
import { onToasterNeeded, toasterReady } from '../lib/toast.ts';

type Sonner = typeof import('sonner');

/** One toast visible at a time, for 5000 ms, swiped right to dismiss; above the mobile bar on phones. */
export function Toasts() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => onToasterNeeded(setSonner), []);
  useEffect(() => {
    if (sonner) toasterReady();
  }, [sonner]);
  if (!sonner) return null;
  const { Toaster } = sonner;
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      swipeDirections={['right']}
      richColors
      closeButton
      mobileOffset={{ bottom: 88 }}
    />
  );
}
