import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { withoutTrailingSlashes } from '../lib/path.ts';
import type { PublicConfig } from '../browser/lib/public-config.ts';
import { hubspotConfigured } from '../shared/hubspot-settings.ts';

// Every message reads as `Invalid configuration: NAME <message> (got "<value>")`, never zod's own wording.
const notEmpty = 'must not be empty';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** ENQUIRY_RETENTION_DAYS: also the rule of `npm run enquiries -- prune --days`. */
export const enquiryRetentionDays = wholeNumber(1, 36_500).default(730);

const text = (defaultValue: string) => z.string({ error: notEmpty }).trim().min(1, notEmpty).default(defaultValue);

const httpUrl = (example: string) =>
  z.url({ protocol: /^https?$/, error: `must be an absolute http(s) URL such as ${example}` });

const formGuid = optionalText.pipe(
  z
    .string()
    .regex(/^[0-9a-f-]{8,64}$/i, 'must be a form GUID')
    .optional(),
);

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

/** Names Express (proxy-addr) knows for address ranges. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, or a CIDR range whose prefix fits its family. */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Express's `trust proxy`: how many proxies in front to believe (a hop count), or which peers (names, addresses,
 * CIDR ranges, comma-separated). `true` (believe anyone) is refused: every visitor could then choose the address
 * the rate limit counts.
 */
const trustProxy = z.string().transform((value, context): number | string[] => {
  if (/^\d+$/.test(value) && Number(value) <= 100) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !rangeNames.has(entry) && !isAddressOrRange(entry));
  if (bad === undefined && entries.length) return entries;
  context.addIssue({
    code: 'custom',
    message:
      'must be a hop count (such as 1), loopback, or addresses and CIDR ranges separated by commas (such as 10.0.0.0/8, 192.0.2.7)',
  });
  return z.NEVER;
});

/** The README's placeholders: a fresh clone shows them, and a launched site must replace them. */
export const contactDefaults = { phone: '(02) 4929 7150', email: 'hello@newcastlemarketing.studio' } as const;

const envSchema = z.object({
  NODE_ENV: oneOf(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(1, 65535).default(3000),
  HOST: text('0.0.0.0'),
  DATA_FILE: text('data/db.json'),
  SITE_URL: optionalText.pipe(httpUrl('https://www.example.com').transform(withoutTrailingSlashes).optional()),
  SITE_NAME: text('Newcastle Marketing Studio'),
  CONTACT_PHONE: text(contactDefaults.phone),
  CONTACT_EMAIL: z
    .email({ error: 'must be an email address such as hello@example.com' })
    .default(contactDefaults.email),
  HUBSPOT_PORTAL_ID: optionalText.pipe(z.string().regex(/^\d+$/, 'must be digits').optional()),
  HUBSPOT_FORM_ID: formGuid,
  HUBSPOT_REGION: z
    .string()
    .trim()
    .regex(/^[a-z]{2}\d$/, 'must look like ap1, na1 or eu1')
    .default('ap1'),
  GA_MEASUREMENT_ID: optionalText.pipe(
    z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a Google tag ID such as G-1A2B3C4D5E')
      .optional(),
  ),
  RENDER_CACHE: oneOf(['on', 'off']).default('on'),
  WEB_CONCURRENCY: wholeNumber(1, 64).default(1),
  // Longer than a load balancer keeps an idle connection (60 s is common): the balancer, not the server, closes it.
  KEEP_ALIVE_TIMEOUT_SECONDS: wholeNumber(1, 3600).default(65),
  ENQUIRIES_FILE: text('data/enquiries.json'),
  HUBSPOT_API_URL: httpUrl('https://api.hsforms.com')
    .transform(withoutTrailingSlashes)
    .default('https://api.hsforms.com'),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must look like smtp://user:pass@mail.example.com:587' }).optional(),
  ),
  NOTIFY_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address such as hello@example.com' }).optional()),
  ENQUIRY_RATE_LIMIT: wholeNumber(1, 1_000_000).default(10),
  DATABASE_URL: optionalText.pipe(
    z
      .url({ protocol: /^postgres(ql)?$/, error: 'must look like postgres://user:password@db.example.com:5432/studio' })
      .optional(),
  ),
  FORM_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters (e.g. the output of: openssl rand -hex 32)').optional(),
  ),
  TRUST_PROXY: optionalText.transform((value) => value ?? 'loopback').pipe(trustProxy),
  ENQUIRY_RETENTION_DAYS: enquiryRetentionDays,
  HUBSPOT_UTM_FIELDS: oneOf(['on', 'off']).default('off'),
  ALERT_WEBHOOK_URL: optionalText.pipe(httpUrl('https://hooks.slack.com/services/…').optional()),
  DELIVERY_ALERT_MINUTES: wholeNumber(1, 10_080).default(15),
  HUBSPOT_NEWSLETTER_FORM_ID: formGuid,
  NEWSLETTER_WEBHOOK_URL: optionalText.pipe(httpUrl('https://hooks.zapier.com/…').optional()),
  NEWSLETTER_CONFIRMATIONS_PER_HOUR: wholeNumber(1, 100_000).default(50),
  NEWSLETTER_RATE_LIMIT: wholeNumber(1, 1_000_000).default(5),
  // A plain https link only: the visitor's browser goes there, and an http page would be downgraded or blocked.
  BOOKING_URL: optionalText.pipe(
    z.url({ protocol: /^https$/, error: 'must be an https:// URL such as https://cal.com/studio/consult' }).optional(),
  ),
});

