/**
 * The process's one in-memory catalogue (for the pages, and the search's cards and index): every
 * active product, read once, so a product or listing page that misses the route cache reads no
 * product rows, and the search (features/search/server/index-cache.ts)
 * builds its index from, and shows as its cards, the same objects (snapshot-model.ts). The API
 * and everything that takes money or stock (cart, checkout, orders) keep reading the database.
 *
 * Freshness, per server process, one check for pages and search alike:
 * - The first read loads all active products (the one slow read; docs/performance.md has its cost).
 * - A read at least DELTA_INTERVAL_MS after the last check starts a check: one statement reads
 *   the database's clock, a signature (highest product id and count of products, so an added or
 *   deleted product moves it; count and latest change of categories, subcategories, banners and
 *   home rails) and the stamps of the rows whose `updated_at` is newer than
 *   the clock at the last check (a trigger sets `updated_at` on every UPDATE of a product,
 *   whoever writes it; migration 0006); then the whole rows of those whose stamp the snapshot
 *   does not have. On PostgreSQL the window reaches DELTA_OVERLAP_MS further back, for
 *   transactions that committed after a check although stamped before it; PGlite runs one
 *   transaction at a time, so it needs none (and a check just after an import does not read
 *   20,000 stamps twice a second). Pages and the search wait for a check they start or find
 *   running.
 * - After a local stock change (`markCatalogChanged`, called by orders) the next read re-checks
 *   after DIRTY_INTERVAL_MS instead, so this server's own pages show a sold-out item at once.
 * - Every FULL_CHECK_MS, and whenever the signature changed, the check also compares the stamps
 *   of every active product with the snapshot's (deleted rows, rows a check missed) and, when
 *   the signature changed, reads the category names again (renamed categories). A product is on
 *   sale when it, its category and its subcategory are active (snapshot-reads.ts), so a
 *   deactivated category's products leave with that compare and come back on reactivation.
 * - The navigation's categories, the home banners and rails are reused while the signature
 *   stays the same (navigation.ts, `catalogSignature`): they follow a change as fast as prices.
 *   The storefront lists only the categories and subcategories with a product on sale
 *   (`taxaOnSale`); a check that lists or unlists one invalidates every cached catalogue page.
 * - A check that changes products invalidates the cached pages showing them in this process's
 *   route cache (page-tags.ts says which) before it resolves; a load invalidates every cached
 *   catalogue page. The route cache awaits `catalogSnapshot` before serving a hit (listing-pages.ts),
 *   so no cached page shows a change older than the last second, whether or not anything renders.
 * Concurrent reads share one check; a failed check keeps the snapshot as it is (logged; a first
 * load's failure reaches the caller, which answers 500).
 */
import { PgliteDatabase } from 'drizzle-orm/pglite';
import { invalidateCachedPages } from '#lib/cache/route-cache.ts';
import type { Database } from '#lib/db/index.ts';
import { logger } from '#lib/log.ts';
import { CATALOG_TAG, changeTags, type Placement, placementOf } from './page-tags.ts';
import { CatalogSnapshot, sameTaxa } from './snapshot-model.ts';
import { readActiveStamps, readNames, readRows, readState, type SnapshotRow } from './snapshot-reads.ts';

export { CatalogSnapshot, type SnapshotProduct, type SnapshotQuery } from './snapshot-model.ts';

/**
 * How often (ms) a read checks for changed products: half a second, so a change shows within a
 * second (the wait for the next check, plus the check itself and the render).
 */
export const DELTA_INTERVAL_MS = 500;
/** How soon (ms) a read checks again after this process changed stock. */
export const DIRTY_INTERVAL_MS = 50;
/** On PostgreSQL, how far (ms) before the last check each check looks again. */
export const DELTA_OVERLAP_MS = 10_000;
/** How often (ms) a check compares every active product's stamp. */
export const FULL_CHECK_MS = 10 * 60_000;

interface Entry {
  snapshot: Promise<CatalogSnapshot>;
  /** The snapshot once loaded. */
  loaded?: CatalogSnapshot;
  /** The database's clock at the last check (or load). */
  since: string;
  signature: string;
  checkedAt: number;
  fullCheckedAt: number;
  dirty: boolean;
  /** The check under way (never rejects: a failure is logged). */
  checking?: Promise<void>;
}

const entries = new WeakMap<Database, Entry>();

/** Reads the whole active catalogue into a new entry, in place at once (reads wait for it). */
function load(db: Database): Entry {
  const now = Date.now();
  const entry: Entry = {
    snapshot: Promise.resolve(null as never),
    since: '',
    signature: '',
    checkedAt: now,
    fullCheckedAt: now,
    dirty: false,
  };
  entry.snapshot = (async () => {
    const state = await readState(db, null, 0);
    const names = await readNames(db);
    const snapshot = new CatalogSnapshot(names, await readRows(db));
    entry.since = state.now;
    entry.signature = state.signature;
    entry.loaded = snapshot;
    // Cached pages came from another snapshot (or none): they go.
    invalidateCachedPages([CATALOG_TAG]);
    return snapshot;
  })();
  entries.set(db, entry);
  entry.snapshot.catch(() => {
    if (entries.get(db) === entry) entries.delete(db);
  });
  return entry;
}

