/** The plans' names in the order the site lists them: small, so the footer can show them on every page. */
export const planTitles = {
  'visibility-boost': 'Visibility Boost',
  'local-launch': 'Local Launch Pack',
  growth: 'Growth Partner',
  'paid-ads': 'Paid Ads Management',
  'additional-content': 'Additional Content',
  'advanced-seo': 'Advanced SEO',
} as const;

export type PlanId = keyof typeof planTitles;

export const planIds = Object.keys(planTitles) as PlanId[];
