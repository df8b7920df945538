import { claims } from '../offer.ts';

/** The call to action under every post. */
export const postCallToAction = {
  heading: 'Want this done for your business?',
  text: `Book a free ${claims.consult} consult and we’ll show you the quickest wins for your business. We reply within ${claims.reply}.`,
} as const;

/** Under a post that names its package: the package's card follows, its button carrying the plan to the form. */
export const postPackageCallToAction = {
  heading: postCallToAction.heading,
  text: `This is the package that puts it into practice. Start with a free ${claims.consult} consult about it: we reply within ${claims.reply}.`,
} as const;

/** The line at the top of a post's preview, which nobody but the link's holders can read yet. */
export const previewNotice = {
  label: 'Preview',
  scheduled: 'This post goes live on',
  draft: 'This post is a draft, not yet scheduled.',
  audience: 'Until then, only people with this link can read it.',
} as const;
