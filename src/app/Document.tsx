import type { ReactNode } from 'react';
import { bootDataElementId, serializeBootData, type BootData } from '../browser/boot-data.ts';

interface DocumentProps {
  siteName: string;
  styles: readonly string[];
  /** Read once the page is rendered: it carries what the page drew (the islands it shows). */
  boot: () => BootData;
  children: ReactNode;
}

/** Rendered after the page, which React renders first, so that the boot data knows the islands the page shows. */
function BootDataScript({ boot }: { boot: () => BootData }) {
  return (
    <script
      type="application/json"
      id={bootDataElementId}
      dangerouslySetInnerHTML={{ __html: serializeBootData(boot()) }}
    />
  );
}

/** The whole HTML document; React hoists each page's <title>, <meta> and <link> into its head. */
export function Document({ siteName, styles, boot, children }: DocumentProps) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3b4f" />
        <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <link rel="alternate" type="application/rss+xml" title={`${siteName} blog`} href="/rss.xml" />
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        {children}
        <BootDataScript boot={boot} />
      </body>
    </html>
  );
}
