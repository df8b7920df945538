/**
 * Each page's title, description, heading and intro, in `page-copy/<page>.ts`: one module per page, so that a
 * page's scripts carry its own copy and not every page's.
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