/** Values never echoed in an error message: they may hold a password. */
const secretVariables = new Set([
  'SMTP_URL',
  'DATABASE_URL',
  'FORM_SECRET',
  'ALERT_WEBHOOK_URL',
  'NEWSLETTER_WEBHOOK_URL',
]);

export interface Config {
  isProduction: boolean;
  port: number;
  host: string;
  /** Absolute: a relative DATA_FILE is taken from the project's root, wherever the server is started from. */
  dataFile: string;
  /** Rendered pages are kept per URL in production only: development renders every request from source. */
  renderCache: boolean;
  webConcurrency: number;
  /** How long an idle kept-alive connection stays open: longer than the load balancer in front keeps its own. */
  keepAliveTimeoutMs: number;
  /** Which proxies' X-Forwarded-For says who the visitor is (Express's `trust proxy`): the rate limit counts that. */
  trustProxy: number | string[];
  /**
   * In production without SITE_URL, links would name localhost: every response then asks search engines not to
   * index it (X-Robots-Tag, robots.txt) until SITE_URL is set.
   */
  noindex: boolean;
  /** Said once at start and listed by /healthz: the site works, but an operator should act. */
  warnings: string[];
  public: PublicConfig;
  enquiries: {
    /** Where the site's own enquiries are stored; absolute, a relative ENQUIRIES_FILE taken from the root. */
    file: string;
    /** Base URL of HubSpot's Forms Submission API; forwarding is on when portalId and formId are set. */
    hubspotApiUrl: string;
    /** Send the last touch's utm_* values as HubSpot form fields (the form has hidden properties of those names). */
    hubspotUtmFields: boolean;
    /** When set, each enquiry is emailed to notifyEmail through this SMTP server. */
    smtpUrl?: string;
    notifyEmail: string;
    /** Enquiries accepted per visitor address per hour. */
    rateLimit: number;
    /**
     * Set: enquiries, their delivery state and the rate limit's counts live in this PostgreSQL database, shared by
     * every instance that names it, and `file` is not used.
     */
    databaseUrl?: string;
    /** The form token's key from the environment (required with databaseUrl); unset: a key file beside `file`. */
    formSecret?: string;
    /** Receives a JSON POST when a delivery problem starts and when it clears. */
    alertWebhookUrl?: string;
    /** A pending delivery older than this is a delivery problem. */
    deliveryAlertMs: number;
  };
  newsletter: {
    /**
     * How a sign-up is confirmed: `email` (SMTP_URL: the site sends the link), `hubspot` (no SMTP, HubSpot's
     * newsletter form set: HubSpot sends its own double opt-in email), or `none` (the sign-up is not shown).
     */
    confirmation: 'email' | 'hubspot' | 'none';
    /** HubSpot's newsletter form: confirmed subscribers are submitted to it (with HUBSPOT_PORTAL_ID). */
    hubspotFormId?: string;
    /** Receives each confirmed subscriber as JSON (Zapier, Make, n8n: Mailchimp and the like). */
    webhookUrl?: string;
    /** Confirmation emails the whole site sends in an hour (every instance together); past it sign-ups wait. */
    confirmationsPerHour: number;
    /** Sign-ups accepted per visitor address per hour. */
    rateLimit: number;
  };
}

