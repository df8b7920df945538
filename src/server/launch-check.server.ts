/**
 * What a studio must fill in before launch, and what it may still add: read from the settings the server would run
 * with and from the content files the studio fills (src/content/business.ts, team.ts, testimonials.ts). Nothing is
 * invented: an item is `set` only when the studio has given it.
 */
import type { BusinessDetails } from '../content/business.ts';
import type { TeamMember } from '../content/team.ts';
import { formatAbn, formatAddress, formatHours } from '../lib/business-details.ts';
import type { Testimonial } from '../content/testimonials.ts';
import { contactDefaults, newsletterHiddenWarning, reachesAPerson, type Config } from './config.server.ts';
import { newsletterCategorySlug } from '../lib/newsletter.ts';
import { hubspotConfigured } from '../shared/hubspot-settings.ts';
import { claimsToConfirm, type ClaimId, type ClaimToConfirm } from '../content/packages.ts';

export interface LaunchContent {
  business: BusinessDetails;
  team: readonly TeamMember[];
  testimonials: readonly Testimonial[];
  /** The newest public post's time and slug, if the blog has one. */
  newestPost?: { slug: string; publishedAt: string };
  /** Now, for the newest post's age. */
  now?: number;
  /** The claims the studio has confirmed (src/content/confirmed-claims.ts): no longer listed. */
  confirmedClaims?: readonly ClaimId[];
  /** Public posts in the blog's Newsletter category: the newsletter's issues. */
  newsletterIssues?: number;
}

export interface LaunchItem {
  /** What it is, as a studio would say it: "Phone number". */
  name: string;
  /** Required items stop the launch while missing; recommended ones are listed while empty. */
  required: boolean;
  set: boolean;
  /** Neither set nor empty: something on the site only the studio can confirm (a claim), listed for it to check. */
  confirm?: boolean;
  /** Set: what the site uses. Not set: where to fill it in. */
  detail: string;
}

export interface LaunchReport {
  items: LaunchItem[];
  /** Every required item is set. */
  ready: boolean;
}

const item = (name: string, required: boolean, set: boolean, detail: string): LaunchItem => ({
  name,
  required,
  set,
  detail,
});

/** Set when the studio has given what `shown` says the site uses; else `hint` says where to fill it in. */
const given = (name: string, required: boolean, shown: string | undefined, hint: string) =>
  item(name, required, Boolean(shown), shown || hint);

/** A contact detail every page shows: set once it is no longer the placeholder the site ships with. */
function contactItem(name: string, setting: string, value: string, placeholder: string): LaunchItem {
  const set = value !== placeholder;
  return item(name, true, set, set ? value : `set ${setting}: every page shows the placeholder ${placeholder}`);
}

/** A blog whose newest post is older than this looks abandoned to a visitor. */
const staleBlogMonths = 6;

/** Whether `publishedAt` is more than `months` calendar months before `now`. */
function olderThanMonths(publishedAt: string, months: number, now: number): boolean {
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - months);
  return Date.parse(publishedAt) < limit.getTime();
}

/**
 * What the site promises from its settings: with HubSpot's form and a booking page, the link to choose a time stands
 * under HubSpot's thanks, which only shows if the form's own settings keep its thanks on the page.
 */
function siteClaims(config: Config): ClaimToConfirm[] {
  if (!hubspotConfigured(config.public.hubspot) || !config.public.bookingUrl) return [];
  return [
    {
      id: 'booking-after-hubspot',
      claim:
        'after a test send through your HubSpot form, the link to choose a time shows under its thanks (set the form to show a thank-you message, not to redirect)',
    },
  ];
}

