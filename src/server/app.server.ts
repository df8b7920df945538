import compression from 'compression';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { isPrecompressed } from './assets.server.ts';
import { pinoHttp } from 'pino-http';
import { previewPath } from '../lib/blog-types.ts';
import { copyWidths } from '../lib/post-image.ts';
import { createApiRouter, httpStatusOf } from './api.server.ts';
import type { DeliveryHealth } from './enquiries/delivery-health.server.ts';
import { createEnquiryRouter, type EnquiryRouteOptions } from './enquiries/enquiry-route.server.ts';
import type { Mailer } from './enquiries/mail.server.ts';
import { createNewsletterRouter, createUnsubscribeHandler } from './newsletter/newsletter-route.server.ts';
import { newsletterSender } from './newsletter/newsletter-sender.server.ts';
import type { SubscriberRecords } from './newsletter/subscriber-store.server.ts';
import type { SubscriberDelivery } from './newsletter/subscriber-delivery.server.ts';
import { unsubscribeTokens, type UnsubscribeTokens } from './newsletter/unsubscribe-token.server.ts';
import { newsletterCategorySlug, newsletterPaths } from '../lib/newsletter.ts';
import { formTokens, loadSiteSecret, type FormTokens } from './enquiries/form-token.server.ts';
import { noNewsletterIssueWarning } from './config.server.ts';
import { enquiryEndpoint } from '../shared/page-contract.ts';
import { clientTags } from './client-tag.server.ts';
import { statusPage } from './error-page.server.ts';
import { healthKey, healthKeyHeader, isHealthKey } from './health-key.server.ts';
import {
  createFormPageRenderer,
  createPageHandler,
  createPrivatePageRenderer,
  type PageHandlerOptions,
} from './pages.server.ts';
import { previewLinks, type PreviewLinks } from './preview-links.server.ts';
import { withoutSecret } from './secret-addresses.server.ts';
import { createPreviewRoute } from './preview-route.server.ts';
import { securityHeaders } from './security.server.ts';
import { createSeoRouter } from './seo.server.ts';
import { isSpeculativeView, speculationRulesRouter } from './speculation-rules.server.ts';

export interface AppOptions extends Omit<PageHandlerOptions, 'islandState'> {
  /** Static files and development middleware (Vite), mounted before the routes. */
  staticFiles: RequestHandler[];
  /**
   * Where accepted enquiries go (stored durably, then delivery is woken), where the rate limit counts, and how
   * their delivery is going (/healthz).
   */
  enquiries: Pick<EnquiryRouteOptions, 'wake' | 'rateLimitStore'> & {
    /** Enquiries and, as records of their own, the newsletter's subscribers. */
    store: EnquiryRouteOptions['store'] & SubscriberRecords;
    deliveryHealth?: Pick<DeliveryHealth, 'report'>;
  };
  newsletter?: {
    /** The process's one SMTP transport: the confirmation emails go through it, on a path of their own. */
    mailer?: Mailer;
    /** Tells delivery that a subscriber was confirmed. */
    wake?: () => void;
    /** How confirmed subscribers are being handed on (HubSpot, the webhook), for /healthz. */
    deliveryHealth?: Pick<SubscriberDelivery, 'report'>;
  };
}

/** Whether a connection's peer is a proxy TRUST_PROXY names by address or range (a hop count names none). */
export function isNamedProxy(trustProxy: number | string[]): (address: string) => boolean {
  if (typeof trustProxy === 'number') return () => false;
  const trusts = express().set('trust proxy', trustProxy).get('trust proxy fn') as (
    address: string,
    hop: number,
  ) => boolean;
  return (address) => trusts(address, 0);
}