export class ConfigError extends Error {}

/** Why the newsletter's sign-up is hidden, while no confirmation can be sent (for start, /healthz, check:launch). */
export const newsletterHiddenWarning =
  'The newsletter sign-up is hidden: no confirmation can be sent. Set SMTP_URL (the site emails the confirmation link), or HUBSPOT_PORTAL_ID and HUBSPOT_NEWSLETTER_FORM_ID (HubSpot sends its own double opt-in email)';

/** While the blog's Newsletter category has no public post, /newsletter has no issue to show (start, /healthz). */
export const noNewsletterIssueWarning =
  'The newsletter has no issue yet: add a sample as a post in the blog category "newsletter" (npm run content -- add); /newsletter shows the latest one';

/** An enquiry reaches someone: emailed (SMTP_URL), sent to HubSpot (both ids), or an alert webhook is set. */
export function reachesAPerson(config: Pick<Config, 'public' | 'enquiries'>): boolean {
  const { smtpUrl, alertWebhookUrl } = config.enquiries;
  return Boolean(smtpUrl || hubspotConfigured(config.public.hubspot) || alertWebhookUrl);
}

/**
 * What leaves an enquiry unseen or a visitor calling a number nobody answers: one line each, in words an operator
 * acts on (never a host or a secret, as /healthz is public). The site still starts: a fresh clone must serve.
 */
function unseenLeadWarnings(config: Omit<Config, 'warnings'>): string[] {
  const { smtpUrl } = config.enquiries;
  return [
    ...(reachesAPerson(config)
      ? []
      : [
          'No channel reaches a person: enquiries are only stored on this server. Set SMTP_URL (each enquiry emailed), HUBSPOT_PORTAL_ID and HUBSPOT_FORM_ID (sent to HubSpot) or ALERT_WEBHOOK_URL',
        ]),
    ...(config.public.contactPhone === contactDefaults.phone
      ? [
          `CONTACT_PHONE is the placeholder ${contactDefaults.phone}: every page shows it until it is set to the studio's number`,
        ]
      : []),
    ...(config.public.contactEmail === contactDefaults.email
      ? [
          `CONTACT_EMAIL is the placeholder ${contactDefaults.email}: every page shows it until it is set to the studio's address${smtpUrl && config.enquiries.notifyEmail === contactDefaults.email ? ', and enquiry emails are sent to it (set CONTACT_EMAIL, or NOTIFY_EMAIL)' : ''}`,
        ]
      : []),
  ];
}

export interface ParseOptions {
  /** What a relative DATA_FILE or ENQUIRIES_FILE is resolved against: the project's root (default: the working directory). */
  root?: string;
}

