import { parse } from 'csv-parse/sync';
import { expect, test } from 'vitest';
import { subscribersCsv } from './subscriber-commands.server.ts';
import { confirmed, newConfirmationToken, newPendingSubscriber } from './subscriber.ts';

const confirmedSubscriber = (email: string, firstname?: string) =>
  confirmed(
    newPendingSubscriber({ email, ...(firstname ? { firstname } : {}) }, newConfirmationToken().hash, new Date()),
    { hubspot: false, webhook: false },
    new Date('2026-01-02T03:04:05.000Z'),
  );

test('the export keeps addresses beginning with + or - as they are, and neutralises formulas in the other cells', () => {
  const csv = subscribersCsv([
    confirmedSubscriber('+news@example.com', '=HYPERLINK("x")'),
    confirmedSubscriber('-dash@example.com'),
    newPendingSubscriber({ email: 'pending@example.com' }, newConfirmationToken().hash, new Date()),
  ]);
  const rows = parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;
  expect(rows).toEqual([
    {
      'Email Address': '+news@example.com',
      'First Name': `'=HYPERLINK("x")`,
      'Confirmed At': '2026-01-02T03:04:05.000Z',
    },
    { 'Email Address': '-dash@example.com', 'First Name': '', 'Confirmed At': '2026-01-02T03:04:05.000Z' },
  ]);
});
