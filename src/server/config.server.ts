import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

function wholeNumber(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(1, 65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_FILE: z.string().trim().min(1).default('data/db.json'),
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  SITE_NAME: z.string().trim().min(1).default('Newcastle Marketing Studio'),
  CONTACT_PHONE: z.string().trim().min(1).default('(02) 4929 7150'),
  CONTACT_EMAIL: z.email().default('hello@newcastlemarketing.studio'),
  HUBSPOT_PORTAL_ID: optionalText.pipe(z.string().regex(/^\d+$/, 'must be digits').optional()),
  HUBSPOT_FORM_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-f-]{8,64}$/i, 'must be a form GUID')
      .optional(),
  ),
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
  RENDER_CACHE: z.enum(['on', 'off']).default('on'),
  WEB_CONCURRENCY: wholeNumber(1, 64).default(1),
  ENQUIRIES_FILE: z.string().trim().min(1).default('data/enquiries.json'),
  HUBSPOT_API_URL: z
    .url({ protocol: /^https?$/ })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://api.hsforms.com'),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must look like smtp://user:pass@mail.example.com:587' }).optional(),
  ),
  NOTIFY_EMAIL: optionalText.pipe(z.email().optional()),
  ENQUIRY_RATE_LIMIT: wholeNumber(1, 1_000_000).default(10),
});

/** Values never echoed in an error message: they may hold a password. */
const secretVariables = new Set(['SMTP_URL']);

/** What the browser may know: sent to the client in the page's boot data. */
export interface PublicConfig {
  siteName: string;
  siteUrl: string;
  contactPhone: string;
  contactEmail: string;
  hubspot: { region: string; portalId?: string; formId?: string };
  gaMeasurementId?: string;
}

export interface Config {
  isProduction: boolean;
  port: number;
  host: string;
  dataFile: string;
  renderCache: boolean;
  webConcurrency: number;
  public: PublicConfig;
  enquiries: {
    /** Where the site's own enquiries are stored (see the enquiry store). */
    file: string;
    /** Base URL of HubSpot's Forms Submission API; forwarding is on when portalId and formId are set. */
    hubspotApiUrl: string;
    /** When set, each enquiry is emailed to notifyEmail through this SMTP server. */
    smtpUrl?: string;
    notifyEmail: string;
    /** Enquiries accepted per client IP per hour. */
    rateLimit: number;
  };
}

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = secretVariables.has(name) ? 'value not shown' : `got ${JSON.stringify(env[name] ?? '')}`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (${got})`);
  }
  const e = result.data;
  return {
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataFile: e.DATA_FILE,
    renderCache: e.RENDER_CACHE === 'on',
    webConcurrency: e.WEB_CONCURRENCY,
    public: {
      siteName: e.SITE_NAME,
      siteUrl: e.SITE_URL ?? `http://localhost:${e.PORT}`,
      contactPhone: e.CONTACT_PHONE,
      contactEmail: e.CONTACT_EMAIL,
      hubspot: { region: e.HUBSPOT_REGION, portalId: e.HUBSPOT_PORTAL_ID, formId: e.HUBSPOT_FORM_ID },
      gaMeasurementId: e.GA_MEASUREMENT_ID,
    },
    enquiries: {
      file: e.ENQUIRIES_FILE,
      hubspotApiUrl: e.HUBSPOT_API_URL,
      smtpUrl: e.SMTP_URL,
      notifyEmail: e.NOTIFY_EMAIL ?? e.CONTACT_EMAIL,
      rateLimit: e.ENQUIRY_RATE_LIMIT,
    },
  };
}
