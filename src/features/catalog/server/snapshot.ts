/**
 * The catalogue's read model for server-rendered pages (issue 13 "Fast when the cache misses"):
 * every active product, held in this process's memory, so a product or listing page that misses
 * the page cache reads no product rows from the database. Pages call `catalogSnapshot(db)`;
 * the API and everything that takes money or stock (cart, checkout, orders) keep reading the
 * database.
 *
 * Freshness, per server process:
 * - The first read loads all active products (about a second and 10 MB for 20,000 products).
 * - A read at least DELTA_INTERVAL_MS after the last check first reads the ids and stamps of the
 *   rows whose `updated_at` is newer than the database's clock at the last check (a trigger
 *   sets `updated_at` on every UPDATE of a product, whoever writes it; migration 0006), then
 *   the whole rows of those whose stamp the snapshot does not have. On PostgreSQL the window
 *   reaches DELTA_OVERLAP_MS further back, for transactions that committed after a check
 *   although stamped before it; PGlite runs one transaction at a time, so it needs none (and
 *   a check just after an import does not read 20,000 stamps every second).
 * - After a local stock change (`markCatalogChanged`, called by orders) the next read re-checks
 *   after DIRTY_INTERVAL_MS instead, so this server's own pages show a sold-out item at once.
 * - Every FULL_RELOAD_MS the whole catalogue is read again, which also drops deleted rows.
 * Concurrent reads share one refresh; a failed refresh keeps the old snapshot for reads that
 * already have one (a first load's failure reaches the caller, which answers 500).
 */
