import { claims } from '../offer.ts';

/** The call to action under every post. */
export const postCallToAction = {
  heading: 'Want this done for your business?',
  text: `Book a free ${claims.consult} consult and we’ll show you the quickest wins for your business. We reply within ${claims.reply}.`,
} as const;
