/**
 * Data for the catalogue's listing pages (docs/storefront-rules.md#routes): /categories, /category,
 * /categories/{id}, its all-products and subcategory views, the subcategory browser
 * /category/{id}/subcategories, /subcategory/{id} and /shop. Loaders run in the page's own
 * frontmatter (status and headers can only be set there, before streaming starts) and return
 * the HTTP status the page must answer with: 404 for an unknown id or a page number past the
 * listing's last page (the page still links to page 1), 500 (logged) when the database fails.
 * Bad sort/page values fall back to their defaults (parseListingQueryLenient).
 */

import { guardCacheHits } from '#lib/cache/route-cache.ts';
import { getConfig } from '#lib/config.ts';
import { type Database, getDb } from '#lib/db/index.ts';
import { logger } from '#lib/log.ts';
import { type ListingQuery, parseListingQueryLenient } from '../listing-query.ts';
import { type Category, isPastLastPage, type ProductPage, type Subcategory } from '../rules.ts';
import { cachedTree, listListedCategories, listListedSubcategories } from './navigation.ts';
import { CATALOG_TAG } from './page-tags.ts';
import { catalogSnapshot } from './snapshot.ts';

/** What a page answers with: status, and whether a 200 may be cached (default yes). */
export interface Outcome {
  status: 200 | 404 | 500;
  cacheable?: boolean;
  /** The most seconds the page may stay cached (e.g. until a banner starts or ends); PAGE_CACHE_SECONDS when absent. */
  maxAgeSeconds?: number | null;
}

/** The parts of `Astro` a page's outcome is applied to. */
export interface PageContext {
  response: { status?: number };
  cache: { set(options: { maxAge?: number; tags?: string[] }): void };
}

let hitsGuarded = false;

/**
 * Sets the outcome's status and puts a cacheable 200 in the route cache for PAGE_CACHE_SECONDS
 * under `tags` (page-tags.ts) and CATALOG_TAG; the route cache serves it to anonymous visitors
 * until a change to what it shows invalidates it. The first cached page also makes every hit
 * wait for the catalogue snapshot's check (at most twice a second), which invalidates what changed.
 */
export function applyOutcome(astro: PageContext, outcome: Outcome, tags: string[] = []): void {
  astro.response.status = outcome.status;
  const maxAge = Math.min(getConfig().PAGE_CACHE_SECONDS, outcome.maxAgeSeconds ?? Number.POSITIVE_INFINITY);
  if (outcome.status !== 200 || outcome.cacheable === false || maxAge <= 0) return;
  if (!hitsGuarded) {
    hitsGuarded = true;
    guardCacheHits(async () => {
      await catalogSnapshot(await getDb());
    });
  }
  astro.cache.set({ maxAge, tags: [CATALOG_TAG, ...tags] });
}

/**
 * Fills a page's data (which starts as its 404 outcome) from the database: `fill` returns true
 * when what the URL names exists (→ 200). A failure is logged as `what` with the request id and
 * path, and answers 500.
 */
async function loadInto<T extends Outcome>(
  data: T,
  what: string,
  url: URL,
  reqId: string | undefined,
  fill: (db: Database) => Promise<boolean>,
): Promise<T> {
  try {
    if (await fill(await getDb())) data.status = 200;
  } catch (err) {
    logger.error({ err, reqId, path: url.pathname }, what);
    data.status = 500;
  }
  return data;
}

/**
 * A listing found (200) but asked for a page past its last answers 404: its page still shows
 * "No Products Found" with a link to page 1, and it is never put in the route cache.
 */
function pastLastPageIsNotFound<T extends Outcome & { result: ProductPage | null }>(data: T): T {
  if (data.status === 200 && data.result && isPastLastPage(data.result)) data.status = 404;
  return data;
}

/** A route id: a positive whole number, else 0 (unknown). */
export function routeId(value: string | undefined): number {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : 0;
}

export interface CategoriesData extends Outcome {
  categories: Category[];
}

/** All categories (500 on a database failure, logged). */
export async function loadCategories(reqId?: string): Promise<CategoriesData> {
  try {
    return { status: 200, categories: await listListedCategories(await getDb()) };
  } catch (err) {
    logger.error({ err, reqId }, 'categories failed');
    return { status: 500, categories: [] };
  }
}

export interface CategoryProductsData extends Outcome {
  category: Category | null;
  /** The subcategory, or null for All (or when not found). */
  subcategory: Subcategory | null;
  all: boolean;
  query: ListingQuery;
  result: ProductPage | null;
}

/**
 * Products of a category (`subcategoryParam` 'all') or of one of its subcategories, with the
 * URL's sort and page. 404 when the category or subcategory is unknown or they do not match.
 */
