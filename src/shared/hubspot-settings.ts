export interface HubSpotSettings {
  region: string;
  portalId: string;
  formId: string;
}

/** Whether the provider's form is configured: with both ids, it replaces the site's own form once ready. */
export const hubspotConfigured = ({ portalId, formId }: Partial<HubSpotSettings>): boolean =>
  Boolean(portalId && formId);
