/**
 * What the search answers from, per process: the search index (engine.ts), kept up to date with
 * the catalogue snapshot's product objects (features/catalog/server/snapshot.ts, the process's one
 * in-memory catalogue), and those same objects as the result cards. No copy of the catalogue, no
 * check of the database of its own: the snapshot's check keeps both fresh, and a search waits for
 * a check it starts or finds running, as pages do (`catalogSnapshot(db)`), so a change shows in
 * the search within a second like everywhere else on the storefront.
 *
 * - A card is the snapshot's current product: a changed price, stock or image shows as soon as
 *   the snapshot has it; a product switched off has no card (searches skip it).
 * - An edit updates the index in place: when the snapshot's version moves, the products it
 *   changed (`changedSince`) whose indexed text differs are replaced, added or discarded, one
 *   document each, before the search answers (at most EDIT_LIMIT of them at once).
 * - A mass change (more than EDIT_LIMIT products, or changes the snapshot no longer lists) and
 *   the first build make a new index in slices of at most BUILD_SLICE products or SLICE_BUDGET_MS,
 *   each slice one turn of the event loop (setImmediate between them), so serving never stalls
 *   for the whole catalogue. Meanwhile searches answer from the old index; the new one takes over when done,
 *   then catches up with the changes made during its build. Only the first build is waited for
 *   (readyz waits for it during warm-up).
 * The cached /search pages go whenever the index changes.
 * `refreshSearchCatalog` checks the snapshot at once and waits for any build (tests, tools);
 * `invalidateSearchIndex` forgets the snapshot, so the next search loads and builds everything.
 */

import { performance } from 'node:perf_hooks';
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

/** The route cache's tag on the /search pages: they go when the index changes. */
export const SEARCH_INDEX_TAG = 'search-index';

/** Most changed products applied to the index at once, before the search answers; more make a new index in slices. */
export const EDIT_LIMIT = 200;
/** Most products one slice of a build indexes before yielding to the event loop. */
export const BUILD_SLICE = 200;
/** A slice also yields once it has taken this long (ms), however few products it indexed. */
const SLICE_BUDGET_MS = 5;

/** What one update of the index did (for tests and the bench): an edit applied at once, or a build in slices. */
export interface IndexUpdate {
  kind: 'edit' | 'build';
  /** Products indexed, replaced or discarded. */
  documents: number;
  /** Products indexed by each synchronous slice (one slice for an edit). */
  slices: number[];
  /** The longest slice's time, ms (a figure for the bench: how long serving waited at most). */
  longestSliceMs: number;
}

const listeners = new Set<(update: IndexUpdate) => void>();

