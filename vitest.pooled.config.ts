import { defineConfig } from 'vitest/config';
import { TEST_MEDIA_DIR } from './tests/helpers/media.ts';
import { TEST_ZONES_FILE } from './tests/helpers/zones.ts';

/**
 * The pooled run (`npm run test:pooled`, part of `npm test` when TEST_POOLER_URL is set): the
 * order, payment and job API tests again, on PostgreSQL only, with every server's DATABASE_URL
 * through PgBouncer in transaction mode (TEST_POOLER_URL) and its timeouts from the role
 * (DB_SESSION_SETTINGS=role); the shared server runs two cluster workers, and these suites start
 * two servers of their own where they test several processes. Databases are created, dropped and
 * migrated directly on TEST_DATABASE_URL's server (tests/helpers/database.ts).
 */
export default defineConfig({
  test: {
    include: [
      'tests/orders/orders-api.test.ts',
      'tests/orders/order-concurrency.test.ts',
      'tests/payments/online-payment-api.test.ts',
      'tests/multi-process/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      TEST_POOLED_RUN: '1',
      DB_SESSION_SETTINGS: 'role',
      DELIVERY_ZONES_FILE: TEST_ZONES_FILE,
      MEDIA_DIR: TEST_MEDIA_DIR,
      // As in vitest.config.ts: servers stop at once and open no metrics port.
      SHUTDOWN_DRAIN_SECONDS: '0',
      METRICS_PORT: '0',
    },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: true,
  },
});
