/**
 * `npm run db:migrate`: applies the committed migrations to the configured database (DATABASE_URL,
 * else PGlite). On PostgreSQL it also creates or migrates the job queue's schema (`pgboss`), so
 * servers with MIGRATE_ON_START=false need no right to create schemas. Both connect as the tools
 * do (DATABASE_MIGRATION_URL when set: direct, the tables' owner).
 */
import { migrateDatabase } from '#lib/db/index.ts';
import { migrateJobQueue } from '#lib/jobs/index.ts';
import { openDatabaseForCli } from './cli-database.ts';

const handle = await openDatabaseForCli();
try {
  await migrateDatabase(handle);
  if (handle.migrationUrl) await migrateJobQueue(handle.migrationUrl);
  console.log(`Migrations applied (${handle.kind}${handle.migrationUrl ? ', with the job queue schema' : ''}).`);
} finally {
  await handle.close();
}