/** The request's journey: logging, security headers, compression, static files, API, pages. */
export function createApp(options: AppOptions) {
  const { config, store, logger, staticFiles, enquiries } = options;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  let secret: Promise<Buffer> | undefined;
  // Instances that share a database share FORM_SECRET, so each accepts the forms (and the preview links, and the
  // health key) the others made, and their logs name a client alike.
  const getSecret = () => (secret ??= loadSiteSecret(config.enquiries));

  if (config.isProduction) {
    const clientTag = clientTags(getSecret());
    app.use(
      pinoHttp({
        logger,
        // A monitor's health checks would drown the log; any other method on /healthz is a line like any other.
        autoLogging: { ignore: (req) => req.url === '/healthz' && (req.method === 'GET' || req.method === 'HEAD') },
        // A page the browser fetches ahead of a tap is no visit yet (the visitor may never see it), but still a line.
        customSuccessObject: (req, res, value: object) =>
          isSpeculativeView(req, res.statusCode) ? { ...value, speculative: true } : value,
        serializers: {
          req: (req: { method: string; url: string; raw: Request }) => ({
            method: req.method,
            url: withoutSecret(req.url),
            client: clientTag(req.raw.ip),
          }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
      }),
    );
  }
  app.use(securityHeaders(config));
  if (config.noindex) {
    // Without SITE_URL every link names localhost: nothing of it may be indexed.
    app.use((_req, res, next) => {
      res.set('X-Robots-Tag', 'noindex');
      next();
    });
  }
  // React calls the flush() that compression adds after each chunk, so the shell is not held back. Scripts and
  // stylesheets go as the build compressed them.
  app.use(compression({ filter: (req, res) => !isPrecompressed(res as Response) && compression.filter(req, res) }));

  // Always 200 while the process serves (a load balancer must not drop it for a bad store edit); the body says
  // whether the store on disk is readable, whether every enquiry is being delivered (the same figures on every
  // instance sharing a database) and what the operator should fix, never a visitor's details.
  // Its warnings (what the operator has yet to set up, such as nobody reading the enquiries) are words for the
  // operator's monitor, which sends the health key; everyone else gets only their number (health-key.server.ts).
  const fromOperator = async (req: Request) => {
    const given = req.get(healthKeyHeader);
    return given !== undefined && isHealthKey(given, healthKey(await getSecret()));
  };
  app.get('/healthz', async (req, res) => {
    const delivery = (await enquiries.deliveryHealth?.report()) ?? { problems: [], warnings: [] };
    const subscribers = await options.newsletter?.deliveryHealth?.report().catch(() => undefined);
    const noIssue = !store.index.categories.some((c) => c.slug === newsletterCategorySlug && c.postCount > 0);
    const warnings = [
      ...config.warnings,
      ...delivery.warnings,
      ...(noIssue && config.isProduction ? [noNewsletterIssueWarning] : []),
    ];
    const enquiryStore = enquiries.store.health();
    // A set: the store and the delivery figures may both find the database out of reach.
    const reasons = new Set([
      ...(store.health.status === 'ok' ? [] : [store.health.reason]),
      ...(enquiryStore.ok ? [] : [enquiryStore.reason]),
      ...delivery.problems,
      ...(subscribers?.problems ?? []),
    ]);
    const health = reasons.size ? { status: 'degraded', reason: [...reasons].join('; ') } : { status: 'ok' };
    // The age of the oldest figures shown; none while none have been read yet (never "fresh" unread).
    const ages = [delivery.ageSeconds, subscribers?.ageSeconds].filter((age) => age !== undefined);
    res.set('Cache-Control', 'no-store').json({
      ...health,
      ...(delivery.deliveries || subscribers?.deliveries
        ? { deliveries: { ...delivery.deliveries, ...subscribers?.deliveries } }
        : {}),
      ...(ages.length ? { deliveriesAgeSeconds: Math.max(...ages) } : {}),
      ...(warnings.length ? ((await fromOperator(req)) ? { warnings } : { warningCount: warnings.length }) : {}),
    });
  });
  // Browsers ask for it whatever the page links: the PNG icon, not a page-sized 404.
  app.get('/favicon.ico', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').redirect(301, '/favicon-32.png');
  });
  app.use(speculationRulesRouter());

  if (staticFiles.length) app.use(staticFiles);
  // A featured image put in place without its smaller copies (they are made by the build and by the content
  // command): serve the full-size one.
  app.get(new RegExp(`^/images/blog/(.+)-(?:${copyWidths.join('|')})\\.webp$`), (req, res) => {
    res.redirect(302, `/images/blog/${req.params[0] ?? ''}.webp`);
  });
  let enquiryTokens: Promise<FormTokens> | undefined;
  let signUpTokens: Promise<FormTokens> | undefined;
  let links: Promise<PreviewLinks> | undefined;
  let unsubscribes: Promise<UnsubscribeTokens> | undefined;
  const getTokens = () => (enquiryTokens ??= getSecret().then((secret) => formTokens(secret, 'enquiry')));
  const getSignUpTokens = () => (signUpTokens ??= getSecret().then((secret) => formTokens(secret, 'newsletter')));
  const getLinks = () => (links ??= getSecret().then(previewLinks));
  const getUnsubscribes = () => (unsubscribes ??= getSecret().then(unsubscribeTokens));
  // Each island's server state, by island: a page's HTML and boot data carry it where the page shows the island.
  // Each form gets a token of its own, which the other form's endpoint refuses.
  const islandState = async () => ({
    'consult-form': { token: (await getTokens()).issue() },
    newsletter: { token: (await getSignUpTokens()).issue() },
  });
  const pageOptions = { ...options, islandState };
  const renderFormPage = createFormPageRenderer(pageOptions);
  app.use(
    enquiryEndpoint,
    createEnquiryRouter({
      config,
      logger,
      store: enquiries.store,
      wake: enquiries.wake,
      rateLimitStore: enquiries.rateLimitStore,
      tokens: getTokens,
      isPublishedPost: (slug) => store.index.isPublic(slug),
      renderFormPage: (res, url, enquiry, status) => renderFormPage(res, url, { enquiry }, status),
    }),
  );
  const newsletterOptions = {
    config,
    logger,
    store: enquiries.store,
    rateLimitStore: enquiries.rateLimitStore,
    tokens: getSignUpTokens,
    enquiryTokens: getTokens,
    unsubscribeTokens: getUnsubscribes,
    isPublishedPost: (slug: string) => store.index.isPublic(slug),
    sender: newsletterSender({
      config,
      logger,
      mailer: options.newsletter?.mailer,
      store: enquiries.store,
      unsubscribeTokens: getUnsubscribes,
    }),
    wake: options.newsletter?.wake,
    renderFormPage,
  };
  app.use(newsletterPaths.signUp, createNewsletterRouter(newsletterOptions));
  app.post(`${newsletterPaths.unsubscribe}/:token`, ...createUnsubscribeHandler(newsletterOptions));
  app.use('/api', createApiRouter(store));
  app.use(createSeoRouter(store, config.public, { noindex: config.noindex }));

  app.get(
    previewPath(':token'),
    createPreviewRoute({ store, links: getLinks, renderPrivatePage: createPrivatePageRenderer(pageOptions) }),
  );
  app.get('/{*splat}', createPageHandler(pageOptions));
  app.all('/{*splat}', (_req, res) => {
    res.set('Allow', 'GET, HEAD').status(405).type('text').send('Method not allowed');
  });

  const pageErrors: ErrorRequestHandler = (error, req, res, _next) => {
    const status = httpStatusOf(error);
    if (status >= 500) logger.error({ err: error, url: withoutSecret(req.originalUrl) }, 'Request failed');
    if (res.headersSent) return res.destroy();
    // A CDN must not keep a failure in place of the page.
    if (status >= 500) res.set('Cache-Control', 'no-store');
    res.status(status).type('html').send(statusPage(status, config.public.siteName));
  };
  app.use(pageErrors);
  return app;
}