/** Calls `listener` after each update of any search index of this process; returns the unsubscribe. */
export function onIndexUpdate(listener: (update: IndexUpdate) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function updated(update: IndexUpdate): void {
  invalidateCachedPages([SEARCH_INDEX_TAG]);
  for (const listener of listeners) listener(update);
}

/** What the search answers from: an index and the snapshot whose products are its cards. */
export class SearchCatalog {
  readonly index: SearchIndex;
  readonly snapshot: CatalogSnapshot;

  constructor(index: SearchIndex, snapshot: CatalogSnapshot) {
    this.index = index;
    this.snapshot = snapshot;
  }

  /**
   * Different after any change of a card or the index (a key for caches of answers): the
   * snapshot's version, the index's build serial and the index's count of edits.
   */
  get version(): string {
    return `${this.snapshot.version}.${builds.get(this.index)}.${this.index.generation}`;
  }

  /** Product `id`'s card, or null when it is not (or no longer) on sale. */
  card(id: number): SnapshotProduct | null {
    return this.snapshot.product(id);
  }
}

/** Each index's build serial: a new index (after a mass change) makes new cache keys. */
const builds = new WeakMap<SearchIndex, number>();
let serial = 0;

interface Entry {
  /** The index answering now (null until the first build is done). */
  catalog: SearchCatalog | null;
  /** The snapshot version whose changes the index has (or its build will have). */
  seen: number;
  /** A build under way: the first (searches wait) or a mass change's (searches do not). */
  building?: Promise<void>;
}

/** Per snapshot: a dropped or reloaded snapshot takes its index with it. */
const entries = new WeakMap<CatalogSnapshot, Entry>();

/** Whether two products index the same text (else the index must take the new one). */
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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Builds a new index from the snapshot's products in slices (module comment), then puts it in `entry`. */
function startBuild(snapshot: CatalogSnapshot, entry: Entry): void {
  const version = snapshot.version;
  const products = snapshot.products();
  entry.building = (async () => {
    const index = new SearchIndex([], shopSynonyms());
    builds.set(index, ++serial);
    const slices: number[] = [];
    let longestSliceMs = 0;
    for (let from = 0; from < products.length; ) {
      await nextTurn();
      const started = performance.now();
      const end = Math.min(products.length, from + BUILD_SLICE);
      let i = from;
      while (i < end && (i === from || performance.now() - started < SLICE_BUDGET_MS)) index.add(products[i++]!);
      slices.push(i - from);
      longestSliceMs = Math.max(longestSliceMs, performance.now() - started);
      from = i;
    }
    entry.catalog = new SearchCatalog(index, snapshot);
    entry.seen = version;
    updated({ kind: 'build', documents: products.length, slices, longestSliceMs });
  })().finally(() => {
    entry.building = undefined;
  });
}

/** Applies the snapshot's changes since `entry.seen` to the index, or starts a new build for a mass change. */
function catchUp(snapshot: CatalogSnapshot, entry: Entry, catalog: SearchCatalog): void {
  const ids = snapshot.changedSince(entry.seen);
  if (!ids || new Set(ids).size > EDIT_LIMIT) {
    startBuild(snapshot, entry);
    return;
  }
  const started = performance.now();
  entry.seen = snapshot.version;
  const { index } = catalog;
  let documents = 0;
  for (const id of new Set(ids)) {
    const indexed = index.product(id);
    const now = snapshot.product(id);
    if (indexed && now && sameIndexedText(indexed, now)) continue;
    if (now) index.set(now);
    else if (indexed) index.discard(id);
    else continue;
    documents++;
  }
  if (documents) updated({ kind: 'edit', documents, slices: [documents], longestSliceMs: performance.now() - started });
}

function current(snapshot: CatalogSnapshot): Entry {
  let entry = entries.get(snapshot);
  if (!entry) {
    entry = { catalog: null, seen: snapshot.version };
    entries.set(snapshot, entry);
  }
  if (!entry.building) {
    // No index yet (or its first build failed): build one; else bring it up to the snapshot.
    if (!entry.catalog) startBuild(snapshot, entry);
    else if (entry.seen !== snapshot.version) catchUp(snapshot, entry, entry.catalog);
  }
  return entry;
}

/**
 * The database's search catalogue, after any due check of the snapshot and the index's update
 * for its edits (see the module comment). The first call waits for the snapshot and the first
 * build of the index.
 */
export async function getSearchCatalog(db: Database): Promise<SearchCatalog> {
  const snapshot = await catalogSnapshot(db);
  let entry = current(snapshot);
  while (!entry.catalog) {
    await entry.building;
    entry = current(snapshot);
  }
  return entry.catalog;
}

/** The database's search index (see getSearchCatalog). */
export async function getSearchIndex(db: Database): Promise<SearchIndex> {
  return (await getSearchCatalog(db)).index;
}

/** Checks the catalogue snapshot against the database now and waits for the result and any build of the index. */
export async function refreshSearchCatalog(db: Database): Promise<void> {
  const snapshot = await refreshCatalogSnapshot(db);
  let entry = current(snapshot);
  while (entry.building) {
    await entry.building;
    entry = current(snapshot);
  }
}

/** Forgets the database's catalogue (the pages' snapshot with it), so the next search loads and builds it again. */
export function invalidateSearchIndex(db: Database): void {
  dropCatalogSnapshot(db);
}
