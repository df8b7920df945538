import type { ReactNode } from 'react';
import { bootDataElementId, type BootData } from '../browser/boot-data.ts';

interface DocumentProps {
  boot: BootData;
  bootJson: string;
  children: ReactNode;
}

/** The whole HTML document; React hoists each page's <title>, <meta> and <link> into its head. */
export function Document({ boot, bootJson, children }: DocumentProps) {
  const { config, assets } = boot;
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3b4f" />
        <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <link rel="alternate" type="application/rss+xml" title={`${config.siteName} blog`} href="/rss.xml" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        {children}
        <script type="application/json" id={bootDataElementId} dangerouslySetInnerHTML={{ __html: bootJson }} />
      </body>
    </html>
  );
}
