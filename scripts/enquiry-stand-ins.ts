/**
 * Local stand-ins for HubSpot's Forms Submission API and an SMTP server, to try the enquiry path by hand:
 *   npx tsx scripts/enquiry-stand-ins.ts [--hubspot-port 4010] [--smtp-port 2525] [--hubspot-status 200]
 *     [--hubspot-form-fields firstname,email,message] [--smtp-password secret]
 * Prints each submission and email it receives. `--hubspot-status 500` (or 429, 400) shows retries and failures;
 * `--hubspot-form-fields` answers HubSpot's FIELD_NOT_IN_FORM_DEFINITION for any other field, as a HubSpot form
 * without them does; `--smtp-password` refuses any other login (535), as a mail server does after a password change.
 */
import { createServer } from 'node:http';
import { Command } from 'commander';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { hubspotErrorBody, refusalOfFieldsNotInForm } from './lib/hubspot-errors.ts';

const flags = new Command()
  .option('--hubspot-port <port>', 'port of the HubSpot stand-in', '4010')
  .option('--smtp-port <port>', 'port of the SMTP server', '2525')
  .option('--hubspot-status <status>', 'HTTP status the HubSpot stand-in answers with', '200')
  .option('--hubspot-form-fields <names>', "the HubSpot form's fields, comma-separated (default: any field)")
  .option('--smtp-password <password>', 'the only password the SMTP server accepts (default: no login needed)')
  .parse()
  .opts<{
    hubspotPort: string;
    smtpPort: string;
    hubspotStatus: string;
    hubspotFormFields?: string;
    smtpPassword?: string;
  }>();

const formFields = flags.hubspotFormFields?.split(',').map((name) => name.trim());

const hubspot = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const refusal = formFields ? refusalOfFieldsNotInForm(JSON.parse(body || '{}'), formFields) : null;
    const status = refusal ? 400 : Number(flags.hubspotStatus);
    process.stdout.write(`\nHubSpot ${req.method} ${req.url} → ${status}\n${body}\n`);
    res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '10' } : {}) });
    if (status === 200) return res.end('{"inlineMessage":"Thanks"}');
    if (status === 400) return res.end(refusal ?? hubspotErrorBody([{ field: 'email', errorType: 'INVALID_EMAIL' }]));
    res.end(JSON.stringify({ status: 'error', message: 'stand-in', correlationId: crypto.randomUUID() }));
  });
});

const smtp = new SMTPServer({
  authOptional: !flags.smtpPassword,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (!flags.smtpPassword || auth.password === flags.smtpPassword) return callback(null, { user: auth.username });
    callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
  },
  onData(stream, session, callback) {
    void simpleParser(stream).then((mail) => {
      const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
      process.stdout.write(
        `\nEmail to ${to}, reply-to ${mail.replyTo?.text ?? '—'}: ${mail.subject ?? ''}\n${mail.text ?? ''}\n`,
      );
      callback();
    }, callback);
  },
});

hubspot.listen(Number(flags.hubspotPort), '127.0.0.1');
smtp.listen(Number(flags.smtpPort), '127.0.0.1');
process.stdout.write(
  `HubSpot stand-in: HUBSPOT_API_URL=http://127.0.0.1:${flags.hubspotPort}\n` +
    `SMTP server:      SMTP_URL=smtp://127.0.0.1:${flags.smtpPort}\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    hubspot.close();
    smtp.close(() => process.exit(0));
  });
}
