import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OperatorIo } from './operator-cli.ts';

/** For tests: runs an operator command (`scripts/<name>.ts`) in its own node process, as operators do. */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

const nodeArgs = (script: string, args: string[]) => ['--import', 'tsx', join(repoRoot, 'scripts', script), ...args];

/** Runs the script to its end; a crash or a timeout is a code of -1, never a rejection. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      nodeArgs(script, args),
      { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Starts the script with its output on pipes; `onStdout` sees each chunk and may close the reading end. */
export function spawnScript(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  onStdout: (chunk: string, close: () => void) => void = () => undefined,
) {
  const child = spawn(process.execPath, nodeArgs(script, args), {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on('data', (chunk: Buffer) => onStdout(chunk.toString(), () => child.stdout.destroy()));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { exit, stderr: () => stderr };
}

/**
 * Runs an operator command's code in this process (`run` is what its script's main calls), on the environment
 * of this process plus `env`, with its output captured: the same result a process would give, without starting one.
 */
export async function runCommand(
  run: (argv: string[], io: OperatorIo) => number | Promise<number>,
  args: string[],
  env: Record<string, string> = {},
): Promise<ScriptRun> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: { ...process.env, ...env },
  });
  return { code, stdout, stderr };
}
