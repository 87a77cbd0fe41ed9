/**
 * The committed migrations and the database's record of them: whether a database's schema is
 * behind the build's (drizzle's own rule: the newest applied migration's `created_at`, the
 * journal entry's `when` in ms, against the journal's newest), for the servers that check rather
 * than migrate (MIGRATE_ON_START=false) and for /readyz.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './types.ts';
import { DatabaseUnavailableError } from './unavailable.ts';

/**
 * Folder of the committed drizzle-kit migrations (`./drizzle` under the project root, the working
 * directory of every command).
 */
export function migrationsFolder(): string {
  return path.resolve(process.cwd(), 'drizzle');
}

/** The journal's entries (drizzle/meta/_journal.json): `when` is the ms stamp drizzle records as `created_at`. */
export function committedMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/** Applied and committed migration counts, and whether the database lacks any the build carries. */
export interface SchemaState {
  applied: number;
  expected: number;
  behind: boolean;
}

/** SQLSTATEs of a database that has never been migrated: 42P01 undefined table, 3F000 undefined schema. */
const NEVER_MIGRATED = new Set(['42P01', '3F000']);

/** The SQLSTATE of a database error, or of the error it wraps (drizzle wraps the driver's). */
function sqlState(err: unknown): string | undefined {
  let e = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Compares `drizzle.__drizzle_migrations` with the committed journal. A database ahead of the
 * build (a newer release migrated it) is not behind: every migration works with the release
 * before it (docs/operations.md).
 */
export async function schemaState(db: Database): Promise<SchemaState> {
  const committed = committedMigrations();
  const newest = Math.max(0, ...committed.map((m) => m.when));
  let applied = 0;
  let last = 0;
  try {
    const result = await db.execute<{ n: number; last: string | null }>(
      sql`SELECT count(*)::int AS n, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
    );
    const row = (result as unknown as { rows: { n: number; last: string | null }[] }).rows[0];
    applied = row?.n ?? 0;
    last = Number(row?.last ?? 0);
  } catch (err) {
    if (!NEVER_MIGRATED.has(sqlState(err) ?? '')) throw err;
  }
  return { applied, expected: committed.length, behind: last < newest };
}

/** The one line a server logs when it will not serve a schema older than its build. */
export const SCHEMA_BEHIND_MESSAGE = 'database schema is behind: run npm run db:migrate';

/** Thrown (answered 503) while MIGRATE_ON_START=false and the database lacks migrations of this build. */
export class SchemaBehindError extends DatabaseUnavailableError {
  readonly state: SchemaState;
  constructor(state: SchemaState) {
    super(`${SCHEMA_BEHIND_MESSAGE} (${state.applied} of ${state.expected} applied)`);
    this.name = 'SchemaBehindError';
    this.state = state;
  }
}
