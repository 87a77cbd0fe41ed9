/**
 * Data for the product detail page /product/{id}: the product, up to 10 related
 * products, breadcrumb, pack size and meta description: the card and related products from the
 * catalogue snapshot (./snapshot.ts), the details by key through the snapshot's bounded cache
 * (./product-details.ts: one primary-key query when not cached), and the category memos. Unknown or non-numeric id: 404; a
 * failure: 500 (logged); related products failing alone: the page still answers 200, not
 * cached, with their own message.
 */
import { getDb } from '#lib/db/index.ts';
import { logger } from '#lib/log.ts';
import { formatPaise } from '#lib/money.ts';
import type { Crumb } from '#lib/seo.ts';
import { categoryHref, type ProductDetail, type ProductSummary, packSize } from '../rules.ts';
import { type Outcome, routeId } from './listing-pages.ts';
import { cachedTree } from './navigation.ts';
import { readProductDetails } from './product-details.ts';
import { catalogSnapshot } from './snapshot.ts';

/** Related products shown under a product. */
export const PRODUCT_PAGE_RELATED = 10;

export interface ProductPageData extends Outcome {
  /** The canonical path, /product/{id}. */
  path: string;
  product: ProductDetail | null;
  related: ProductSummary[];
  relatedFailed: boolean;
  /** Home > category > subcategory > product (empty without a product). */
  crumbs: Crumb[];
  /** Pack size label, e.g. "500 g" ('' when unknown). */
  size: string;
  /** At most 160 characters: name, size, price and description. */
  metaDescription: string | undefined;
}

/** Loads /product/{idParam} (see the module comment). */
export async function loadProductPage(idParam: string | undefined, reqId?: string): Promise<ProductPageData> {
  const id = routeId(idParam);
  let product: ProductDetail | null = null;
  let related: ProductSummary[] = [];
  let failed = false;
  let relatedFailed = false;
  if (id > 0) {
    try {
      const db = await getDb();
      const snapshot = await catalogSnapshot(db);
      const found = snapshot.product(id);
      const [category, subcategory, details] = found
        ? await Promise.all([
            cachedTree.category(db, found.categoryId),
            cachedTree.subcategory(db, found.subcategoryId),
            snapshot.details(id, (key) => readProductDetails(db, key)),
          ])
        : [];
      if (found && category && subcategory && details) {
        const { type, categoryName: _c, subcategoryName: _s, ...summary } = found;
        product = {
          ...summary,
          ...details,
          type,
          category: { id: category.id, name: category.name },
          subcategory: { id: subcategory.id, name: subcategory.name },
        };
        try {
          related = snapshot.related(product, PRODUCT_PAGE_RELATED);
        } catch (err) {
          logger.error({ err, reqId, productId: id }, 'related products failed');
          relatedFailed = true;
        }
      }
    } catch (err) {
      logger.error({ err, reqId, productId: id }, 'product details failed');
      failed = true;
    }
  }
  const path = `/product/${id}`;
  const size = product ? packSize(product.weight, product.weightUnit) : '';
  return {
    status: failed ? 500 : product ? 200 : 404,
    cacheable: !relatedFailed,
    path,
    product,
    related,
    relatedFailed,
    crumbs: product
      ? [
          { name: 'Home', url: '/' },
          { name: product.category.name, url: categoryHref(product.category.id) },
          {
            name: product.subcategory.name,
            url: `${categoryHref(product.category.id)}?subcategory=${product.subcategory.id}`,
          },
          { name: product.name, url: path },
        ]
      : [],
    size,
    metaDescription: product
      ? `${product.name}${size ? ` (${size})` : ''} for ${formatPaise(product.pricePaise)}. ${product.description ?? ''}`
          .trim()
          .slice(0, 160)
      : undefined,
  };
}
