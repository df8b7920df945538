import { claims } from '../offer.ts';

/** Under every post: the card of its package follows, its button carrying the plan to the form. */
export const postPackageCallToAction = {
  heading: 'Want this done for your business?',
  text: `This is the package that puts it into practice. Start with a free ${claims.consult} consult about it: we reply within ${claims.reply}.`,
} as const;

/** The line at the top of a post's preview, which nobody but the link's holders can read yet. */
export const previewNotice = {
  label: 'Preview',
  scheduled: 'This post goes live on',
  draft: 'This post is a draft, not yet scheduled.',
  audience: 'Until then, only people with this link can read it.',
} as const;
