/**
 * The email a would-be subscriber gets: who sends it (the studio's name and address), why it came, the link that
 * confirms, and how to leave (List-Unsubscribe with one-click POST, RFC 8058, on every email to the address).
 * Plain text only: nothing a visitor typed is ever put into HTML.
 */
import { businessDetails } from '../../content/business.ts';
import { singleLine } from '../../shared/plain-text.ts';
import { formatAddress } from '../../lib/business-details.ts';
import { newsletterConfirmPath, newsletterUnsubscribePath } from '../../lib/newsletter.ts';
import type { Config } from '../config.server.ts';
import type { MailMessage } from '../enquiries/mail.server.ts';
import type { ConfirmationRequest } from './newsletter-sender.server.ts';
import { confirmationLifetimeMs } from './subscriber.ts';

export function confirmationEmail(
  {
    to,
    firstname,
    confirmToken,
    unsubscribeToken,
  }: Pick<ConfirmationRequest, 'to' | 'firstname' | 'confirmToken'> & { unsubscribeToken: string },
  config: Config,
): MailMessage {
  const { siteName, siteUrl, contactEmail } = config.public;
  const confirmUrl = `${siteUrl}${newsletterConfirmPath(confirmToken)}`;
  const unsubscribeUrl = `${siteUrl}${newsletterUnsubscribePath(unsubscribeToken)}`;
  const hours = confirmationLifetimeMs / 3_600_000;
  // The sender says where the studio is: its street address, else its service area.
  const { address, serviceArea } = businessDetails;
  const where = address ? formatAddress(address) : serviceArea;
  const text = [
    `Hi${firstname ? ` ${singleLine(firstname)}` : ''},`,
    '',
    `Someone (we hope you) asked to receive the ${siteName} newsletter at this address on ${siteUrl}. To confirm that you want it, open this link and press "Confirm my subscription":`,
    '',
    confirmUrl,
    '',
    `The link works once, for ${hours} hours. If you did not ask for the newsletter, ignore this email: nothing more is sent, and the address is deleted after ${hours} hours.`,
    '',
    `To stop any email from us about the newsletter: ${unsubscribeUrl}`,
    '',
    '--',
    siteName,
    ...(where ? [where] : []),
    `${contactEmail} · ${siteUrl}`,
  ].join('\n');
  return {
    to,
    subject: `Confirm your subscription to the ${siteName} newsletter`,
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
