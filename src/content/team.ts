/**
 * The people of the studio, shown on /about. A member who writes for the blog names their author username (one of
 * src/content/authors.ts): their posts' bylines then link to their entry here. The server checks this list as it
 * starts and stops with one line naming an entry that lacks a field or names an unknown author.
 */
export interface TeamMember {
  readonly name: string;
  /** What they do at the studio: "Founder and strategist". */
  readonly role: string;
  /** Two lines about them: at most 200 characters. */
  readonly bio: string;
  /** Their photo: a path under public/ ("/images/team/sarah-mitchell.webp") or an https:// address. */
  readonly photo?: string;
  /** The username on their blog posts, when they write for the blog. */
  readonly author?: string;
  /**
   * `true` for the person a visitor talks to in the free consult: named beside every consult form ("You'll talk to
   * …") and first on /about. At most one member.
   */
  readonly takesConsults?: true;
}

// The two people the blog already names, described by what they write; their roles are the studio's to add.
export const team: readonly TeamMember[] = [
  {
    name: 'Sarah Mitchell',
    role: 'Blog writer',
    bio: 'Sarah writes our guides to email marketing, Google reviews, Meta ads and local landing pages for local businesses.',
    author: 'sarah-mitchell',
  },
  {
    name: 'James Nguyen',
    role: 'Blog writer',
    bio: 'James writes our guides to local SEO, Google Ads, Instagram, short-form video and website speed for local businesses.',
    author: 'james-nguyen',
  },
];
