/** `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL, else PGlite). */
import { migrateDatabase } from '#lib/db/index.ts';
import { openDatabaseForCli } from './cli-database.ts';

const handle = await openDatabaseForCli();
try {
  await migrateDatabase(handle);
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
