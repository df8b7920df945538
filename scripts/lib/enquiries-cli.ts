/**
 * The operators' view of the site's own enquiries, `npm run enquiries -- <command>` (see "Enquiries" in
 * README.md), run on any output and environment: scripts/enquiries.ts runs it on the process's own.
 */
import { type Command, Option } from 'commander';
import { type OperatorIo, operatorCommand, runOperatorCommand, table } from './operator-cli.ts';
import { enquiryFieldTable, type EnquiryFieldTable } from '../../src/content/enquiry-form.ts';
import { multiLine, singleLine } from '../../src/shared/plain-text.ts';
import { enquiryRetentionDays } from '../../src/server/config.server.ts';
import {
  deleteEnquiry,
  describeLocation,
  enquiryJson,
  exportEnquiries,
  importEnquiries,
  listEnquiries,
  pruneEnquiries,
  reportEnquiries,
  type ReportRow,
  retryDeliveries,
  showEnquiry,
  testDelivery,
} from '../../src/server/enquiries/commands.server.ts';
import { parseConfig } from '../../src/server/config.server.ts';
import { loadSiteSecret } from '../../src/server/enquiries/form-token.server.ts';
import { healthKey } from '../../src/server/health-key.server.ts';
import { BlogStore } from '../../src/server/store.server.ts';
import { describeTouch, type Touch } from '../../src/server/enquiries/attribution.server.ts';
import { fieldValue, keepsLines, planTitle, staffValue } from '../../src/server/enquiries/enquiry-fields.server.ts';
import type { StoredEnquiry } from '../../src/server/enquiries/enquiry.ts';
import { retentionLimits, spamRetentionDays } from '../../src/server/enquiries/retention.server.ts';
import type { StoreLocation } from '../../src/server/enquiries/stores.server.ts';
import { EnquiryStoreError } from '../../src/server/enquiries/enquiry-store.server.ts';

interface FileFlags {
  file: string;
}

