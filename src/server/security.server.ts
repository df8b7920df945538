import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from './config.server.ts';
import { isSecretAddress } from './secret-addresses.server.ts';

/**
 * The security headers every answer carries, by name: the app's, and those the HTTP server gives before the app (a
 * malformed request, an oversized header, a header timeout, an over-long URL). Only the hosts the embedded form and
 * Google's tag need; no inline or eval'd script anywhere.
 */
export function securityHeaderValues(config: Config): Record<string, string> {
  const region = config.public.hubspot.region;
  const hubspot = [
    `https://js-${region}.hsforms.net`,
    'https://*.hsforms.net',
    'https://*.hsforms.com',
    'https://*.hubspot.com',
  ];
  const google = [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ];
  // The video facade's players, loaded only when a reader clicks play: exactly these two hosts.
  const videoPlayers = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
  const https = config.public.siteUrl.startsWith('https:');
  const headers: Record<string, string> = {};
  // Helmet's headers are the same for every request: read once from its middleware, then set as they are.
  const collector = {
    setHeader: (name: string, value: string) => (headers[name] = value),
    removeHeader: () => {},
  } as unknown as ServerResponse;
  helmet({
    contentSecurityPolicy: config.isProduction
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...hubspot, 'https://www.googletagmanager.com'],
            // The form provider and the toasts inject style elements at run time.
            styleSrc: ["'self'", "'unsafe-inline'"],
            // Any https: image. Authors put featured and body images on whatever CDN they use (Unsplash, HubSpot's
            // file manager, their own), and the store changes while the server runs, so a list of hosts would lag
            // behind it. An image cannot run script, and script-src, connect-src and raw HTML being off in posts
            // still keep any injected code from sending data out; plain http: stays blocked
            // (docs/decisions/post-media.md).
            imgSrc: ["'self'", 'data:', 'https:'],
            fontSrc: ["'self'", 'data:'],
            connectSrc: ["'self'", ...hubspot, ...google],
            frameSrc: [...hubspot, ...videoPlayers],
            formAction: ["'self'", ...hubspot],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            frameAncestors: ["'none'"],
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        }
      : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  })({} as IncomingMessage, collector, () => {});
  headers['Permissions-Policy'] = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';
  return headers;
}

/** The app's security headers (see securityHeaderValues). */
export function securityHeaders(config: Config): RequestHandler {
  const headers = securityHeaderValues(config);
  return (req, res, next) => {
    res.set(headers);
    // A preview link's or a newsletter email's address is its password: no page it leads to (the site's own
    // included, whose analytics report the referrer) learns it, whatever the answer (200, 3xx or 4xx).
    if (isSecretAddress(req.originalUrl)) res.set('Referrer-Policy', 'no-referrer');
    next();
  };
}
