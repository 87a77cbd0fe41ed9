/**
 * The route cache's tags for catalogue pages (src/lib/cache/route-cache.ts): which pages show
 * what, and which tags a change the catalogue snapshot sees invalidates.
 *
 * - Every cached catalogue page carries CATALOG_TAG (a new product, a category edit or a reload
 *   of the snapshot invalidates them all).
 * - A product page carries its product's tag, the tags of the related products it shows, and
 *   the related-products tag of its category (which products are related depends on which are
 *   active, where, and in stock).
 * - A listing within a category carries the category's tag; a listing across categories (home,
 *   /shop, /search, /subcategory/0) carries ALL_PRODUCTS_TAG.
 * A changed product invalidates its own tag, the category tags of where it was and is, and
 * ALL_PRODUCTS_TAG; when it moved, appeared, went or its stock crossed zero, also the
 * related-products tags of those categories.
 */

/** On every cached catalogue page. */
export const CATALOG_TAG = 'catalog';
/** On listings across every category (home, /shop, /search, /subcategory/0). */
export const ALL_PRODUCTS_TAG = 'products';

/** On every page that shows product `id` (its own page, related cards). */
export const productTag = (id: number) => `product:${id}`;
/** On every listing of category `id`'s products (any subcategory, sort or page). */
export const categoryTag = (id: number) => `category:${id}`;
/** On every product page of category `id` (its related products are drawn from the category). */
export const relatedTag = (id: number) => `related:${id}`;

/** Where a product sits, as far as the pages that list it care. */
export interface Placement {
  categoryId: number;
  subcategoryId: number;
  inStock: boolean;
}

/** A product as the snapshot had it before a check and has it after (null: not on sale). */
export interface ProductChange {
  id: number;
  before: Placement | null;
  after: Placement | null;
}

/** A product's placement, or null when there is no product. */
export function placementOf(
  product: { categoryId: number; subcategoryId: number; stock: number } | null,
): Placement | null {
  return product
    ? { categoryId: product.categoryId, subcategoryId: product.subcategoryId, inStock: product.stock > 0 }
    : null;
}

/** The tags a product page shows: its product, its related products and its category's related list. */
export function productPageTags(product: { id: number; categoryId: number }, related: { id: number }[]): string[] {
  return [productTag(product.id), ...related.map((p) => productTag(p.id)), relatedTag(product.categoryId)];
}

/** The tags to invalidate for `changes`; `everything` (categories or the product set changed) adds CATALOG_TAG. */
export function changeTags(changes: ProductChange[], everything = false): Set<string> {
  const tags = new Set<string>();
  if (everything) tags.add(CATALOG_TAG);
  if (changes.length > 0) tags.add(ALL_PRODUCTS_TAG);
  for (const { id, before, after } of changes) {
    tags.add(productTag(id));
    const moved =
      !before ||
      !after ||
      before.categoryId !== after.categoryId ||
      before.subcategoryId !== after.subcategoryId ||
      before.inStock !== after.inStock;
    for (const place of [before, after]) {
      if (!place) continue;
      tags.add(categoryTag(place.categoryId));
      if (moved) tags.add(relatedTag(place.categoryId));
    }
  }
  return tags;
}

/** The tags of a listing: a category's products, or (no category) products across every category. */
export function listingTags(categoryId?: number | null): string[] {
  return categoryId ? [categoryTag(categoryId)] : [ALL_PRODUCTS_TAG];
}
