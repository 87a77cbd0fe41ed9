/**
 * One process's copy of the active catalogue: every active product once, as cards, listings and
 * the search read it (the card's fields, its type and its category names; no descriptions).
 * snapshot.ts keeps it fresh; the search (features/search/server/index-cache.ts) builds its index
 * from these same objects and shows them as its cards. A product page's details are read by key
 * and kept in a bounded cache per snapshot (`details`, product-details.ts) that every change of
 * the product evicts.
 *
 * A product object is never edited: a change replaces it (so a cache keyed by the object, such
 * as the search's card texts, is never stale). Every change gets a new `version`, and the ids it
 * touched are logged, so what is derived from the snapshot (the search index) can tell what to
 * redo.
 */

import type { ProductPage, ProductSummary, Sort } from '../rules.ts';
import { PAGE_SIZE } from '../rules.ts';
import { type ProductDetailFields, toSummary } from './catalog.ts';
import { LruCache, PRODUCT_DETAILS_CACHE_SIZE } from './product-details.ts';
import type { CategoryNames, SnapshotRow } from './snapshot-reads.ts';

/**
 * A product as cards and listings show it (the summary), with its type and its category's and
 * subcategory's names (what the search indexes and shows).
 */
export type SnapshotProduct = ProductSummary & { type: string | null; categoryName: string; subcategoryName: string };

/** Reads a product's details by id (product-details.ts `readProductDetails` with its database). */
export type DetailsReader = (id: number) => Promise<ProductDetailFields | null>;

/** Filter and paging of `CatalogSnapshot.listProducts` (the database's `listProducts` takes the same). */
export interface SnapshotQuery {
  categoryId?: number;
  subcategoryId?: number;
  sort?: Sort;
  page?: number;
  pageSize?: number;
}

/** Most logged changes kept; an older version's changes are then unknown (`changedSince` gives null). */
const MAX_LOGGED = 5_000;

const byId = (a: ProductSummary, b: ProductSummary) => a.id - b.id;
const byPriceAsc = (a: ProductSummary, b: ProductSummary) => a.pricePaise - b.pricePaise || a.id - b.id;
const byPriceDesc = (a: ProductSummary, b: ProductSummary) => b.pricePaise - a.pricePaise || a.id - b.id;

/** The ids of the categories and subcategories with a product on sale. */
export interface TaxaOnSale {
  categoryIds: ReadonlySet<number>;
  subcategoryIds: ReadonlySet<number>;
}

/** Whether two TaxaOnSale hold the same ids. */
export function sameTaxa(a: TaxaOnSale, b: TaxaOnSale): boolean {
  const same = (x: ReadonlySet<number>, y: ReadonlySet<number>) => x.size === y.size && [...x].every((id) => y.has(id));
  return same(a.categoryIds, b.categoryIds) && same(a.subcategoryIds, b.subcategoryIds);
}

/** A kept list of products and the filter it was made for (0: any); `changed`: ids to move into place. */
interface SortedList {
  categoryId: number;
  subcategoryId: number;
  list: SnapshotProduct[];
  changed?: Set<number>;
}

/** What a change touched: the ids, and the categories and subcategories they were in or are in now. */
interface Touched {
  categories: Set<number>;
  subcategories: Set<number>;
}

/** Where `product` goes in `list`, sorted by `compare`: after every product that sorts before it. */
function insertionPoint(
  list: readonly SnapshotProduct[],
  product: SnapshotProduct,
  compare: (a: ProductSummary, b: ProductSummary) => number,
): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compare(list[mid]!, product) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Most changed products moved into place in a kept list; after more, the list is sorted again. */
const MAX_MOVED = 64;

const comparator = (sort: Sort | undefined) => (sort === 'asc' ? byPriceAsc : sort === 'desc' ? byPriceDesc : byId);

/** Versions of every snapshot of this process, so that two snapshots never share one. */
let versions = 0;

