/**
 * Data for the pages that share a view under /category and /categories. Loaders run in the
 * page's own frontmatter (status and headers can only be set there, before streaming starts)
 * and return the HTTP status the page must answer with.
 */
import { getDb } from '../../../lib/db/index.ts';
import { getCategory, getSubcategory, listCategories, listProducts } from './catalog.ts';
import { parseListingQueryLenient, type ListingQuery } from '../listing-query.ts';
import { CATALOG_CACHE } from '../../../lib/cache/cache-control.ts';
import { logger } from '../../../lib/log.ts';
import type { Category, ProductPage, Subcategory } from '../rules.ts';

/** What a page answers with: status, and the cache header on success. */
interface Outcome {
  status: 200 | 404 | 500;
}

/** Sets the outcome's status and, for 200, the public catalogue cache header. */
export function applyOutcome(response: { status: number; headers: Headers }, outcome: Outcome): void {
  response.status = outcome.status;
  if (outcome.status === 200) response.headers.set('cache-control', CATALOG_CACHE['cache-control']);
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
    return { status: 200, categories: await listCategories(await getDb()) };
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
export async function loadCategoryProducts(url: URL, categoryParam: string | undefined, subcategoryParam: string | undefined, reqId?: string): Promise<CategoryProductsData> {
  const all = subcategoryParam === 'all';
  const categoryId = routeId(categoryParam);
  const subcategoryId = all ? 0 : routeId(subcategoryParam);
  const query = parseListingQueryLenient(url);
  const data: CategoryProductsData = { status: 404, category: null, subcategory: null, all, query, result: null };
  try {
    const db = await getDb();
    data.category = categoryId ? await getCategory(db, categoryId) : null;
    const sub = data.category && subcategoryId ? await getSubcategory(db, subcategoryId) : null;
    data.subcategory = sub && sub.categoryId === data.category?.id ? sub : null;
    if (data.category && (all || data.subcategory)) {
      data.result = await listProducts(db, { categoryId: data.category.id, subcategoryId, sort: query.sort, page: query.page });
      data.status = 200;
    }
  } catch (err) {
    logger.error({ err, reqId, path: url.pathname }, 'category products failed');
    data.status = 500;
  }
  return data;
}
