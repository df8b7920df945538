import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

// Sonner's rich success green is 4.3:1 on its pale background; Tailwind's green-800 gives 6.8:1 (WCAG AA is 4.5).
const contrastFix = { '--success-text': '#166534' } as CSSProperties;

/**
 * The `toasts` island: one toast visible at a time, for 5000 ms, swiped right to dismiss; above the mobile bar on
 * phones. The server renders none: it is rendered at the end of the page with the first toast (../islands/toasts.ts).
 */
export default function Toasts() {
  return (
    <Toaster
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      swipeDirections={['right']}
      richColors
      closeButton
      mobileOffset={{ bottom: 88 }}
      style={contrastFix}
    />
  );
}
