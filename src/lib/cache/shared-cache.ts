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

/**
 * `memoPerDatabase` for a load that takes a key too (e.g. a category id): each key's result is
 * reused for `ttlMs`. At most `maxKeys` keys are kept per database (the oldest go first), so
 * keys taken from URLs cannot grow it without bound.
 */
export function memoPerDatabaseKeyed<K, T>(
  ttlMs: number,
  maxKeys: number,
  load: (db: Database, key: K) => Promise<T>,
): (db: Database, key: K) => Promise<T> {
  const cache = new WeakMap<Database, Map<K, { value: Promise<T>; expires: number }>>();
  return (db, key) => {
    const now = Date.now();
    let entries = cache.get(db);
    if (!entries) {
      entries = new Map();
      cache.set(db, entries);
    }
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    entries.delete(key);
    if (entries.size >= maxKeys) entries.delete(entries.keys().next().value as K);
    const value = load(db, key);
    const stored = entries;
    stored.set(key, { value, expires: now + ttlMs });
    value.catch(() => stored.delete(key));
    return value;
  };
}
