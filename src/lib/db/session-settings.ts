/**
 * The web role's own timeouts, for DB_SESSION_SETTINGS=role: behind PgBouncer in transaction
 * mode the server sends no timeouts as start-up parameters (PgBouncer refuses them), so the
 * database role must carry them (`ALTER ROLE … SET`, written by `npm run db:roles`). The server
 * checks them with one query before it serves.
 */
import { sql } from 'drizzle-orm';
import type { Database } from './types.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

/** The settings the web role must carry; PostgreSQL's `0` means none. */
export const ROLE_TIMEOUTS = ['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout'] as const;

/** Thrown (answered 503) while the web role lacks its timeouts. */
export class DatabaseRoleError extends DatabaseUnavailableError {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseRoleError';
  }
}

/**
 * What the session's role lacks, as one line saying what to run, or undefined when it carries
 * every timeout of ROLE_TIMEOUTS.
 */
export async function roleSettingsProblem(db: Database): Promise<string | undefined> {
  const result = await db.execute<Record<string, string>>(
    sql`SELECT current_user AS role, current_setting('statement_timeout') AS statement_timeout,
          current_setting('lock_timeout') AS lock_timeout,
          current_setting('idle_in_transaction_session_timeout') AS idle_in_transaction_session_timeout`,
  );
  const row = (result as unknown as { rows: Record<string, string>[] }).rows[0] ?? {};
  const missing = ROLE_TIMEOUTS.filter((name) => !row[name] || row[name] === '0');
  if (missing.length === 0) return undefined;
  return `Database role "${row.role}" has no ${missing.join(', ')} of its own (DB_SESSION_SETTINGS=role): run \`npm run db:roles -- --apply\` (docs/operations.md), or set DB_SESSION_SETTINGS=startup when connecting to PostgreSQL directly.`;
}
