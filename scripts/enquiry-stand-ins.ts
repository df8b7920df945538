/**
 * Local stand-ins for HubSpot's Forms Submission API and an SMTP server, to try the enquiry path by hand:
 *   npx tsx scripts/enquiry-stand-ins.ts [--hubspot-port 4010] [--smtp-port 2525] [--hubspot-status 200]
 * Prints each submission and email it receives. `--hubspot-status 500` (or 429, 400) shows retries and failures.
 */
import { createServer } from 'node:http';
import { Command } from 'commander';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const flags = new Command()
  .option('--hubspot-port <port>', 'port of the HubSpot stand-in', '4010')
  .option('--smtp-port <port>', 'port of the SMTP server', '2525')
  .option('--hubspot-status <status>', 'HTTP status the HubSpot stand-in answers with', '200')
  .parse()
  .opts<{ hubspotPort: string; smtpPort: string; hubspotStatus: string }>();

const hubspot = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const status = Number(flags.hubspotStatus);
    process.stdout.write(`\nHubSpot ${req.method} ${req.url} → ${status}\n${body}\n`);
    res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '10' } : {}) });
    res.end(status === 200 ? '{"inlineMessage":"Thanks"}' : '{"status":"error","message":"stand-in"}');
  });
});

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
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
