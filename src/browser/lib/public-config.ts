/** What the browser's code reads of the configuration: sent to the client in the page's boot data. */
export interface BrowserConfig {
  siteName: string;
  contactPhone: string;
  contactEmail: string;
  hubspot: { region: string; portalId?: string; formId?: string };
  gaMeasurementId?: string;
  /** The studio's scheduling page, offered right after an enquiry is sent; the privacy page names its service. */
  bookingUrl?: string;
  /** Each enquiry is emailed to the studio (SMTP_URL is set): the form's notice and the privacy page say so only then. */
  enquiriesEmailed?: true;
}

/** What any page may show of the configuration: the server's pages read it all, the browser its own part. */
export interface PublicConfig extends BrowserConfig {
  siteUrl: string;
  /** Enquiries older than this are deleted; the privacy page states it. */
  enquiryRetentionDays: number;
  /** A newsletter sign-up can be confirmed (an SMTP server, or HubSpot's own double opt-in): the box shows. */
  newsletterSignup?: boolean;
  /** Who sends the confirmation email, while the box shows: this site (`email`) or HubSpot; the privacy page says. */
  newsletterConfirmedBy?: 'email' | 'hubspot';
}