/** One line, at most `max` characters: a visitor's line breaks and tabs would break the table. */
function cell(text: string | undefined, max: number): string {
  const flat = singleLine(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The form's fields, each read as any field (a plan's id is shown beside its title). */
const formFields: EnquiryFieldTable = enquiryFieldTable;

/** A staff label in the lower case of `show`'s own lines ("first name", beside "received"). */
const staffLabel = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

function when(iso: string): string {
  return `${iso.slice(0, 16).replace('T', ' ')} UTC`;
}

function describeDelivery(e: StoredEnquiry, channel: 'hubspot' | 'email'): string {
  const p = e.progress[channel];
  const parts: string[] = [e.delivery[channel]];
  if (p.attempts) parts.push(`${p.attempts} attempt${p.attempts === 1 ? '' : 's'}`);
  if (p.sentAt) parts.push(`sent ${p.sentAt}`);
  if (p.missingFields?.length) {
    parts.push(
      `without ${p.missingFields.join(', ')}: the HubSpot form lacks ${p.missingFields.length === 1 ? 'this field' : 'these fields'} (their values are in the message; add them to the form)`,
    );
  }
  if (e.delivery[channel] === 'pending' && p.retryAt) parts.push(`next try ${p.retryAt}`);
  if (p.lastError && e.delivery[channel] !== 'sent') parts.push(`last error: ${cell(p.lastError, 300)}`);
  return parts.join(', ');
}

/** Runs `npm run enquiries -- <argv>` with its output on `io`; resolves to the exit status. */
export async function runEnquiriesCommand(argv: string[], io: OperatorIo): Promise<number> {
  /** Set by a command that finishes but reports a failure (a test delivery that failed). */
  let status = 0;

  /** With DATABASE_URL set, every command works on the database that all the site's instances share. */
  const databaseUrl = io.env.DATABASE_URL?.trim() || undefined;
  const where = ({ file }: FileFlags): StoreLocation => ({ file, databaseUrl });

  function withFile(command: Command): Command {
    return command.addOption(
      new Option('--file <file>', 'the enquiries file, when DATABASE_URL is not set (env ENQUIRIES_FILE)').default(
        io.env.ENQUIRIES_FILE?.trim() || 'data/enquiries.json',
      ),
    );
  }

  /**
   * Control characters a visitor typed (terminal escape sequences, a carriage return that overwrites the line) and
   * bidi controls (which reverse the rest of a row) are not passed to the terminal.
   */
  function print(line = ''): void {
    io.stdout.write(`${multiLine(line)}\n`);
  }

  /**
   * JSON for scripts: valid whatever an enquiry holds (print's clean-up would turn a stored U+2028 into a raw line
   * break inside a string), with C1 controls, line separators and bidi controls written as \u escapes, so a terminal
   * shows them as text too.
   */
  function printJson(value: unknown): void {
    const text = JSON.stringify(value, null, 2).replace(
      /[\u0080-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    io.stdout.write(`${text}\n`);
  }

  const program = operatorCommand(
    'npm run enquiries --',
    "The enquiries visitors sent through the site's own form (DATABASE_URL, else ENQUIRIES_FILE), with their HubSpot\n" +
      'and email delivery states. Spam (honeypot hits) is kept apart and not listed unless asked for.',
    `  npm run enquiries -- list
  npm run enquiries -- list --json | jq '.[0]'
  npm run enquiries -- show 3f2a9c1e
  npm run enquiries -- export enquiries.csv
  npm run enquiries -- retry                     after fixing HubSpot or SMTP settings
  npm run enquiries -- delete 3f2a9c1e-…          a privacy request: gone from the store for good
  npm run enquiries -- report --since 2026-09-01   which campaigns and buttons brought the enquiries
  npm run enquiries -- prune                       delete what is past ENQUIRY_RETENTION_DAYS now
  npm run enquiries -- test-delivery --to me@example.com   a test email and a test alert, each outcome printed
  npm run enquiries -- health-key                  the key that shows /healthz's warnings (header X-Health-Key)
  DATABASE_URL=postgres://… npm run enquiries -- import data/enquiries.json   move a one-machine site's enquiries`,
    io,
  );

  withFile(
    program
      .command('list')
      .description('list enquiries, newest first, with their HubSpot and email delivery states')
      .option('--json', 'print a JSON array instead of a table')
      .option('--spam', 'list the spam (honeypot hits) instead'),
  ).action(async (flags: FileFlags & { json?: boolean; spam?: boolean }) => {
    const enquiries = await listEnquiries(where(flags), { spam: flags.spam });
    if (flags.json) {
      printJson(enquiries.map(enquiryJson));
      return;
    }
    if (!enquiries.length) {
      print(flags.spam ? 'no spam' : 'no enquiries');
      return;
    }
    const rows = enquiries.map((e) => [
      e.id,
      when(e.receivedAt),
      cell([e.firstname, e.lastname].filter(Boolean).join(' '), 30),
      cell(e.email, 40),
      e.plan ? planTitle(e.plan) : '',
      e.delivery.hubspot,
      e.delivery.email,
    ]);
    for (const line of table(['ID', 'RECEIVED', 'NAME', 'EMAIL ADDRESS', 'PACKAGE', 'HUBSPOT', 'EMAIL'], rows)) {
      print(line);
    }
    const failed = enquiries.filter((e) => e.delivery.hubspot === 'failed' || e.delivery.email === 'failed').length;
    print(
      `\n${enquiries.length} enquir${enquiries.length === 1 ? 'y' : 'ies'}${failed ? `, ${failed} with a failed delivery (see show <id>, then retry)` : ''}`,
    );
  });

  withFile(
    program
      .command('show')
      .description('print every field of one enquiry and its delivery history')
      .argument('<id>', 'the id (or its first characters, when only one id starts with them)')
      .option('--json', 'print JSON'),
  ).action(async (id: string, flags: FileFlags & { json?: boolean }) => {
    const e = await showEnquiry(where(flags), id);
    if (flags.json) {
      printJson(enquiryJson(e));
      return;
    }
    // One line per field, whatever an older enquiry holds: a line break could print a false "email:" line.
    const field = (label: string, value: string | undefined) =>
      print(`${`${label}: `.padEnd(12)}${value === undefined ? '—' : singleLine(value)}`);
    field('id', e.id);
    field('received', e.receivedAt);
    for (const spec of formFields.filter((spec) => !keepsLines(spec))) {
      const value = staffValue(e, spec);
      field(staffLabel(spec.staffLabel), spec.check === 'plan' && value ? `${value} (${fieldValue(e, spec)})` : value);
    }
    field('page', e.pageName ? `${e.pageUri} (${e.pageName})` : e.pageUri);
    field('hubspotutk', e.hutk);
    if (e.spam) field('spam', 'yes (honeypot filled in; never delivered)');
    const { attribution } = e;
    if (attribution) {
      const touch = (label: string, t: Touch | undefined) => {
        if (!t) return;
        const extra = [
          t.utm_term && `term ${t.utm_term}`,
          t.utm_content && `content ${t.utm_content}`,
          t.clickIds?.length && `click ids ${t.clickIds.join(' ')}`,
        ].filter(Boolean);
        field(label, `${describeTouch(t)}${extra.length ? ` (${extra.join(', ')})` : ''}`);
      };
      touch('first visit', attribution.first);
      touch('last visit', attribution.last);
      field('CTA', attribution.cta);
    }
    field('HubSpot', describeDelivery(e, 'hubspot'));
    field('email sent', describeDelivery(e, 'email'));
    for (const spec of formFields.filter(keepsLines)) {
      print(`${staffLabel(spec.staffLabel)}:`);
      print(fieldValue(e, spec) ?? '—');
    }
  });

  withFile(
    program
      .command('export')
      .description('write every field of every enquiry to a CSV file (UTF-8, opens in Excel)')
      .argument('<file.csv>', 'the CSV file to write (replaced if it exists)')
      .option('--spam', 'export the spam instead'),
  ).action(async (target: string, flags: FileFlags & { spam?: boolean }) => {
    const count = await exportEnquiries(where(flags), target, { spam: flags.spam });
    print(`exported ${count} enquir${count === 1 ? 'y' : 'ies'} to ${target}`);
  });

  withFile(
    program
      .command('retry')
      .description('re-queue failed deliveries (and send waiting retries now); the running server sends them'),
  ).action(async (flags: FileFlags) => {
    const requeued = await retryDeliveries(where(flags));
    print(
      `re-queued ${requeued.hubspot} HubSpot and ${requeued.email} email deliveries; ` +
        'the running server sends them within a few seconds (check with: npm run enquiries -- list)',
    );
  });

  withFile(
    program
      .command('delete')
      .description('delete one enquiry for good (a privacy request)')
      .argument('<id>', 'the id (or its first characters, when only one id starts with them)'),
  ).action(async (id: string, flags: FileFlags) => {
    const removed = await deleteEnquiry(where(flags), id);
    print(`deleted enquiry ${removed.id} (received ${removed.receivedAt}) from ${describeLocation(where(flags))}`);
  });

  withFile(
    program
      .command('report')
      .description('which marketing brought the enquiries: by source / medium, campaign, landing page and CTA')
      .option('--since <date>', 'only enquiries received on or after this day (YYYY-MM-DD, UTC)')
      .option('--json', 'print JSON'),
  ).action(async (flags: FileFlags & { since?: string; json?: boolean }) => {
    const report = await reportEnquiries(where(flags), flags.since);
    if (flags.json) {
      printJson(report);
      return;
    }
    const share = (n: number) => `${report.total ? Math.round((n / report.total) * 100) : 0}%`;
    const section = (title: string, rows: ReportRow[]) => {
      print(`\n${title}`);
      const cells = rows.map((row) => [cell(row.key, 60), String(row.count), share(row.count)]);
      for (const line of table(['', 'ENQUIRIES', 'SHARE'], cells)) print(`  ${line}`);
    };
    print(
      `${report.total} enquir${report.total === 1 ? 'y' : 'ies'}${report.since ? ` since ${report.since}` : ''}, by where each visitor first came from`,
    );
    section('SOURCE / MEDIUM', report.bySource);
    section('CAMPAIGN', report.byCampaign);
    section('LANDING PAGE', report.byLanding);
    section('CALL TO ACTION CLICKED', report.byCta);
  });

  withFile(
    program
      .command('prune')
      .description(
        `delete enquiries older than the retention period now (spam older than ${spamRetentionDays} days), as the server does daily`,
      )
      .addOption(
        new Option('--days <days>', 'the retention period in days (env ENQUIRY_RETENTION_DAYS)').default(
          io.env.ENQUIRY_RETENTION_DAYS?.trim() || String(enquiryRetentionDays.parse(undefined)),
        ),
      ),
  ).action(async (flags: FileFlags & { days: string }) => {
    // Checked here by the server's own rule, the default from ENQUIRY_RETENTION_DAYS included (commander parses only
    // a given flag): a bad value must never reach a delete.
    const checked = enquiryRetentionDays.safeParse(flags.days);
    if (!checked.success) {
      throw new EnquiryStoreError(
        `--days (or ENQUIRY_RETENTION_DAYS) ${checked.error.issues[0]?.message} (got ${JSON.stringify(flags.days)})`,
      );
    }
    const days = checked.data;
    const deleted = await pruneEnquiries(where(flags), retentionLimits(days));
    print(
      `deleted ${deleted} enquir${deleted === 1 ? 'y' : 'ies'} older than ${days} days (spam older than ${Math.min(days, spamRetentionDays)} days)`,
    );
  });

  program
    .command('import')
    .description(
      "copy an ENQUIRIES_FILE's enquiries and newsletter subscribers into the database (DATABASE_URL); importing it again adds nothing",
    )
    .argument('<enquiries.json>', 'the file a one-machine site kept its enquiries in')
    .action(async (source: string) => {
      // SITE_URL and DATA_FILE as the server reads them (the database's own settings are not needed here).
      const config = parseConfig({ ...io.env, DATABASE_URL: undefined });
      const silent = { info: () => {}, error: () => {} };
      const blog = await BlogStore.open(config.dataFile, silent).catch(() => undefined);
      const { read, added, subscribers } = await importEnquiries({ file: source, databaseUrl }, source, {
        siteUrl: config.public.siteUrl,
        isPublishedPost: (slug) => blog?.index.isPublic(slug) ?? false,
      }).finally(() => blog?.close());
      print(
        `imported ${added} of ${read} enquir${read === 1 ? 'y' : 'ies'} from ${source} into ${describeLocation({ file: source, databaseUrl })}` +
          (added < read ? ` (${read - added} already there)` : ''),
      );
      if (subscribers.read) {
        print(
          `imported ${subscribers.added} of ${subscribers.read} newsletter sign-up${subscribers.read === 1 ? '' : 's'} and subscriber${subscribers.read === 1 ? '' : 's'}` +
            (subscribers.added < subscribers.read ? ` (${subscribers.read - subscribers.added} already there)` : ''),
        );
      }
    });

  withFile(
    program
      .command('test-delivery')
      .description(
        "send a test email (to NOTIFY_EMAIL or --to) and a test alert through what is configured; HubSpot's last outcome",
      )
      .option('--to <address>', 'where the test email goes (default: NOTIFY_EMAIL)'),
  ).action(async (flags: FileFlags & { to?: string }) => {
    // The server's own configuration rules, so the test goes where the server's emails and alerts go.
    const config = parseConfig(io.env);
    const lines = await testDelivery(config, where(flags), flags.to);
    for (const line of lines) print(`${`${line.what}:`.padEnd(9)}${line.ok ? '' : 'FAILED '}${line.text}`);
    if (lines.some((line) => !line.ok)) status = 1;
  });

  withFile(
    program
      .command('health-key')
      .description(
        "print the key a monitor sends in /healthz's X-Health-Key header to read its warnings (from FORM_SECRET or the key file)",
      ),
  ).action(async (flags: FileFlags) => {
    const config = parseConfig({ ...io.env, ENQUIRIES_FILE: flags.file });
    print(healthKey(await loadSiteSecret(config.enquiries)));
  });

  // Operators get one line; the store's own errors already name the file and the problem.
  return (await runOperatorCommand(program, argv, io)) || status;
}
