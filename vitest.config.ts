import { defineConfig } from 'vitest/config';
import { TEST_MEDIA_DIR } from './tests/helpers/media.ts';
import { TEST_ZONES_FILE } from './tests/helpers/zones.ts';

/**
 * Unit and API tests. API tests talk HTTP to the built server (built first when missing or stale), started
 * by tests/helpers/global-setup.ts on a fresh in-memory PGlite and, when TEST_DATABASE_URL is
 * set, a second one on a fresh PostgreSQL database. Playwright e2e lives in tests/e2e. Tests run
 * with the fixed delivery zones of tests/fixtures/zones.json (tests/helpers/zones.ts).
 */
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    // In-process tests sign in with the demo SMS sender (codes returned): demo mode by name.
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      DELIVERY_ZONES_FILE: TEST_ZONES_FILE,
      MEDIA_DIR: TEST_MEDIA_DIR,
      // Servers the tests start stop at once (no drain) and open no metrics port (many run at
      // once); the drain and metrics tests set their own.
      SHUTDOWN_DRAIN_SECONDS: '0',
      METRICS_PORT: '0',
    },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: true,
  },
});
