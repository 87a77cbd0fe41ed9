/**
 * `npm run db:prune`: deletes old throttle events, ended sessions, expired OTPs and old
 * catalogue change feed entries now (the server also does it every DB_PRUNE_INTERVAL_MINUTES;
 * see src/lib/db/maintenance.ts).
 * On PGlite, stop `npm start` first (one process per data folder).
 */

import { migrateDatabase } from '#lib/db/index.ts';
import { pruneDatabase } from '#lib/db/maintenance.ts';
import { openDatabaseForCli } from './cli-database.ts';

const handle = await openDatabaseForCli();
try {
  await migrateDatabase(handle);
  const result = await pruneDatabase(handle.db);
  console.log(
    `Pruned (${handle.kind}): ${result.rateLimitEvents} throttle events, ${result.sessions} sessions, ${result.otps} one-time passwords, ${result.catalogChanges} catalogue change entries.`,
  );
} catch (err) {
  console.error(`Pruning failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
