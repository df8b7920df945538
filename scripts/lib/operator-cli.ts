import { Command } from 'commander';

/** What the operator commands (`npm run content`, `npm run enquiries`) share: their shell, output and errors. */

// A reader that stops early (`… list | head`) closes the pipe: that is the end of the output it wanted.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

export function operatorCommand(name: string, description: string, examples: string): Command {
  return new Command()
    .name(name)
    .description(description)
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', `\nExamples:\n${examples}`);
}

/** Columns padded to their widest cell; the last one runs on. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ');
  return [line(header), ...rows.map(line)];
}

/**
 * Runs the command line: exit status 0 on success, 1 on any failure, printed as one `error: <message>` line
 * (`message` chooses the text: an expected error's own words, or the stack of an unexpected one).
 */
export async function runOperatorCommand(
  program: Command,
  message: (error: unknown) => string = (error) => (error as Error).message ?? String(error),
): Promise<void> {
  try {
    await program.parseAsync();
  } catch (error) {
    process.stderr.write(`error: ${message(error)}\n`);
    process.exitCode = 1;
  }
}
