import { defineConfig, devices } from '@playwright/test';
import { hubspot } from './e2e/fixtures/marketing.ts';
import { e2eStoreFile } from './e2e/fixtures/store.ts';
import { chromiumPath, e2eChromiumArgs } from './scripts/lib/chromium.ts';

export const port = Number(process.env.E2E_PORT ?? 4173);
// Another build folder lets two people run the suite side by side (E2E_DIST=.dist-b npm run build -- ...).
const dist = process.env.E2E_DIST ?? 'dist';

export const gaMeasurementId = 'G-TEST12345';
export const gaPort = port + 1;
/** The same site without HubSpot ids: the site's own enquiry form is the form. */
export const ownFormPort = port + 2;
/** Where the end-to-end servers keep enquiries (and the form secret): never the real data/ folder. */
export const e2eEnquiriesFile = (serverPort: number) => `.tmp/e2e-enquiries-${serverPort}/enquiries.json`;

const serverEnv = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  DATA_FILE: e2eStoreFile,
  HUBSPOT_PORTAL_ID: hubspot.portalId,
  HUBSPOT_FORM_ID: hubspot.formId,
  HUBSPOT_REGION: hubspot.region,
  // The tests send many enquiries from one address.
  ENQUIRY_RATE_LIMIT: '10000',
};

const browser = { ...devices['Desktop Chrome'], channel: undefined };
/** Serial files of real processes and several instances: about 85, 60, 40 and 20 s each. */
const longSerialFiles = [
  'several-machines.spec.ts',
  'booking.spec.ts',
  'database-faults.spec.ts',
  'delivery-health.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Most tests wait (on servers, timers, a slowed network) more than they compute: three workers on two cores took
  // the suite from about 400 to 355 s.
  workers: 3,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace for every test costs about a sixth of the suite's time on two cores: on request only
    // (E2E_TRACE=1 npm run test:e2e), kept for the tests that fail.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: e2eChromiumArgs,
    },
  },
  projects: [
    // Files are handed out in project order: the long serial files start first, so that short tests fill every
    // worker at the end instead of one serial file running on alone.
    { name: 'long', testMatch: longSerialFiles, use: browser },
    { name: 'chromium', testIgnore: longSerialFiles, use: browser },
  ],
  webServer: [
    {
      // `exec` leaves one process (the server itself) for Playwright to stop.
      command: `npx tsx e2e/fixtures/write-store.ts && exec node ${dist}/server/server.js`,
      url: `http://localhost:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { ...serverEnv, PORT: String(port), ENQUIRIES_FILE: e2eEnquiriesFile(port) },
    },
    {
      // The same site with Google's tag configured, for the analytics and CSP checks (and a preview's referrer):
      // it starts after the first server has written the store.
      command: `exec node ${dist}/server/server.js`,
      url: `http://localhost:${port + 1}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv,
        PORT: String(port + 1),
        GA_MEASUREMENT_ID: gaMeasurementId,
        ENQUIRIES_FILE: e2eEnquiriesFile(port + 1),
      },
    },
    {
      // No HubSpot ids: the site's own form, as a fresh install has it.
      command: `exec node ${dist}/server/server.js`,
      url: `http://localhost:${ownFormPort}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv,
        HUBSPOT_PORTAL_ID: '',
        HUBSPOT_FORM_ID: '',
        PORT: String(ownFormPort),
        ENQUIRIES_FILE: e2eEnquiriesFile(ownFormPort),
      },
    },
  ],
});