export function parseConfig(env: NodeJS.ProcessEnv, { root = process.cwd() }: ParseOptions = {}): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = secretVariables.has(name) ? 'value not shown' : `got ${JSON.stringify(env[name] ?? '')}`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (${got})`);
  }
  const e = result.data;
  if (Boolean(e.HUBSPOT_PORTAL_ID) !== Boolean(e.HUBSPOT_FORM_ID)) {
    const [given, missing] = e.HUBSPOT_PORTAL_ID
      ? ['HUBSPOT_PORTAL_ID', 'HUBSPOT_FORM_ID']
      : ['HUBSPOT_FORM_ID', 'HUBSPOT_PORTAL_ID'];
    throw new ConfigError(`Invalid configuration: ${given} is set but ${missing} is not (set both, or neither)`);
  }
  if (e.HUBSPOT_NEWSLETTER_FORM_ID && !e.HUBSPOT_PORTAL_ID) {
    throw new ConfigError(
      'Invalid configuration: HUBSPOT_NEWSLETTER_FORM_ID is set but HUBSPOT_PORTAL_ID is not (the form belongs to a portal: set both)',
    );
  }
  if (e.DATABASE_URL && !e.FORM_SECRET) {
    throw new ConfigError(
      'Invalid configuration: FORM_SECRET must be set when DATABASE_URL is (at least 32 characters, the same on every instance, so that each accepts the forms the others rendered)',
    );
  }
  const isProduction = e.NODE_ENV === 'production';
  const newsletterConfirmation = e.SMTP_URL ? 'email' : e.HUBSPOT_NEWSLETTER_FORM_ID ? 'hubspot' : 'none';
  const noindex = isProduction && !e.SITE_URL;
  const config: Config = {
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataFile: path.resolve(root, e.DATA_FILE),
    renderCache: isProduction && e.RENDER_CACHE === 'on',
    webConcurrency: e.WEB_CONCURRENCY,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    trustProxy: e.TRUST_PROXY,
    noindex,
    warnings: noindex
      ? [
          `SITE_URL is not set: links name http://localhost:${e.PORT} and search engines are asked not to index the site until it is`,
        ]
      : [],
    public: {
      siteName: e.SITE_NAME,
      siteUrl: e.SITE_URL ?? `http://localhost:${e.PORT}`,
      contactPhone: e.CONTACT_PHONE,
      contactEmail: e.CONTACT_EMAIL,
      hubspot: { region: e.HUBSPOT_REGION, portalId: e.HUBSPOT_PORTAL_ID, formId: e.HUBSPOT_FORM_ID },
      gaMeasurementId: e.GA_MEASUREMENT_ID,
      enquiryRetentionDays: e.ENQUIRY_RETENTION_DAYS,
      ...(e.BOOKING_URL ? { bookingUrl: e.BOOKING_URL } : {}),
      ...(e.SMTP_URL ? { enquiriesEmailed: true as const } : {}),
      newsletterSignup: newsletterConfirmation !== 'none',
      ...(newsletterConfirmation !== 'none' ? { newsletterConfirmedBy: newsletterConfirmation } : {}),
    },
    enquiries: {
      file: path.resolve(root, e.ENQUIRIES_FILE),
      hubspotApiUrl: e.HUBSPOT_API_URL,
      hubspotUtmFields: e.HUBSPOT_UTM_FIELDS === 'on',
      smtpUrl: e.SMTP_URL,
      notifyEmail: e.NOTIFY_EMAIL ?? e.CONTACT_EMAIL,
      rateLimit: e.ENQUIRY_RATE_LIMIT,
      databaseUrl: e.DATABASE_URL,
      formSecret: e.FORM_SECRET,
      alertWebhookUrl: e.ALERT_WEBHOOK_URL,
      deliveryAlertMs: e.DELIVERY_ALERT_MINUTES * 60_000,
    },
    newsletter: {
      confirmation: newsletterConfirmation,
      hubspotFormId: e.HUBSPOT_NEWSLETTER_FORM_ID,
      webhookUrl: e.NEWSLETTER_WEBHOOK_URL,
      confirmationsPerHour: e.NEWSLETTER_CONFIRMATIONS_PER_HOUR,
      rateLimit: e.NEWSLETTER_RATE_LIMIT,
    },
  };
  if (isProduction) config.warnings.push(...unseenLeadWarnings(config));
  if (isProduction && newsletterConfirmation === 'none') config.warnings.push(newsletterHiddenWarning);
  return config;
}
