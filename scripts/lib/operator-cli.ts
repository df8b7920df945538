import { Command, CommanderError } from 'commander';

/** What the operator commands (`npm run content`, `npm run enquiries`) share: their shell, output and errors. */

/** Where a command's output goes and the environment it reads: the process's own, or a caller's. */
export interface OperatorIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: NodeJS.ProcessEnv;
}

/**
 * The process's own output and environment, for a script's main. A reader that stops early (`… list | head`)
 * closes the pipe: that is the end of the output it wanted, so the process ends quietly with status 0.
 */
export function processIo(): OperatorIo {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}

/**
 * The root command; its subcommands inherit its output (help and usage errors go to `io`) and hand their exit
 * status back to runOperatorCommand instead of ending the process.
 */
export function operatorCommand(name: string, description: string, examples: string, io: OperatorIo): Command {
  return new Command()
    .name(name)
    .description(description)
    .configureOutput({ writeOut: (text) => void io.stdout.write(text), writeErr: (text) => void io.stderr.write(text) })
    .exitOverride()
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
 * Runs the command line `argv` (the arguments after the script's name) and returns its exit status: 0 on success,
 * 1 on any failure, printed as one `error: <message>` line (`message` chooses the text: an expected error's own
 * words, or the stack of an unexpected one). Commander has already printed its own usage errors and help.
 */
export async function runOperatorCommand(
  program: Command,
  argv: string[],
  io: OperatorIo,
  message: (error: unknown) => string = (error) => (error as Error).message ?? String(error),
): Promise<number> {
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    io.stderr.write(`error: ${message(error)}\n`);
    return 1;
  }
}
