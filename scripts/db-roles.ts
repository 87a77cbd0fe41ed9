/**
 * `npm run db:roles [-- --role NAME] [--apply]`: the SQL that gives the servers a PostgreSQL role
 * of their own for DB_SESSION_SETTINGS=role (docs/operations.md): a login role (default
 * `farmfresh_web`, or DATABASE_URL's user when it differs from DATABASE_MIGRATION_URL's) whose
 * own settings are the web timeouts (DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS, the 10 s idle
 * in transaction), with read and write rights on the shop's tables (the audit log: read and
 * insert only) and read rights on the
 * migrations' record, now and for the tables later migrations create, and the rights pg-boss
 * needs in the job queue's schema `pgboss` (which `npm run db:migrate` creates): use of the
 * schema, read and write on its tables and sequences, its functions. No right to create: the
 * shop's queues are rows of `pgboss.queue` (unpartitioned queues), so a server creates them with an
 * INSERT, and pg-boss's own migrations run in the release step. It prints the SQL; with
 * `--apply` it runs it as the tools' role (DATABASE_MIGRATION_URL, else DATABASE_URL), which must
 * own the tables: run it after `npm run db:migrate`. Setting the role's password is left to you
 * (`ALTER ROLE … PASSWORD`). Exit code 1 with a one-line reason when it cannot.
 */
import './quiet-logs.ts';
import { getConfig } from '#lib/config.ts';
import { IDLE_IN_TRANSACTION_TIMEOUT_MS, openDatabase } from '#lib/db/index.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const apply = args.includes('--apply');
const roleFlag = args.indexOf('--role');
const config = getConfig();

/** DATABASE_URL's user when the tools connect as another role: the servers' role. */
function defaultRole(): string {
  if (!config.DATABASE_URL || !config.DATABASE_MIGRATION_URL) return 'farmfresh_web';
  const web = decodeURIComponent(new URL(config.DATABASE_URL).username);
  const tools = decodeURIComponent(new URL(config.DATABASE_MIGRATION_URL).username);
  return web && web !== tools ? web : 'farmfresh_web';
}

const role = roleFlag >= 0 ? args[roleFlag + 1] : defaultRole();
if (!role || !/^[a-z_][a-z0-9_]{0,62}$/.test(role)) {
  console.error('The role name must be lower-case letters, digits and underscores, such as farmfresh_web.');
  process.exit(1);
}

/** The statements, each safe to run again. */
const statements = [
  `DO $$ BEGIN CREATE ROLE ${role} LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
  `ALTER ROLE ${role} SET statement_timeout = '${config.DB_STATEMENT_TIMEOUT_MS}ms'`,
  `ALTER ROLE ${role} SET lock_timeout = '${config.DB_LOCK_TIMEOUT_MS}ms'`,
  `ALTER ROLE ${role} SET idle_in_transaction_session_timeout = '${IDLE_IN_TRANSACTION_TIMEOUT_MS}ms'`,
  `DO $$ BEGIN EXECUTE format('GRANT CONNECT ON DATABASE %I TO ${role}', current_database()); END $$`,
  `GRANT USAGE ON SCHEMA public, drizzle TO ${role}`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`,
  `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`,
  // The audit log is append-only (ADR 0118): the servers only insert and read it.
  `REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${role}`,
  `GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${role}`,
  `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`,
  `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${role}`,
  `ALTER DEFAULT PRIVILEGES IN SCHEMA drizzle GRANT SELECT ON TABLES TO ${role}`,
  // The job queue's schema exists once db:migrate has run on PostgreSQL; skipped (with a notice) before.
  `DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_namespace WHERE nspname = 'pgboss') THEN
    RAISE NOTICE 'schema pgboss is missing: run npm run db:migrate, then db:roles again'; RETURN;
  END IF;
  GRANT USAGE ON SCHEMA pgboss TO ${role};
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO ${role};
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA pgboss TO ${role};
  GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA pgboss TO ${role};
  ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role};
  ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT USAGE, SELECT ON SEQUENCES TO ${role};
END $$`,
];

if (!apply) {
  console.log(`-- The servers' role for DB_SESSION_SETTINGS=role; run as the tables' owner after npm run db:migrate.`);
  for (const statement of statements) console.log(`${statement};`);
  process.exit(0);
}

if (!config.DATABASE_URL && !config.DATABASE_MIGRATION_URL) {
  console.error('Roles are for PostgreSQL: set DATABASE_URL (and DATABASE_MIGRATION_URL for the tables owner).');
  process.exit(1);
}
let exitCode = 0;
const handle = await openDatabase({ purpose: 'tool', maxConnections: 1 }).catch((err: Error) => {
  console.error(`Could not open the database: ${err.message}`);
  process.exit(1);
});
try {
  for (const statement of statements) await handle.exec(statement);
  console.log(
    `Role ${role} has statement_timeout ${config.DB_STATEMENT_TIMEOUT_MS} ms, lock_timeout ${config.DB_LOCK_TIMEOUT_MS} ms, idle_in_transaction_session_timeout ${IDLE_IN_TRANSACTION_TIMEOUT_MS} ms and the shop's tables and job queue. Set its password with ALTER ROLE ${role} PASSWORD '…' if your server asks for one.`,
  );
} catch (err) {
  const cause = (err as { cause?: Error }).cause ?? (err as Error);
  console.error(`Could not set up role ${role}: ${cause.message}`);
  exitCode = 1;
} finally {
  await handle.close();
}
process.exit(exitCode);