/** One version of the active catalogue. Its products are shared: callers must not change them. */
export class CatalogSnapshot {
  readonly #products = new Map<number, SnapshotProduct>();
  /** Each product's stamp (µs) as last applied, active or not. */
  readonly #stamps = new Map<number, number>();
  /**
   * Sorted product lists per filter and sort (key `category:subcategory:sort`, 0 for any), made on
   * first use; a change drops the lists that may hold a product it touched, and marks the lists of
   * every product with the ids it changed, which their next use moves into place (`#list`).
   */
  #lists = new Map<string, SortedList>();
  /**
   * Related products per category, subcategory and limit (`related`): the first `limit + 1` in
   * the related order, so that any product of the subcategory can leave itself out. Dropped with
   * the lists of their category.
   */
  #related = new Map<string, SortedList>();
  /** The categories and subcategories with a product on sale, made on first use after each change. */
  #taxa: TaxaOnSale | undefined;
  #names: CategoryNames;
  /** Short strings many products share (brands, types, units, image URLs), one copy each. */
  readonly #strings = new Map<string, string>();
  /** Details of the products pages showed lately, by id (a promise, so concurrent reads share one query). */
  readonly #details: LruCache<number, Promise<ProductDetailFields | null>>;
  /** Changed ids and the version each change made, oldest first. */
  #logIds: number[] = [];
  #logVersions: number[] = [];
  /** Every change after this version is in the log. */
  #logFrom: number;
  #version: number;

  constructor(
    names: CategoryNames,
    rows: SnapshotRow[],
    { detailsCapacity = PRODUCT_DETAILS_CACHE_SIZE }: { detailsCapacity?: number } = {},
  ) {
    this.#names = names;
    this.#details = new LruCache(detailsCapacity);
    for (const row of rows) {
      this.#stamps.set(row.id, Number(row.stamp));
      if (row.isActive) this.#products.set(row.id, this.#toProduct(row));
    }
    this.#version = ++versions;
    this.#logFrom = this.#version;
  }

  /** Changes after every change of a product (a key for caches of what is derived from them). */
  get version(): number {
    return this.#version;
  }

  /** Number of active products. */
  get size(): number {
    return this.#products.size;
  }

