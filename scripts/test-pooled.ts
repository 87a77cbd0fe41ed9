/**
 * `npm run test:pooled` (run by `npm test`): the order, payment and job API tests through PgBouncer
 * in transaction mode (vitest.pooled.config.ts), when TEST_POOLER_URL names a PgBouncer in front of
 * TEST_DATABASE_URL's PostgreSQL (.ci/run starts one). Without them it says so in one line and
 * succeeds, so a machine without PgBouncer still runs `npm test`. Extra arguments go to Vitest.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

if (!process.env.TEST_POOLER_URL || !process.env.TEST_DATABASE_URL) {
  console.log(
    'Pooled run skipped: set TEST_POOLER_URL (PgBouncer in transaction mode) and TEST_DATABASE_URL to run the order, payment and job tests through a pooler (.ci/start-pgbouncer).',
  );
  process.exit(0);
}
const started = performance.now();
const vitest = path.resolve('node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2).filter((a) => a !== '--');
// The global setup reads these too (Vitest's `test.env` reaches only the test workers).
const run = spawnSync(process.execPath, [vitest, 'run', '-c', 'vitest.pooled.config.ts', ...args], {
  stdio: 'inherit',
  env: { ...process.env, TEST_POOLED_RUN: '1', DB_SESSION_SETTINGS: 'role' },
});
console.log(`Pooled run: ${((performance.now() - started) / 1000).toFixed(0)} s.`);
process.exit(run.status ?? 1);
