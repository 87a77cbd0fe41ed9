import { defineConfig, devices } from '@playwright/test';
import { TEST_MEDIA_DIR } from './tests/helpers/media.ts';
import { e2eZonesFile } from './tests/helpers/zones.ts';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). By default Playwright
 * starts the built server (`npm run build` first; `npm test` does) on a fresh in-memory PGlite
 * seeded with the demo shop, after making the build a demo build (tests/helpers/e2e-build.ts: the
 * prerendered pages show demo mode's seller details), its checkout on the tests' fixed delivery zones with roomy slots (tests/helpers/zones.ts)
 * while the prerendered policy pages show the zones the build was made with (the demo shop's by
 * default). Set BASE_URL to test a server you started yourself instead.
 */
const port = Number(process.env.E2E_PORT ?? 4390);
// The payment simulator the e2e server starts follows E2E_PORT, so suites can run side by side.
const simulatorPort = Number(process.env.PAYMENT_SIMULATOR_PORT ?? port + 1000);
const baseURL = process.env.BASE_URL ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries: a flaky test is a bug to fix, not to hide.
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: process.env.BASE_URL
    ? undefined
    : {
        command: `node tests/helpers/e2e-build.ts && node ${process.env.DIST_DIR || 'dist'}/server/entry.mjs`,
        url: `${baseURL}/readyz`,
        reuseExistingServer: false,
        // A build (when the one at hand is not a demo build) and the server's start.
        timeout: 240_000,
        env: {
          HOST: '127.0.0.1',
          PORT: String(port),
          NODE_ENV: 'production',
          PGLITE_DATA_DIR: 'memory://',
          // Uploaded and demo photos go to a temporary folder, never the repository's data folder.
          MEDIA_DIR: TEST_MEDIA_DIR,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          SITE_URL: baseURL,
          // The suite reads demo codes (demo_otp, the dialog's demo banner): demo mode by name.
          DEMO_MODE: 'true',
          // The suite's server stops at once and opens no metrics port (other servers may hold 9464).
          SHUTDOWN_DRAIN_SECONDS: '0',
          METRICS_PORT: '0',
          // Every e2e test signs in from 127.0.0.1 with fresh numbers, and staff with the demo
          // staff's numbers (one block of 100); the per-IP and per-block limits themselves are
          // covered by the API tests, so the browser suite gets roomy ones.
          AUTH_IP_LIMIT: '100000',
          AUTH_LOOKUP_LIMIT: '100000',
          SMS_BUDGET_PER_HOUR: '100000',
          SMS_BUDGET_PER_DAY: '100000',
          SMS_PREFIX_LIMIT: '100000',
          PROMO_IP_TRIES_PER_HOUR: '100000',
          // Online payments go through the local simulator; an order left unpaid is released
          // after a minute, so the abandon test sees it within a few minutes.
          PAYMENT_GATEWAY: 'simulator',
          PAYMENT_SIMULATOR_PORT: String(simulatorPort),
          PAYMENT_PENDING_MINUTES: '1',
          // Slots and fees at checkout come from the tests' fixed zones, not the demo shop's file,
          // with room for every order the parallel tests place in one slot.
          DELIVERY_ZONES_FILE: e2eZonesFile(),
        },
      },
});
