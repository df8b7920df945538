/**
 * Each page's title, description, heading and intro, in `page-copy/<page>.ts`: one module per page.
 */
export interface PageCopy {
  /** Short page title used in <title>. */
  readonly title: string;
  /** Meta description, 140–160 characters. */
  readonly description: string;
  /** The page's h1. */
  readonly heading: string;
  /** Hero paragraph under the h1. */
  readonly intro: string;
}
