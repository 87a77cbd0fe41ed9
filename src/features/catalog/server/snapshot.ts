/**
 * The process's one in-memory catalogue (for the pages, and the search's cards and index): every
 * active product, read once, so a product or listing page that misses the route cache reads no
 * product rows, and the search (features/search/server/index-cache.ts)
 * builds its index from, and shows as its cards, the same objects (snapshot-model.ts). The API
 * and everything that takes money or stock (cart, checkout, orders) keep reading the database.
 *
 * Freshness, per server process, one check for pages and search alike (ADR 0146):
 * - The first read loads all active products (the one slow read; docs/performance.md has its cost),
 *   after taking its place in the catalogue change feed (change-feed.ts).
 * - A check reads the feed's entries committed since the last check, however late (the feed's gap
 *   rule: no time window), and a signature (highest product id and count of products; count and
 *   latest change of categories, subcategories, banners and home rails); then the whole rows of the
 *   products the entries name. An entry for a category, subcategory, banner or home rail counts as
 *   a moved signature.
 * - A read at least DELTA_INTERVAL_MS after the last check starts one (polling: with or without
 *   DATABASE_DIRECT_URL); a change notification (src/lib/db/change-notifications.ts: LISTEN, with
 *   DATABASE_DIRECT_URL) starts one at once, or right after the one under way, so a change shows
 *   within a second even when nothing is read. Pages and the search wait for a check they start or
 *   find running.
 * - After a local stock change (`markCatalogChanged`, called by orders) the next read re-checks
 *   after DIRTY_INTERVAL_MS instead, so this server's own pages show a sold-out item at once.
 * - Every FULL_CHECK_MS (a safety net: rows written while the feed's triggers were off, a restored
 *   backup), and whenever the signature moved, the check also compares the stamps of every
 *   active product with the snapshot's and, when the signature moved, reads the category names
 *   again (renamed categories). A product is on sale when it, its category and its subcategory
 *   are active (snapshot-reads.ts), so a deactivated category's products leave with that compare
 *   and come back on reactivation.
 * - The navigation's categories, the home banners and rails are reused while the signature
 *   stays the same (navigation.ts, `catalogSignature`): they follow a change as fast as prices.
 *   The storefront lists only the categories and subcategories with a product on sale
 *   (`taxaOnSale`); a check that lists or unlists one invalidates every cached catalogue page.
 * - A check that changes products invalidates, in this process's route cache, the cached pages
 *   showing what changed (page-tags.ts: a sale that leaves a product in stock reaches only its own
 *   page) before it resolves; a load invalidates every cached catalogue page. The route cache
 *   awaits `catalogSnapshot` before serving a hit (listing-pages.ts), so no cached page shows a
 *   change older than the last check.
 * Concurrent reads share one check; a failed check keeps the snapshot as it is (logged; a first
 * load's failure reaches the caller, which answers 500).
 */
import { invalidateCachedPages } from '#lib/cache/route-cache.ts';
import { onCatalogNotification } from '#lib/db/change-notifications.ts';
import type { Database } from '#lib/db/index.ts';
import { logger } from '#lib/log.ts';
import { ChangeFeedCursor } from './change-feed.ts';
import { CATALOG_TAG, cardChanged, changeTags, placementOf } from './page-tags.ts';
import { CatalogSnapshot, type SnapshotProduct, sameTaxa } from './snapshot-model.ts';
import { readActiveStamps, readNames, readRows, readState, type SnapshotRow } from './snapshot-reads.ts';

export { CatalogSnapshot, type SnapshotProduct, type SnapshotQuery } from './snapshot-model.ts';

/**
 * How often (ms) a read checks for changed products: half a second, so a change shows within a
 * second (the wait for the next check, plus the check itself and the render).
 */
export const DELTA_INTERVAL_MS = 500;
/** How soon (ms) a read checks again after this process changed stock. */
export const DIRTY_INTERVAL_MS = 50;
/**
 * How often (ms) a check also compares every active product's stamp: a safety net only (the feed
 * misses nothing its triggers log), so rare: 30 minutes.
 */
export const FULL_CHECK_MS = 30 * 60_000;

interface Entry {
  snapshot: Promise<CatalogSnapshot>;
  /** The snapshot once loaded. */
  loaded?: CatalogSnapshot;
  /** Where this process is in the change feed. */
  feed: ChangeFeedCursor;
  /** The database's signature (readState) and how many non-product feed entries moved it here. */
  signature: string;
  checkedAt: number;
  fullCheckedAt: number;
  dirty: boolean;
  /** The check under way (never rejects: a failure is logged). */
  checking?: Promise<void>;
  /** A change notification arrived during the check under way: another check follows it. */
  notified: boolean;
}

