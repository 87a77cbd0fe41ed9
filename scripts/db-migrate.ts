/** `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL, else PGlite). */
import { migrateDatabase, openDatabase } from '../src/lib/server/db/index.ts';

const handle = await openDatabase();
try {
  await migrateDatabase(handle);
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
