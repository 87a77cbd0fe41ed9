/**
 * Short-lived per-process memo for small reference data every page shows (the footer's
 * categories, the navbar's delivery area): read once per `ttlMs` per database instead of on
 * every render. Several servers may disagree for at most `ttlMs` after an edit, which is fine
 * for data that changes a few times a year. Keyed by the database handle, so tests with their
 * own databases never see each other's values.
 */
import type { Database } from '../db/types.ts';

/** Wraps `load(db)` so its result is reused for `ttlMs`; concurrent callers share one load. */
export function memoPerDatabase<T>(ttlMs: number, load: (db: Database) => Promise<T>): (db: Database) => Promise<T> {
  const cache = new WeakMap<Database, { value: Promise<T>; expires: number }>();
  return (db) => {
    const now = Date.now();
    const hit = cache.get(db);
    if (hit && hit.expires > now) return hit.value;
    const value = load(db);
    cache.set(db, { value, expires: now + ttlMs });
    value.catch(() => cache.delete(db));
    return value;
  };
}