/** Compares the snapshot with the database and applies what changed (module comment); rejects when a read fails. */
async function check(db: Database, entry: Entry, full: boolean): Promise<void> {
  const snapshot = await entry.snapshot;
  entry.dirty = false;
  const state = await readState(db, entry.since, db instanceof PgliteDatabase ? 0 : DELTA_OVERLAP_MS / 1000);
  const moved = state.signature !== entry.signature;
  if (moved) snapshot.rename(await readNames(db));
  const changed = new Set<number>();
  for (const [id, stamp] of state.changed) if (!snapshot.has(id, stamp)) changed.add(id);
  let gone: number[] = [];
  if (full || moved) {
    const active = await readActiveStamps(db);
    gone = snapshot.ids().filter((id) => !active.has(id));
    // On sale but not shown: also a product whose category or subcategory came back, stamp unchanged.
    for (const [id, stamp] of active) if (!snapshot.has(id, stamp) || !snapshot.product(id)) changed.add(id);
    entry.fullCheckedAt = Date.now();
  }
  const ids = [...changed];
  // In slices, so a mass change (an import on PostgreSQL) stays within a statement's parameters.
  const rows: SnapshotRow[] = [];
  for (let i = 0; i < ids.length; i += 5_000) rows.push(...(await readRows(db, ids.slice(i, i + 5_000))));
  const version = snapshot.version;
  const taxaBefore = snapshot.taxaOnSale();
  const before = new Map<number, Placement | null>();
  for (const id of [...gone, ...ids]) before.set(id, placementOf(snapshot.product(id)));
  snapshot.remove(gone);
  snapshot.apply(rows);
  entry.since = state.now;
  entry.signature = state.signature;
  // The cached pages that show what changed go (page-tags.ts), before any page reads the snapshot again.
  const shown = snapshot.changedSince(version) ?? [...before.keys()];
  // A category or subcategory that gained its first product on sale or lost its last one is listed
  // or unlisted (navigation, footer, home): every cached page shows those lists.
  const relisted = !sameTaxa(taxaBefore, snapshot.taxaOnSale());
  if (shown.length > 0 || moved || relisted)
    invalidateCachedPages(
      changeTags(
        shown.map((id) => ({ id, before: before.get(id) ?? null, after: placementOf(snapshot.product(id)) })),
        moved || relisted,
      ),
    );
}

/** Starts a check of `entry` now; the returned promise rejects when it fails, the entry's own never does. */
function startCheck(db: Database, entry: Entry): Promise<void> {
  const now = Date.now();
  entry.checkedAt = now;
  const run = check(db, entry, now - entry.fullCheckedAt >= FULL_CHECK_MS);
  const checking: Promise<void> = run
    .catch((err: unknown) => logger.warn({ err }, 'catalogue snapshot: check failed; the kept snapshot answers'))
    .finally(() => {
      if (entry.checking === checking) entry.checking = undefined;
    });
  entry.checking = checking;
  return run;
}

/**
 * The database's catalogue snapshot, after a check when one is due or under way (see the module
 * comment). Rejects only when there is none yet and the first load fails.
 */
export async function catalogSnapshot(db: Database): Promise<CatalogSnapshot> {
  const entry = entries.get(db);
  if (!entry) return load(db).snapshot;
  if (!entry.loaded) return entry.snapshot;
  if (!entry.checking && Date.now() - entry.checkedAt >= (entry.dirty ? DIRTY_INTERVAL_MS : DELTA_INTERVAL_MS))
    void startCheck(db, entry);
  if (entry.checking) await entry.checking;
  return entry.loaded;
}

/**
 * Checks the snapshot against the database now (after any check under way) and resolves with
 * it; `full` also compares every active product's stamp. Rejects when a read fails (tests, tools).
 */
export async function refreshCatalogSnapshot(
  db: Database,
  { full = false }: { full?: boolean } = {},
): Promise<CatalogSnapshot> {
  const entry = entries.get(db);
  if (!entry) return load(db).snapshot;
  const snapshot = await entry.snapshot;
  while (entry.checking) await entry.checking;
  if (full) entry.fullCheckedAt = 0;
  await startCheck(db, entry);
  return snapshot;
}

/**
 * The signature (readState) the last check saw, after any check due (see `catalogSnapshot`):
 * what the navigation's categories, the banners and the rails are reused under (navigation.ts).
 */
export async function catalogSignature(db: Database): Promise<string> {
  await catalogSnapshot(db);
  return entries.get(db)?.signature ?? '';
}

/**
 * Tells the snapshot that this process changed products (stock after an order or a
 * cancellation), so the next page read re-checks within DIRTY_INTERVAL_MS.
 */
export function markCatalogChanged(db: Database): void {
  const entry = entries.get(db);
  if (entry) entry.dirty = true;
}

/** Forgets the database's snapshot; the next read loads it again (tests, catalogue import). */
export function dropCatalogSnapshot(db: Database): void {
  entries.delete(db);
}