const entries = new WeakMap<Database, Entry>();
/** The databases with a snapshot in this process, for change notifications (weak: a test's database may go). */
const loadedDatabases = new Set<WeakRef<Database>>();
/** How many non-product feed entries this process has applied: part of the signature navigation.ts keys on. */
let taxaMoves = 0;

// A change notification starts a check of every loaded snapshot at once (or after the one under way).
onCatalogNotification(() => {
  for (const ref of loadedDatabases) {
    const db = ref.deref();
    const entry = db && entries.get(db);
    if (!db || !entry) {
      loadedDatabases.delete(ref);
      continue;
    }
    if (!entry.loaded) continue;
    if (entry.checking) entry.notified = true;
    else void startCheck(db, entry).catch(() => undefined);
  }
});

/** Reads the whole active catalogue into a new entry, in place at once (reads wait for it). */
function load(db: Database): Entry {
  const now = Date.now();
  const entry: Entry = {
    snapshot: Promise.resolve(null as never),
    feed: new ChangeFeedCursor(),
    signature: '',
    checkedAt: now,
    fullCheckedAt: now,
    dirty: false,
    notified: false,
  };
  entry.snapshot = (async () => {
    // The feed's place first: what commits while the rows are read is read again by the first check.
    await entry.feed.start(db);
    const state = await readState(db);
    const names = await readNames(db);
    const snapshot = new CatalogSnapshot(names, await readRows(db));
    entry.signature = `${state.signature}|${taxaMoves}`;
    entry.loaded = snapshot;
    // Cached pages came from another snapshot (or none): they go.
    invalidateCachedPages([CATALOG_TAG]);
    return snapshot;
  })();
  entries.set(db, entry);
  if (![...loadedDatabases].some((ref) => ref.deref() === db)) loadedDatabases.add(new WeakRef(db));
  entry.snapshot.catch(() => {
    if (entries.get(db) === entry) entries.delete(db);
  });
  return entry;
}

/** Compares the snapshot with the database and applies what changed (module comment); rejects when a read fails. */
async function check(db: Database, entry: Entry, full: boolean): Promise<void> {
  const snapshot = await entry.snapshot;
  entry.dirty = false;
  const feed = await entry.feed.read(db);
  const state = await readState(db);
  if (feed.changes.some((c) => c.entity !== 'products')) taxaMoves++;
  const signature = `${state.signature}|${taxaMoves}`;
  const moved = signature !== entry.signature;
  if (moved) snapshot.rename(await readNames(db));
  const changed = new Set<number>();
  for (const c of feed.changes) if (c.entity === 'products') changed.add(c.entityId);
  const gone = new Set<number>();
  if (full || moved) {
    const active = await readActiveStamps(db);
    for (const id of snapshot.ids()) if (!active.has(id)) gone.add(id);
    // On sale but not shown: also a product whose category or subcategory came back, stamp unchanged.
    for (const [id, stamp] of active) if (!snapshot.has(id, stamp) || !snapshot.product(id)) changed.add(id);
    entry.fullCheckedAt = Date.now();
  }
  const ids = [...changed];
  // In slices, so a mass change (an import on PostgreSQL) stays within a statement's parameters.
  const rows: SnapshotRow[] = [];
  for (let i = 0; i < ids.length; i += 5_000) rows.push(...(await readRows(db, ids.slice(i, i + 5_000))));
  // A product the feed names that no longer exists (deleted) leaves too.
  const found = new Set(rows.map((r) => r.id));
  for (const id of ids) if (!found.has(id) && snapshot.product(id)) gone.add(id);
  const version = snapshot.version;
  const taxaBefore = snapshot.taxaOnSale();
  const before = new Map<number, SnapshotProduct | null>();
  for (const id of [...gone, ...ids]) before.set(id, snapshot.product(id));
  snapshot.remove([...gone]);
  snapshot.apply(rows);
  feed.commit();
  entry.signature = signature;
  // The cached pages that show what changed go (page-tags.ts), before any page reads the snapshot again.
  const shown = snapshot.changedSince(version) ?? [...before.keys()];
  // A category or subcategory that gained its first product on sale or lost its last one is listed
  // or unlisted (navigation, footer, home): every cached page shows those lists.
  const relisted = !sameTaxa(taxaBefore, snapshot.taxaOnSale());
  if (shown.length > 0 || moved || relisted)
    invalidateCachedPages(
      changeTags(
        shown.map((id) => {
          const was = before.get(id) ?? null;
          const is = snapshot.product(id);
          return { id, before: placementOf(was), after: placementOf(is), card: cardChanged(was, is) };
        }),
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
      // A notification during this check may name a commit it could not see: check again now.
      if (entry.notified && !entry.checking && entries.get(db) === entry) {
        entry.notified = false;
        void startCheck(db, entry).catch(() => undefined);
      }
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