export async function loadCategoryProducts(
  url: URL,
  categoryParam: string | undefined,
  subcategoryParam: string | undefined,
  reqId?: string,
): Promise<CategoryProductsData> {
  const all = subcategoryParam === 'all';
  const categoryId = routeId(categoryParam);
  const subcategoryId = all ? 0 : routeId(subcategoryParam);
  const query = parseListingQueryLenient(url);
  const data: CategoryProductsData = { status: 404, category: null, subcategory: null, all, query, result: null };
  const loaded = await loadInto(data, 'category products failed', url, reqId, async (db) => {
    data.category = categoryId ? await cachedTree.category(db, categoryId) : null;
    const sub = data.category && subcategoryId ? await cachedTree.subcategory(db, subcategoryId) : null;
    data.subcategory = sub && sub.categoryId === data.category?.id ? sub : null;
    if (!data.category || !(all || data.subcategory)) return false;
    data.result = (await catalogSnapshot(db)).listProducts({
      categoryId: data.category.id,
      subcategoryId,
      sort: query.sort,
      page: query.page,
    });
    return true;
  });
  return pastLastPageIsNotFound(loaded);
}

export interface CategoryPageData extends Outcome {
  category: Category | null;
  subcategories: Subcategory[];
}

/** /categories/{id}: the category and its subcategories (404 unknown, 500 failure). */
export async function loadCategoryPage(
  url: URL,
  categoryParam: string | undefined,
  reqId?: string,
): Promise<CategoryPageData> {
  const categoryId = routeId(categoryParam);
  const data: CategoryPageData = { status: 404, category: null, subcategories: [] };
  return loadInto(data, 'category page failed', url, reqId, async (db) => {
    data.category = categoryId ? await cachedTree.category(db, categoryId) : null;
    if (!data.category) return false;
    data.subcategories = await listListedSubcategories(db, data.category.id);
    return true;
  });
}

export interface SubcategoryBrowserData extends Outcome {
  category: Category | null;
  subcategories: Subcategory[];
  /** The selected subcategory id: the URL's when it belongs to the category, else 0 (All). */
  subcategoryId: number;
  query: ListingQuery;
  result: ProductPage | null;
}

/**
 * The subcategory browser /category/{id}/subcategories?subcategory=&sort=&page=: the category,
 * its subcategories and one page of products. A subcategory outside the category falls back to All.
 */
export async function loadSubcategoryBrowser(
  url: URL,
  categoryParam: string | undefined,
  reqId?: string,
): Promise<SubcategoryBrowserData> {
  const categoryId = routeId(categoryParam);
  const query = parseListingQueryLenient(url);
  const data: SubcategoryBrowserData = {
    status: 404,
    category: null,
    subcategories: [],
    subcategoryId: 0,
    query,
    result: null,
  };
  const loaded = await loadInto(data, 'subcategory browser failed', url, reqId, async (db) => {
    data.category = categoryId ? await cachedTree.category(db, categoryId) : null;
    if (!data.category) return false;
    data.subcategories = await listListedSubcategories(db, data.category.id);
    data.subcategoryId = data.subcategories.some((s) => s.id === query.subcategory) ? query.subcategory : 0;
    data.result = (await catalogSnapshot(db)).listProducts({
      categoryId: data.category.id,
      subcategoryId: data.subcategoryId,
      sort: query.sort,
      page: query.page,
    });
    return true;
  });
  return pastLastPageIsNotFound(loaded);
}

export interface SubcategoryGridData extends Outcome {
  /** The route id: a subcategory id, 0 for All, -1 when not a number. */
  id: number;
  subcategory: Subcategory | null;
  category: Category | null;
  query: ListingQuery;
  result: ProductPage | null;
}

/** /subcategory/{id}: one subcategory's products, or every product for id 0 (All). */
export async function loadSubcategoryGrid(
  url: URL,
  idParam: string | undefined,
  reqId?: string,
): Promise<SubcategoryGridData> {
  const raw = idParam ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : -1;
  const query = parseListingQueryLenient(url);
  const data: SubcategoryGridData = { status: 404, id, subcategory: null, category: null, query, result: null };
  const loaded = await loadInto(data, 'subcategory grid failed', url, reqId, async (db) => {
    if (id > 0) {
      data.subcategory = await cachedTree.subcategory(db, id);
      data.category = data.subcategory ? await cachedTree.category(db, data.subcategory.categoryId) : null;
    }
    if (id !== 0 && !data.subcategory) return false;
    data.result = (await catalogSnapshot(db)).listProducts({ subcategoryId: id, sort: query.sort, page: query.page });
    return true;
  });
  return pastLastPageIsNotFound(loaded);
}

export interface ShopData extends Outcome {
  query: ListingQuery;
  result: ProductPage | null;
}

/** /shop: every product with the URL's sort and page (404 past the last page; 500 on failure, logged). */
export async function loadShop(url: URL, reqId?: string): Promise<ShopData> {
  const query = parseListingQueryLenient(url);
  try {
    const result = (await catalogSnapshot(await getDb())).listProducts({ sort: query.sort, page: query.page });
    return pastLastPageIsNotFound({ status: 200, query, result });
  } catch (err) {
    logger.error({ err, reqId }, 'shop listing failed');
    return { status: 500, query, result: null };
  }
}
