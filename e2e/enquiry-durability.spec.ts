import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { freePort, startServer, type RunningServer } from '../scripts/lib/server-process.ts';
import { tokenFieldName } from '../src/shared/page-contract.ts';
import { readEnquiryFile } from '../src/server/enquiries/file-store/enquiry-file.server.ts';
import { formSecretFile, formTokens, loadFormSecret } from '../src/server/enquiries/form-token.server.ts';
import { e2eStoreFile } from './fixtures/store.ts';
import { tempFolders } from './fixtures/temp-folders.ts';

// Servers of their own (real processes, killed and restarted), from the same production build.
test.setTimeout(180_000);
const serverScript = `${process.env.E2E_DIST ?? 'dist'}/server/server.js`;
const folders = tempFolders();
// The tests stop their own servers.
test.afterAll(() => folders.remove());

async function startSite(env: Record<string, string> = {}) {
  const directory = folders.make('enquiries-');
  const dataFile = path.join(directory, 'db.json');
  copyFileSync(e2eStoreFile, dataFile);
  const enquiriesFile = path.join(directory, 'data', 'enquiries.json');
  const fullEnv = { PORT: String(await freePort()), DATA_FILE: dataFile, ENQUIRIES_FILE: enquiriesFile, ...env };
  const server = await startServer(fullEnv, serverScript);
  // A page with the form makes the server create the form secret; a token signed with it 10 s ago is one a
  // person could have sent.
  expect((await fetch(`${server.url}/start-project`)).status).toBe(200);
  const token = formTokens(await loadFormSecret(formSecretFile(enquiriesFile)), 'enquiry').issue(Date.now() - 10_000);
  return { server, env: fullEnv, enquiriesFile, token };
}

const enquiry = (token: string, n: number) =>
  JSON.stringify({ firstname: `Visitor ${n}`, email: `visitor-${n}@example.com`, [tokenFieldName]: token });

function post(server: RunningServer, body: string): Promise<Response> {
  return fetch(`${server.url}/api/enquiries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    body,
  });
}

test('an enquiry answered 201 survives kill -9 the moment the answer arrives, and a restart', async () => {
  const { server, env, enquiriesFile, token } = await startSite();
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  const accepted: string[] = [];
  // Many in flight, so the kill lands while other writes are under way.
  await Promise.all(
    Array.from({ length: 20 }, (_, n) =>
      post(server, enquiry(token, n)).then(
        async (response) => {
          if (response.status !== 201) return;
          server.process.kill('SIGKILL');
          accepted.push(((await response.json()) as { id: string }).id);
        },
        () => {},
      ),
    ),
  );
  await exited;
  expect(accepted.length).toBeGreaterThan(0);
  const restarted = await startServer(env, serverScript);
  expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
  // What the operator sees.
  const listed = JSON.parse(
    execFileSync('npm', ['run', '--silent', 'enquiries', '--', 'list', '--json'], {
      env: { ...process.env, ENQUIRIES_FILE: enquiriesFile },
      encoding: 'utf8',
    }),
  ) as { id: string }[];
  const stored = listed.map((e) => e.id);
  expect(stored).toEqual(expect.arrayContaining(accepted));
  expect(new Set(stored).size).toBe(stored.length);
  expect(await restarted.stop()).toBe(0);
});

test('200 concurrent enquiries across WEB_CONCURRENCY=2 are exactly 200 stored enquiries', async () => {
  const { server, enquiriesFile, token } = await startSite({ WEB_CONCURRENCY: '2', ENQUIRY_RATE_LIMIT: '1000' });
  await expect.poll(() => server.output().match(/Serving .* on http/g)?.length ?? 0).toBe(2);
  const answers = await Promise.all(
    Array.from({ length: 200 }, async (_, n) => {
      const response = await post(server, enquiry(token, n));
      return { status: response.status, id: ((await response.json()) as { id?: string }).id };
    }),
  );
  expect(answers.filter((a) => a.status !== 201)).toEqual([]);
  const stored = (await readEnquiryFile(enquiriesFile)).enquiries;
  expect(stored).toHaveLength(200);
  expect(new Set(stored.map((e) => e.id))).toEqual(new Set(answers.map((a) => a.id)));
  expect(new Set(stored.map((e) => e.email)).size).toBe(200);
  expect(await server.stop()).toBe(0);
});

test('the rate limit holds across WEB_CONCURRENCY=2 workers: ENQUIRY_RATE_LIMIT in all, then 429', async () => {
  const { server, token } = await startSite({ WEB_CONCURRENCY: '2', ENQUIRY_RATE_LIMIT: '4' });
  await expect.poll(() => server.output().match(/Serving .* on http/g)?.length ?? 0).toBe(2);
  // A new connection each, so the kernel hands them to both workers in turn.
  const statuses: number[] = [];
  for (let n = 0; n < 8; n += 1) {
    statuses.push(
      await new Promise<number>((resolve, reject) => {
        const body = enquiry(token, n);
        const req = httpRequest(
          `${server.url}/api/enquiries`,
          {
            method: 'POST',
            agent: false,
            headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      }),
    );
  }
  expect(statuses).toEqual([201, 201, 201, 201, 429, 429, 429, 429]);
  expect(await server.stop()).toBe(0);
});