  #intern<T extends string | null>(text: T): T {
    if (text === null || text.length > 200) return text;
    const kept = this.#strings.get(text);
    if (kept !== undefined) return kept as T;
    this.#strings.set(text, text);
    return text;
  }

  /**
   * The card's fields of `row` (toSummary's mapping) with its type and the category names, as one
   * object literal: every property in the object itself (a spread of a spread puts the last ones
   * in a separate property array: ~80 bytes more per product).
   */
  #toProduct(row: SnapshotRow): SnapshotProduct {
    const f = toSummary(row);
    return {
      id: f.id,
      name: f.name,
      slug: f.slug,
      image: this.#intern(f.image),
      pricePaise: f.pricePaise,
      mrpPaise: f.mrpPaise,
      discountPercent: f.discountPercent,
      weight: f.weight,
      weightUnit: this.#intern(f.weightUnit),
      taxPercent: f.taxPercent,
      stock: f.stock,
      categoryId: f.categoryId,
      subcategoryId: f.subcategoryId,
      brand: this.#intern(f.brand),
      type: this.#intern(row.type),
      categoryName: this.#names.categories.get(f.categoryId) ?? '',
      subcategoryName: this.#names.subcategories.get(f.subcategoryId) ?? '',
    };
  }

  /** Records a change of `ids`, which touched `touched` (see `#dropLists`), or every list ('all'). */
  #changed(ids: number[], touched: Touched | 'all'): void {
    if (ids.length === 0) return;
    this.#version = ++versions;
    this.#dropLists(ids, touched);
    this.#taxa = undefined;
    for (const id of ids) {
      // Whatever changed the product may have changed its details: the next page reads them again.
      this.#details.delete(id);
      this.#logIds.push(id);
      this.#logVersions.push(this.#version);
    }
    if (this.#logIds.length > MAX_LOGGED) {
      const drop = this.#logIds.length - MAX_LOGGED / 2;
      this.#logFrom = this.#logVersions[drop - 1]!;
      this.#logIds = this.#logIds.slice(drop);
      this.#logVersions = this.#logVersions.slice(drop);
    }
  }

  /**
   * Drops the lists and related products that may hold a product `touched` names (all for
   * 'all'); the lists of every product keep their order and are told which `ids` to move.
   */
  #dropLists(ids: number[], touched: Touched | 'all'): void {
    if (touched === 'all') {
      this.#lists = new Map();
      this.#related = new Map();
      return;
    }
    for (const [key, entry] of this.#lists) {
      if (entry.categoryId === 0 && entry.subcategoryId === 0) {
        entry.changed ??= new Set();
        for (const id of ids) entry.changed.add(id);
      } else if (touched.categories.has(entry.categoryId) || touched.subcategories.has(entry.subcategoryId))
        this.#lists.delete(key);
    }
    for (const [key, entry] of this.#related) if (touched.categories.has(entry.categoryId)) this.#related.delete(key);
  }

  /** Records that `product` is, or was, in a category and subcategory. */
  static #touch(touched: Touched, product: { categoryId: number; subcategoryId: number }): void {
    touched.categories.add(product.categoryId);
    touched.subcategories.add(product.subcategoryId);
  }

  /** Whether the snapshot already has this stamp (µs) of product `id`. */
  has(id: number, stamp: number): boolean {
    return this.#stamps.get(id) === stamp;
  }

  /** Ids of the active products (the full check compares them with the database's). */
  ids(): number[] {
    return [...this.#products.keys()];
  }

  /**
   * Applies changed rows: inactive ones leave, the others are added or replaced; rows already
   * applied are skipped (same stamp, same side: a product whose category comes back is on sale
   * again with the stamp it left with).
   */
  apply(rows: SnapshotRow[]): void {
    const changed: number[] = [];
    const touched: Touched = { categories: new Set(), subcategories: new Set() };
    for (const row of rows) {
      const stamp = Number(row.stamp);
      if (this.#stamps.get(row.id) === stamp && Boolean(row.isActive) === this.#products.has(row.id)) continue;
      this.#stamps.set(row.id, stamp);
      const before = this.#products.get(row.id);
      if (row.isActive) this.#products.set(row.id, this.#toProduct(row));
      else if (!this.#products.delete(row.id)) continue;
      if (before) CatalogSnapshot.#touch(touched, before);
      if (row.isActive) CatalogSnapshot.#touch(touched, row);
      changed.push(row.id);
    }
    this.#changed(changed, touched);
  }

  /** Drops products that are no longer active or no longer exist (the full check found them gone). */
  remove(ids: number[]): void {
    const touched: Touched = { categories: new Set(), subcategories: new Set() };
    const gone = ids.filter((id) => {
      const product = this.#products.get(id);
      if (product) CatalogSnapshot.#touch(touched, product);
      return this.#products.delete(id);
    });
    this.#changed(gone, touched);
  }

  /** Takes new category and subcategory names: products showing an old one are replaced. */
  rename(names: CategoryNames): void {
    this.#names = names;
    const changed: number[] = [];
    for (const [id, p] of this.#products) {
      const categoryName = names.categories.get(p.categoryId) ?? '';
      const subcategoryName = names.subcategories.get(p.subcategoryId) ?? '';
      if (p.categoryName === categoryName && p.subcategoryName === subcategoryName) continue;
      this.#products.set(id, { ...p, categoryName, subcategoryName });
      changed.push(id);
    }
    this.#changed(changed, 'all');
  }

  /**
   * Ids of the products changed (replaced, added or gone) after `version`, or null when the log no
   * longer reaches back that far.
   */
  changedSince(version: number): number[] | null {
    if (version < this.#logFrom) return null;
    const out: number[] = [];
    for (let i = this.#logVersions.length - 1; i >= 0 && this.#logVersions[i]! > version; i--)
      out.push(this.#logIds[i]!);
    return out;
  }

  /**
   * The categories and subcategories holding at least one product on sale (in stock or not): the
   * storefront lists only these, so a category the owner is still filling stays unlisted.
   */
  taxaOnSale(): TaxaOnSale {
    if (!this.#taxa) {
      const categoryIds = new Set<number>();
      const subcategoryIds = new Set<number>();
      for (const p of this.#products.values()) {
        categoryIds.add(p.categoryId);
        subcategoryIds.add(p.subcategoryId);
      }
      this.#taxa = { categoryIds, subcategoryIds };
    }
    return this.#taxa;
  }

  /** An active product, or null. */
  product(id: number): SnapshotProduct | null {
    return this.#products.get(id) ?? null;
  }

  /**
   * The details of active product `id` (null when it is not on sale, or its row is gone), from
   * the cache or else read with `read`. A read that a change of the product overtakes is not
   * kept (the change evicted its entry), so the next page reads the changed row.
   */
  details(id: number, read: DetailsReader): Promise<ProductDetailFields | null> {
    if (!this.#products.has(id)) return Promise.resolve(null);
    const cached = this.#details.get(id);
    if (cached) return cached;
    const reading = read(id);
    this.#details.set(id, reading);
    // A failed read is not kept: the next page tries again.
    reading.catch(() => {
      if (this.#details.holds(id, reading)) this.#details.delete(id);
    });
    return reading;
  }

  /** Number of products whose details are cached (at most the cache's capacity). */
  get detailsCached(): number {
    return this.#details.size;
  }

  /** Every active product by id (shared: a new array after each change, never an edited one). */
  products(): readonly SnapshotProduct[] {
    return this.#list(0, 0, undefined);
  }

  /**
   * The active products of a category and subcategory (0: any) in `sort`'s order. A filtered list
   * is taken from the wider one in the same order (a subcategory's from its category's, a
   * category's from every product's), which stays when a change touches another category.
   */
  #list(categoryId: number, subcategoryId: number, sort: Sort | undefined): SnapshotProduct[] {
    const key = `${categoryId}:${subcategoryId}:${sort ?? ''}`;
    const kept = this.#lists.get(key);
    if (kept && !kept.changed) return kept.list;
    let list: SnapshotProduct[];
    if (kept?.changed && kept.changed.size <= MAX_MOVED) {
      // Every product's list after a few changes: the changed products moved into place, in a new array.
      const { changed } = kept;
      const compare = comparator(sort);
      list = kept.list.filter((p) => !changed.has(p.id));
      for (const id of changed) {
        const product = this.#products.get(id);
        if (product) list.splice(insertionPoint(list, product, compare), 0, product);
      }
    } else if (subcategoryId) {
      list = this.#list(categoryId, 0, sort).filter((p) => p.subcategoryId === subcategoryId);
    } else if (categoryId) {
      list = this.#list(0, 0, sort).filter((p) => p.categoryId === categoryId);
    } else {
      list = [...this.#products.values()];
      list.sort(comparator(sort));
    }
    this.#lists.set(key, { categoryId, subcategoryId, list });
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
    const { categoryId, subcategoryId } = product;
    const key = `${categoryId}:${subcategoryId}:${limit}`;
    let first = this.#related.get(key)?.list;
    if (!first) {
      // The first limit + 1 in the related order, whichever product of the subcategory asks.
      first = [];
      const category = this.#list(categoryId, 0, undefined);
      const sameSub = this.#list(categoryId, subcategoryId, undefined);
      for (const [list, inSub, inStock] of [
        [sameSub, true, true],
        [sameSub, true, false],
        [category, false, true],
        [category, false, false],
      ] as const) {
        for (const p of list) {
          if (first.length > limit) break;
          if (p.stock > 0 === inStock && (p.subcategoryId === subcategoryId) === inSub) first.push(p);
        }
      }
      this.#related.set(key, { categoryId, subcategoryId, list: first });
    }
    return first.filter((p) => p.id !== product.id).slice(0, limit);
  }
}
