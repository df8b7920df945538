/**
 * The operators' view of the newsletter's subscribers, `npm run subscribers -- <command>`, run on any output and
 * environment: scripts/subscribers.ts runs it on the process's own.
 */
import { Option, type Command } from 'commander';
import { multiLine, singleLine } from '../../src/shared/plain-text.ts';
import type { StoreLocation } from '../../src/server/enquiries/stores.server.ts';
import {
  deleteSubscriber,
  importSubscribers,
  listSubscribers,
  revokeSignUp,
  subscribersCsv,
} from '../../src/server/newsletter/subscriber-commands.server.ts';
import { hasConsented, shownStatus } from '../../src/server/newsletter/subscriber.ts';
import { operatorCommand, runOperatorCommand, table, type OperatorIo } from './operator-cli.ts';

interface FileFlags {
  file: string;
}

export async function runSubscribersCommand(argv: string[], io: OperatorIo): Promise<number> {
  const databaseUrl = io.env.DATABASE_URL?.trim() || undefined;
  const where = ({ file }: FileFlags): StoreLocation => ({ file, databaseUrl });
  const print = (line = '') => io.stdout.write(`${multiLine(line)}\n`);
  const withFile = (command: Command) =>
    command.addOption(
      new Option('--file <file>', 'the enquiries file, when DATABASE_URL is not set (env ENQUIRIES_FILE)').default(
        io.env.ENQUIRIES_FILE?.trim() || 'data/enquiries.json',
      ),
    );

  const program = operatorCommand(
    'npm run subscribers --',
    "The newsletter's sign-ups and confirmed subscribers, in the enquiries' store (DATABASE_URL, else ENQUIRIES_FILE).",
    `  npm run subscribers -- list
  npm run subscribers -- export > subscribers.csv      import it into Mailchimp or Campaign Monitor as it is
  npm run subscribers -- import subscribers.csv        the same CSV (or another list's export), idempotent
  npm run subscribers -- delete jane@example.com       a privacy request: gone from the store for good
  npm run subscribers -- revoke jane@example.com       the emailed confirmation link stops working`,
    io,
  );

  withFile(
    program
      .command('list')
      .description('list sign-ups and subscribers, newest first')
      .option('--confirmed', 'only confirmed subscribers'),
  ).action(async (flags: FileFlags & { confirmed?: boolean }) => {
    const subscribers = await listSubscribers(where(flags), flags.confirmed ? 'confirmed' : undefined);
    if (!subscribers.length) {
      print('no subscribers');
      return;
    }
    const rows = subscribers.map((s) => [
      singleLine(s.email),
      singleLine(s.firstname ?? '').slice(0, 30),
      shownStatus(s),
      (s.confirmedAt ?? s.createdAt).slice(0, 16).replace('T', ' '),
      s.delivery.hubspot,
      s.delivery.webhook,
    ]);
    for (const line of table(['EMAIL ADDRESS', 'FIRST NAME', 'STATUS', 'SINCE (UTC)', 'HUBSPOT', 'WEBHOOK'], rows)) {
      print(line);
    }
    const confirmed = subscribers.filter(hasConsented).length;
    const handed = subscribers.filter((s) => shownStatus(s) === 'handed-to-hubspot').length;
    const waiting = subscribers.length - confirmed - handed;
    print(
      `\n${confirmed} confirmed, ${waiting} waiting for confirmation${handed ? `, ${handed} handed to HubSpot's own opt-in` : ''}`,
    );
  });

  withFile(
    program
      .command('export')
      .description('write the confirmed subscribers as CSV to stdout (Mailchimp, Campaign Monitor)'),
  ).action(async (flags: FileFlags) => {
    io.stdout.write(subscribersCsv(await listSubscribers(where(flags), 'confirmed')));
  });

  withFile(
    program
      .command('import')
      .description('add the confirmed subscribers of a CSV (the export, or another list) not held yet')
      .argument('<file>', 'the CSV, with a header row naming "Email Address" (or "Email") and "First Name"'),
  ).action(async (source: string, flags: FileFlags) => {
    const { read, added } = await importSubscribers(where(flags), source);
    print(`${read} read, ${added} added (${read - added} held already)`);
  });

  withFile(
    program
      .command('delete')
      .description('delete an address for good (a privacy request)')
      .argument('<email>', 'the address'),
  ).action(async (email: string, flags: FileFlags) => {
    const removed = await deleteSubscriber(where(flags), email);
    print(`deleted ${removed.email} (${removed.status})`);
  });

  withFile(
    program
      .command('revoke')
      .description("spend a pending sign-up's confirmation link, so it confirms nothing")
      .argument('<email>', 'the address'),
  ).action(async (email: string, flags: FileFlags) => {
    await revokeSignUp(where(flags), email);
    print(`the confirmation link sent to ${email} no longer works`);
  });

  return runOperatorCommand(program, argv, io);
}
