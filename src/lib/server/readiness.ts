/** Readiness check: database reachable and migrations applied (compares the journal with the applied count). */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { getDb, migrationsFolder } from './db/index.ts';
import { logger } from './log.ts';

export interface Readiness {
  status: 'ready' | 'not_ready';
  database: 'up' | 'down';
  migrations: { applied: number; expected: number };
}

/** Checks the database and migrations; never throws. */
export async function readiness(): Promise<Readiness> {
  let expected = 0;
  try {
    const journal = JSON.parse(readFileSync(`${migrationsFolder()}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
    expected = journal.entries.length;
  } catch (err) {
    logger.warn({ err }, 'readiness: migration journal unreadable');
  }
  try {
    const db = await getDb();
    const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
    const applied = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    return { status: applied >= expected ? 'ready' : 'not_ready', database: 'up', migrations: { applied, expected } };
  } catch (err) {
    logger.warn({ err }, 'readiness: database check failed');
    return { status: 'not_ready', database: 'down', migrations: { applied: 0, expected } };
  }
}
