/**
 * Who the studio is, as the studio fills it in: each detail that is set shows in the footer (beside the link to
 * /privacy) and in the home page's structured data; a detail left out shows nowhere. The phone number and email
 * address are settings (CONTACT_PHONE and CONTACT_EMAIL), because the form's fallback and the staff's emails use
 * them too. The server checks this file as it starts and stops with one line naming what is wrong.
 */

export type AustralianState = 'ACT' | 'NSW' | 'NT' | 'QLD' | 'SA' | 'TAS' | 'VIC' | 'WA';

export type Weekday = 'Monday' | 'Tuesday' | 'Wednesday' | 'Thursday' | 'Friday' | 'Saturday' | 'Sunday';

export interface StreetAddress {
  /** "Level 2, 45 Hunter Street" */
  readonly street: string;
  /** "Newcastle" */
  readonly suburb: string;
  readonly state: AustralianState;
  /** "2300" */
  readonly postcode: string;
}

/** When the studio answers, on some days of the week: 24-hour times, Newcastle time ("09:00" to "17:00"). */
export interface OpeningHours {
  readonly days: readonly Weekday[];
  readonly opens: string;
  readonly closes: string;
}

export interface SocialProfile {
  /** The network as visitors know it: "Instagram", "Facebook", "LinkedIn". */
  readonly name: string;
  /** The studio's page there, an https:// address. */
  readonly url: string;
}

export interface BusinessDetails {
  /** The registered name, when it differs from the brand (SITE_NAME): "Harbour Marketing Pty Ltd". */
  readonly legalName?: string;
  /** The Australian Business Number: 11 digits, spaced as you like ("51 824 753 556"). */
  readonly abn?: string;
  /** Where clients can visit the studio. */
  readonly address?: StreetAddress;
  /** The places the studio works in, as a client would say them: "Newcastle, NSW". */
  readonly serviceArea?: string;
  readonly hours?: readonly OpeningHours[];
  readonly socialProfiles?: readonly SocialProfile[];
}

// Only what the site already says of itself: it serves Newcastle, NSW. Add the rest as the studio has it.
export const businessDetails: BusinessDetails = {
  serviceArea: 'Newcastle, NSW',
};