import { gt, eq, inArray, sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from '../../../lib/db/index.ts';
import { products } from '../../../lib/db/schema.ts';
import { detailColumns, toDetailFields, type ProductFields } from './catalog.ts';
import type { ProductPage, ProductSummary, Sort } from '../rules.ts';
import { PAGE_SIZE } from '../rules.ts';

/** How often (ms) a read checks for changed products. */
export const DELTA_INTERVAL_MS = 1_000;
/** How soon (ms) a read checks again after this process changed stock. */
export const DIRTY_INTERVAL_MS = 50;
/** On PostgreSQL, how far (ms) before the last check each check looks again. */
export const DELTA_OVERLAP_MS = 10_000;
/** How often (ms) the whole catalogue is read again. */
export const FULL_RELOAD_MS = 10 * 60_000;

/** A product as pages show it: the card's summary plus the detail page's fields (category names come from the category memos). */
export type SnapshotProduct = ProductFields;

const columns = {
  ...detailColumns,
  isActive: products.isActive,
  updatedAt: products.updatedAt,
};

type Row = Awaited<ReturnType<typeof readRows>>[number];

function readRows(db: Database, ids?: number[]) {
  const query = db.select(columns).from(products);
  return ids ? query.where(inArray(products.id, ids)) : query.where(eq(products.isActive, true));
}

const toProduct = (row: Row): SnapshotProduct => toDetailFields(row);

const byId = (a: ProductSummary, b: ProductSummary) => a.id - b.id;
const byPriceAsc = (a: ProductSummary, b: ProductSummary) => a.pricePaise - b.pricePaise || a.id - b.id;
const byPriceDesc = (a: ProductSummary, b: ProductSummary) => b.pricePaise - a.pricePaise || a.id - b.id;

/** Filter and paging of `CatalogSnapshot.listProducts` (the database's `listProducts` takes the same). */
export interface SnapshotQuery {
  categoryId?: number;
  subcategoryId?: number;
  sort?: Sort;
  page?: number;
  pageSize?: number;
}

/** One version of the active catalogue. Its products are shared: callers must not change them. */
export class CatalogSnapshot {
  readonly #products = new Map<number, SnapshotProduct>();
  /** Each product's `updated_at` (ms) as last applied, active or not. */
  readonly #stamps = new Map<number, number>();
  /** Sorted product lists per filter and sort, made on first use after each change. */
  #lists = new Map<string, SnapshotProduct[]>();

  constructor(rows: Row[]) {
    for (const row of rows) {
      this.#products.set(row.id, toProduct(row));
      this.#stamps.set(row.id, row.updatedAt.getTime());
    }
  }

  /** Number of active products. */
  get size(): number {
    return this.#products.size;
  }

  /** Whether the snapshot already has this stamp (ms) of product `id`. */
  has(id: number, stamp: number): boolean {
    return this.#stamps.get(id) === stamp;
  }

  /** Applies changed rows: inactive ones leave, the others are added or replaced; rows already applied are skipped. */
  apply(rows: Row[]): void {
    let reorder = false;
    for (const row of rows) {
      if (this.#stamps.get(row.id) === row.updatedAt.getTime()) continue;
      this.#stamps.set(row.id, row.updatedAt.getTime());
      const old = this.#products.get(row.id);
      if (!row.isActive) {
        if (old) {
          this.#products.delete(row.id);
          reorder = true;
        }
        continue;
      }
      // Lists hold the product objects themselves, so any changed row rebuilds them.
      this.#products.set(row.id, toProduct(row));
      reorder = true;
    }
    if (reorder) this.#lists = new Map();
  }

  /** An active product, or null. */
  product(id: number): SnapshotProduct | null {
    return this.#products.get(id) ?? null;
  }

  #list(categoryId: number, subcategoryId: number, sort: Sort | undefined): SnapshotProduct[] {
    const key = `${categoryId}:${subcategoryId}:${sort ?? ''}`;
    let list = this.#lists.get(key);
    if (!list) {
      list = [];
      for (const p of this.#products.values()) {
        if ((!categoryId || p.categoryId === categoryId) && (!subcategoryId || p.subcategoryId === subcategoryId)) list.push(p);
      }
      list.sort(sort === 'asc' ? byPriceAsc : sort === 'desc' ? byPriceDesc : byId);
      this.#lists.set(key, list);
    }
    return list;
  }

  /**
   * One page of active products, filtered by category and subcategory, sorted by offer price
   * (ties by id) or by id: the same answer as the database's `listProducts`.
   */
  listProducts(query: SnapshotQuery = {}): ProductPage {
    const pageSize = Math.min(Math.max(query.pageSize ?? PAGE_SIZE, 1), 100);
    const page = Math.max(query.page ?? 1, 1);
    const list = this.#list(query.categoryId ?? 0, query.subcategoryId ?? 0, query.sort);
    const start = (page - 1) * pageSize;
    return {
      products: list.slice(start, start + pageSize),
      total: list.length,
      page,
      pageSize,
      totalPages: Math.max(1, Math.ceil(list.length / pageSize)),
    };
  }

  /**
   * Related products, as the database's `relatedProducts` orders them: the same subcategory in
   * stock, then out of stock, then the rest of the category in stock, then out of stock, each by
   * id; at most `limit`.
   */
  related(product: { id: number; categoryId: number; subcategoryId: number }, limit: number): SnapshotProduct[] {
    const sameSub = this.#list(product.categoryId, product.subcategoryId, undefined);
    const category = this.#list(product.categoryId, 0, undefined);
    const out: SnapshotProduct[] = [];
    for (const [list, inSub, inStock] of [
      [sameSub, true, true],
      [sameSub, true, false],
      [category, false, true],
      [category, false, false],
    ] as const) {
      for (const p of list) {
        if (out.length >= limit) return out;
        if (p.id !== product.id && p.stock > 0 === inStock && (p.subcategoryId === product.subcategoryId) === inSub) out.push(p);
      }
    }
    return out;
  }
}

interface Entry {
  snapshot: Promise<CatalogSnapshot>;
  /** The database's clock when the rows of the snapshot were last read, in ms. */
  readAt: number;
  checkedAt: number;
  loadedAt: number;
  dirty: boolean;
  refreshing?: Promise<void>;
}

const entries = new WeakMap<Database, Entry>();

/** The database's clock, in ms (the snapshot compares `updated_at` with it, never with ours). */
async function databaseNow(db: Database): Promise<number> {
  const result = (await db.execute(sql`SELECT clock_timestamp() AS now`)) as unknown as { rows: { now: Date | string }[] };
  return new Date(result.rows[0]!.now).getTime();
}

/** Reads the whole active catalogue into a new entry; `install` puts it in place at once (first load). */
function load(db: Database, install: boolean): Entry {
  const now = Date.now();
  const entry: Entry = { snapshot: Promise.resolve(null as never), readAt: 0, checkedAt: now, loadedAt: now, dirty: false };
  entry.snapshot = (async () => {
    entry.readAt = await databaseNow(db);
    return new CatalogSnapshot(await readRows(db));
  })();
  if (install) {
    entries.set(db, entry);
    entry.snapshot.catch(() => {
      if (entries.get(db) === entry) entries.delete(db);
    });
  } else {
    // A periodic reload replaces the snapshot once it is read; until then the old one answers.
    entry.snapshot.then(
      () => entries.set(db, entry),
      () => undefined,
    );
  }
  return entry;
}

async function refresh(db: Database, entry: Entry): Promise<void> {
  const snapshot = await entry.snapshot;
  const since = new Date(entry.readAt - (db instanceof PgliteDatabase ? 0 : DELTA_OVERLAP_MS));
  entry.dirty = false;
  const readAt = await databaseNow(db);
  const stamps = await db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(gt(products.updatedAt, since));
  const changed = stamps.filter((r) => !snapshot.has(r.id, r.updatedAt.getTime())).map((r) => r.id);
  // In slices, so a mass change (an import on PostgreSQL) stays within a statement's parameters.
  for (let i = 0; i < changed.length; i += 5_000) snapshot.apply(await readRows(db, changed.slice(i, i + 5_000)));
  entry.readAt = readAt;
}

/**
 * The database's catalogue snapshot, checked for changes first when a check is due (see the
 * module comment). Rejects only when there is none yet and the first load fails.
 */
export async function catalogSnapshot(db: Database): Promise<CatalogSnapshot> {
  const now = Date.now();
  let entry = entries.get(db);
  if (!entry) return load(db, true).snapshot;
  if (now - entry.loadedAt >= FULL_RELOAD_MS) {
    entry.loadedAt = now;
    load(db, false);
  }
  const due = now - entry.checkedAt >= (entry.dirty ? DIRTY_INTERVAL_MS : DELTA_INTERVAL_MS);
  if (due && !entry.refreshing) {
    entry.checkedAt = now;
    const current = entry;
    current.refreshing = refresh(db, current).finally(() => {
      current.refreshing = undefined;
    });
  }
  if (entry.refreshing) {
    try {
      await entry.refreshing;
    } catch {
      // A failed check keeps the snapshot we have; the next due read tries again.
    }
  }
  return entry.snapshot;
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