export function launchReport(config: Config, content: LaunchContent): LaunchReport {
  const { contactPhone, contactEmail, hubspot, bookingUrl, siteName } = config.public;
  const { smtpUrl, alertWebhookUrl } = config.enquiries;
  const { business, team, testimonials, newestPost, now = Date.now(), confirmedClaims = [] } = content;
  const recentPost = newestPost && !olderThanMonths(newestPost.publishedAt, staleBlogMonths, now);
  const host = team.find((member) => member.takesConsults);
  const channels = [
    ...(smtpUrl ? [`email to ${config.enquiries.notifyEmail}`] : []),
    ...(hubspotConfigured(hubspot) ? ['HubSpot'] : []),
    ...(alertWebhookUrl ? ['alert webhook'] : []),
  ];
  // A webhook alone announces delivery problems, and with no channel there are none to announce.
  const webhookOnly = channels.length === 1 && Boolean(alertWebhookUrl);
  const withoutPhoto = team.filter((member) => !member.photo).map((member) => member.name);
  const items = [
    contactItem('Phone number', 'CONTACT_PHONE', contactPhone, contactDefaults.phone),
    contactItem('Email address', 'CONTACT_EMAIL', contactEmail, contactDefaults.email),
    item(
      'Where enquiries go',
      true,
      reachesAPerson(config),
      reachesAPerson(config)
        ? `${channels.join(', ')}${webhookOnly ? ' (it only announces delivery problems: set SMTP_URL or the HubSpot ids for each enquiry to reach someone)' : ''}`
        : 'set SMTP_URL (each enquiry emailed), HUBSPOT_PORTAL_ID and HUBSPOT_FORM_ID, or ALERT_WEBHOOK_URL: otherwise enquiries are only stored on the server',
    ),
    item(
      'Site address',
      true,
      !config.noindex,
      config.noindex
        ? 'set SITE_URL to the public address (https://www.example.com): until then search engines are asked not to index the site'
        : config.public.siteUrl,
    ),
    given('ABN', true, business.abn && formatAbn(business.abn), 'add abn in src/content/business.ts'),
    item(
      'Address or service area',
      true,
      Boolean(business.address || business.serviceArea),
      [business.address && formatAddress(business.address), business.serviceArea].filter(Boolean).join('; ') ||
        'add address or serviceArea in src/content/business.ts',
    ),
    given('Opening hours', true, business.hours?.map(formatHours).join(', '), 'add hours in src/content/business.ts'),
    given(
      'Who takes consults',
      true,
      host && `${host.name}, ${host.role}`,
      'set takesConsults: true on the team member a visitor talks to, in src/content/team.ts',
    ),
    item(
      'Testimonials',
      false,
      testimonials.length > 0,
      testimonials.length
        ? testimonials.map((testimonial) => testimonial.name).join(', ')
        : "add clients' words in src/content/testimonials.ts",
    ),
    given('Booking page', false, bookingUrl, 'set BOOKING_URL to offer a time right after an enquiry'),
    item(
      'Team photos',
      false,
      team.length > 0 && withoutPhoto.length === 0,
      withoutPhoto.length || !team.length
        ? `add photo in src/content/team.ts${withoutPhoto.length ? ` for ${withoutPhoto.join(', ')}` : ''}`
        : 'every member has one',
    ),
    // Asked for only where it differs from the brand: a studio trading under its own registered name has none to add.
    item(
      'Legal name',
      false,
      Boolean(business.legalName),
      business.legalName ??
        `add legalName in src/content/business.ts only if your registered name differs from ${siteName}`,
    ),
    item(
      'Recent blog post',
      false,
      Boolean(recentPost),
      newestPost
        ? `the newest, ${newestPost.slug}, is from ${newestPost.publishedAt.slice(0, 10)}${recentPost ? '' : `: older than ${staleBlogMonths} months, publish one (npm run content -- add)`}`
        : 'publish a first post (npm run content -- add)',
    ),
    item(
      'Newsletter sign-up',
      false,
      config.newsletter.confirmation !== 'none',
      config.newsletter.confirmation === 'email'
        ? 'shown: the site emails each confirmation link (SMTP_URL)'
        : config.newsletter.confirmation === 'hubspot'
          ? "shown: sign-ups go to HubSpot's newsletter form, which sends its own double opt-in email"
          : newsletterHiddenWarning,
    ),
    item(
      'Newsletter sample issue',
      false,
      (content.newsletterIssues ?? 0) > 0,
      content.newsletterIssues
        ? `${content.newsletterIssues} issue${content.newsletterIssues === 1 ? '' : 's'} in the blog's Newsletter category`
        : `add a sample issue: a post in the category "${newsletterCategorySlug}" (npm run content -- add); /newsletter shows the latest one`,
    ),
    ...[...claimsToConfirm(), ...siteClaims(config)]
      .filter((claim) => !confirmedClaims.includes(claim.id))
      .map(({ id, claim }) => ({
        name: 'Claim to confirm',
        required: false,
        set: false,
        confirm: true,
        detail: `${claim}: once it is true, add '${id}' to src/content/confirmed-claims.ts`,
      })),
    item(
      'Social profiles',
      false,
      Boolean(business.socialProfiles?.length),
      business.socialProfiles?.map((profile) => profile.name).join(', ') ||
        'add socialProfiles in src/content/business.ts',
    ),
  ];
  return { items, ready: items.every((entry) => !entry.required || entry.set) };
}
