import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
