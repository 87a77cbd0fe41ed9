/**
 * Opening the database from a command-line tool (db:migrate, db:seed, db:prune, orders,
 * catalog:import): on PGlite the data folder's lock is taken first, and a folder in use by
 * another process (e.g. `npm start`) ends the tool with the lock's message and exit code 1,
 * never a stack trace. Tools connect as tools (`purpose: 'tool'`): to DATABASE_MIGRATION_URL when
 * set (direct to PostgreSQL, a role without the web timeouts), else DATABASE_URL, and without the
 * web requests' statement timeout (long jobs).
 */
import { getConfig } from '#lib/config.ts';
import { DataDirLockedError, lockDataDir } from '#lib/db/data-dir-lock.ts';
import { type DatabaseHandle, type OpenOptions, openDatabase } from '#lib/db/index.ts';

/** On PGlite, takes the data folder's lock for this process or exits 1 with the reason. */
export function lockDataDirOrExit(): void {
  const config = getConfig();
  if (config.DATABASE_URL) return;
  try {
    lockDataDir(config.PGLITE_DATA_DIR);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** Opens the configured database for a tool (see the module doc); exits 1 when it cannot. */
export async function openDatabaseForCli(options: OpenOptions = {}): Promise<DatabaseHandle> {
  lockDataDirOrExit();
  try {
    return await openDatabase({ purpose: 'tool', ...options });
  } catch (err) {
    console.error(`Could not open the database: ${(err as Error).message}`);
    process.exit(1);
  }
}
