import { formSecretFile, formTokens, loadFormSecret } from '../src/server/enquiries/form-token.server.ts';

/**
 * A consult form's token issued `ageMs` ago, signed with the key a server without FORM_SECRET keeps beside `enquiriesFile`
 * (made here if that server has not made it yet): a token as old as a person's visit, so that a test can send the
 * form without waiting out the server's minimum age for a bot's speed.
 */
export async function formTokenIssuedEarlier(enquiriesFile: string, ageMs = 10_000): Promise<string> {
  return formTokens(await loadFormSecret(formSecretFile(enquiriesFile)), 'enquiry').issue(Date.now() - ageMs);
}
