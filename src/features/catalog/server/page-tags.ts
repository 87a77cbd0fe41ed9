/**
 * The route cache's tags for catalogue pages (src/lib/cache/route-cache.ts): which pages show
 * what, and which tags a change the catalogue snapshot sees invalidates.
 *
 * - Every cached catalogue page carries CATALOG_TAG (a new product, a category edit or a reload
 *   of the snapshot invalidates them all).
 * - A product page carries its own page's tag, its product's tag, the tags of the related
 *   products it shows, and the related-products tag of its category (which products are related
 *   depends on which are active, where, and in stock).
 * - A listing within a category carries the category's tag; a listing across categories (home,
 *   /shop, /search, /subcategory/0) carries ALL_PRODUCTS_TAG.
 * A page is invalidated only by a change to what it shows. A card shows the name, image, price,
 * MRP, discount, pack size and whether the product is in stock, never how many: a change to none
 * of these (a sale that leaves the product in stock, a new description) invalidates only the
 * product's own page (which shows the quantity one may add, and the details). A change to the
 * card invalidates its product's tag, the category tags of where it was and is, and
 * ALL_PRODUCTS_TAG; when it moved, appeared, went or its stock crossed zero, also the
 * related-products tags of those categories.
 */

import type { CardProduct } from '../product-card.ts';

/** On every cached catalogue page. */
export const CATALOG_TAG = 'catalog';
/** On listings across every category (home, /shop, /search, /subcategory/0). */
export const ALL_PRODUCTS_TAG = 'products';

/** On every page that shows product `id` (its own page, related cards). */
export const productTag = (id: number) => `product:${id}`;
/** On product `id`'s own page only (its quantity and details, which no card shows). */
export const productPageTag = (id: number) => `page:${id}`;
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
  /** Whether what its card shows changed (`cardChanged`); a product that appeared or went counts as changed. */
  card: boolean;
}

/** What a product card shows (product-card.ts `CardProduct` but its id) and where: the fields `cardChanged` compares. */
export interface CardFields extends Omit<CardProduct, 'id'> {
  categoryId: number;
  subcategoryId: number;
}

/** Whether a card of `before` and one of `after` differ (null: not on sale); the quantity counts only as in or out of stock. */
export function cardChanged(before: CardFields | null | undefined, after: CardFields | null | undefined): boolean {
  if (!before || !after) return before !== after;
  return (
    before.name !== after.name ||
    before.image !== after.image ||
    before.pricePaise !== after.pricePaise ||
    before.mrpPaise !== after.mrpPaise ||
    before.discountPercent !== after.discountPercent ||
    before.weight !== after.weight ||
    before.weightUnit !== after.weightUnit ||
    before.stock > 0 !== after.stock > 0 ||
    before.categoryId !== after.categoryId ||
    before.subcategoryId !== after.subcategoryId
  );
}

/** A product's placement, or null when there is no product. */
export function placementOf(
  product: { categoryId: number; subcategoryId: number; stock: number } | null,
): Placement | null {
  return product
    ? { categoryId: product.categoryId, subcategoryId: product.subcategoryId, inStock: product.stock > 0 }
    : null;
}

/** The tags a product page shows: its own page, its product, its related products and its category's related list. */
export function productPageTags(product: { id: number; categoryId: number }, related: { id: number }[]): string[] {
  return [
    productPageTag(product.id),
    productTag(product.id),
    ...related.map((p) => productTag(p.id)),
    relatedTag(product.categoryId),
  ];
}

/** The tags to invalidate for `changes`; `everything` (categories or the product set changed) adds CATALOG_TAG. */
export function changeTags(changes: ProductChange[], everything = false): Set<string> {
  const tags = new Set<string>();
  if (everything) tags.add(CATALOG_TAG);
  for (const { id, before, after, card } of changes) {
    tags.add(productPageTag(id));
    if (!card) continue;
    tags.add(ALL_PRODUCTS_TAG);
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
