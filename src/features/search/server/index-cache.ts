/**
 * What the search answers from, per process: the search index, built from the
 * catalogue snapshot's product objects (features/catalog/server/snapshot.ts, the process's one
 * in-memory catalogue), and those same objects as the result cards. No copy of the catalogue,
 * no check of the database of its own: the snapshot's check keeps both fresh, and a search waits
 * for a check it starts or finds running, as pages do (`catalogSnapshot(db)`), so a change shows
 * in the search within a second like everywhere else on the storefront.
 *
 * - A card is the snapshot's current product: a changed price, stock or image shows as soon as
 *   the snapshot has it; a product switched off has no card (searches skip it).
 * - The index keeps the objects it was built from. When the snapshot's version moves, the
 *   products it changed are compared with them: a renamed, moved, new, re-activated or
 *   switched-off product (or changes the snapshot no longer lists) rebuilds the index
 *   (about half a second for 20,000 products, in the next turn of the event loop); a search
 *   that finds a rebuild started or under way waits for it and answers from the new index,
 *   never the old one. The cached /search pages go when the new one takes over.
 * `refreshSearchCatalog` checks the snapshot at once and waits for any rebuild (tests, tools);
 * `invalidateSearchIndex` forgets the snapshot, so the next search loads and builds everything.
 */

import {
  type CatalogSnapshot,
  catalogSnapshot,
  dropCatalogSnapshot,
  refreshCatalogSnapshot,
  type SnapshotProduct,
} from '#features/catalog/index.ts';
import { invalidateCachedPages } from '#lib/cache/route-cache.ts';
import type { Database } from '#lib/db/index.ts';
import { type IndexedProduct, SearchIndex } from './engine.ts';
import { shopSynonyms } from './synonyms.ts';

/** The route cache's tag on the /search pages: they go when a rebuilt index takes over. */
export const SEARCH_INDEX_TAG = 'search-index';

/** How many indexes this process has built: each search catalogue's serial. */
let builds = 0;

/** What the search answers from: an index and the snapshot whose products are its cards. */
export class SearchCatalog {
  readonly index: SearchIndex;
  readonly snapshot: CatalogSnapshot;
  /** This catalogue's serial: a rebuilt index (a new or re-activated product) has a new one. */
  readonly build: number;

  constructor(index: SearchIndex, snapshot: CatalogSnapshot) {
    this.index = index;
    this.snapshot = snapshot;
    this.build = ++builds;
  }

  /**
   * Different after any change of a card or the index (a key for caches of answers): the
   * snapshot's version with the index's serial, since an index rebuilt after a search at the
   * snapshot's version finds products that search did not.
   */
  get version(): string {
    return `${this.snapshot.version}.${this.build}`;
  }

  /** Product `id`'s card, or null when it is not (or no longer) on sale. */
  card(id: number): SnapshotProduct | null {
    return this.snapshot.product(id);
  }
}

interface Entry {
  catalog: SearchCatalog;
  /** The snapshot version whose changes were last compared with the index's products. */
  seen: number;
  rebuilding?: Promise<void>;
}

/** Per snapshot: a dropped or reloaded snapshot takes its index with it. */
const entries = new WeakMap<CatalogSnapshot, Entry>();

/** Whether two products index the same text (else the index must be rebuilt). */
export function sameIndexedText(a: IndexedProduct, b: IndexedProduct): boolean {
  return (
    a.name === b.name &&
    a.categoryId === b.categoryId &&
    a.categoryName === b.categoryName &&
    a.subcategoryName === b.subcategoryName &&
    a.type === b.type &&
    a.brand === b.brand
  );
}

function build(snapshot: CatalogSnapshot): Entry {
  const seen = snapshot.version;
  return { catalog: new SearchCatalog(new SearchIndex(snapshot.products(), shopSynonyms()), snapshot), seen };
}

/** Whether the snapshot's changes since `entry.seen` need a new index (module comment). */
function outdated(entry: Entry): boolean {
  const { snapshot, index } = entry.catalog;
  const ids = snapshot.changedSince(entry.seen);
  entry.seen = snapshot.version;
  if (!ids) return true;
  return ids.some((id) => {
    const indexed = index.product(id);
    const now = snapshot.product(id);
    return indexed && now ? !sameIndexedText(indexed, now) : indexed !== now;
  });
}

function current(snapshot: CatalogSnapshot): Entry {
  let entry = entries.get(snapshot);
  if (!entry) {
    entry = build(snapshot);
    entries.set(snapshot, entry);
  } else if (!entry.rebuilding && entry.seen !== snapshot.version && outdated(entry)) {
    const stale = entry;
    stale.rebuilding = new Promise((resolve) => {
      setImmediate(() => {
        const next = build(snapshot);
        stale.catalog = next.catalog;
        stale.seen = next.seen;
        stale.rebuilding = undefined;
        invalidateCachedPages([SEARCH_INDEX_TAG]);
        resolve();
      });
    });
  }
  return entry;
}

/**
 * The database's search catalogue, after any due check of the snapshot and any rebuild of the
 * index it calls for (see the module comment). The first call waits for the snapshot and the
 * index (about a second for 20,000 products).
 */
export async function getSearchCatalog(db: Database): Promise<SearchCatalog> {
  const snapshot = await catalogSnapshot(db);
  let entry = current(snapshot);
  while (entry.rebuilding) {
    await entry.rebuilding;
    entry = current(snapshot);
  }
  return entry.catalog;
}

/** The database's search index (see getSearchCatalog). */
export async function getSearchIndex(db: Database): Promise<SearchIndex> {
  return (await getSearchCatalog(db)).index;
}

/** Checks the catalogue snapshot against the database now and waits for the result and any rebuild of the index. */
export async function refreshSearchCatalog(db: Database): Promise<void> {
  const entry = current(await refreshCatalogSnapshot(db));
  await entry.rebuilding;
}

/** Forgets the database's catalogue (the pages' snapshot with it), so the next search loads and builds it again. */
export function invalidateSearchIndex(db: Database): void {
  dropCatalogSnapshot(db);
}
