/**
 * Catalogue domain types shared by server and islands, and the browsing constants
 * (docs/storefront-rules.md#listings). Services return these shapes, never database rows; API
 * routes map them to the spec's JSON names in src/features/catalog/server/catalog-json.ts.
 */

import type { ProductDeclarations } from './declarations.ts';

export { packSize } from '#lib/unit-price.ts';
export * from './card-classes.ts';
export { type ListingState, listingHref, type PaginationItem, paginationItems } from './pagination.ts';
export {
  type CardOptions,
  type CardProduct,
  cardProductFromJson,
  productCard,
  wishlistHeart,
} from './product-card.ts';

/** A category's page: its subcategories and products (the spec's `/category/{id}/subcategories`). */
export const categoryHref = (id: number) => `/category/${id}/subcategories`;

/** Subcategory browser page size. */
export const PAGE_SIZE = 10;
/** Home page product grid size. */
export const HOME_PRODUCT_LIMIT = 10;
/** Sort orders of the subcategory browser: by offer price ascending or descending. */
export const SORTS = ['asc', 'desc'] as const;
export type Sort = (typeof SORTS)[number];
/** Sort option labels. */
export const SORT_LABELS: Record<Sort, string> = { asc: 'Price: Low to High', desc: 'Price: High to Low' };

export interface Category {
  id: number;
  name: string;
  slug: string;
  /** Resolved image URL (placeholder when missing). */
  image: string;
  description: string | null;
}

export interface Subcategory {
  id: number;
  categoryId: number;
  name: string;
  slug: string;
  image: string;
}

/** A product as listed on cards and in search results. Prices are tax-inclusive paise. */
export interface ProductSummary {
  id: number;
  name: string;
  slug: string;
  /** Resolved cover image URL. */
  image: string;
  pricePaise: number;
  mrpPaise: number;
  /** Rounded percent off (0 when none). */
  discountPercent: number;
  weight: number | null;
  weightUnit: string | null;
  taxPercent: number;
  stock: number;
  categoryId: number;
  subcategoryId: number;
  brand: string | null;
}

/** A product with everything the detail page shows, its declarations (declarations.ts) included. */
export interface ProductDetail extends ProductSummary, ProductDeclarations {
  sku: string;
  /** Resolved image URLs, cover first; at least one (the placeholder). */
  images: string[];
  description: string | null;
  additionalInformation: string | null;
  highlights: string[];
  type: string | null;
  rating: number | null;
  category: { id: number; name: string };
  subcategory: { id: number; name: string };
}

/** A home page banner. */
export interface Banner {
  id: number;
  title: string;
  description: string;
  image: string;
  cta: string | null;
  /** Where the call-to-action goes: the banner's link, default /shop. */
  ctaLink: string;
}

/** One page of products. */
export interface ProductPage {
  products: ProductSummary[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/**
 * A page number beyond the listing's last page: there are products, none on this page. The page
 * answers 404 (with a link to page 1), so crawlers and caches do not keep an empty page.
 */
export function isPastLastPage(page: Pick<ProductPage, 'total' | 'products'>): boolean {
  return page.total > 0 && page.products.length === 0;
}

/** The listing's item count: "1 Item" or "N Items". */
export function itemCountLabel(n: number): string {
  return `${n} ${n === 1 ? 'Item' : 'Items'}`;
}

/** A banner title or description made only of the letter b and digits ("b12") is blanked. */
export function cleanBannerText(text: string | null | undefined): string {
  if (!text) return '';
  return /^b\d+$/i.test(text.trim()) ? '' : text;
}

/** Texts of the category picker. */
export const CATEGORY_MESSAGES = {
  failed: 'Failed to load categories. Please try again later.',
} as const;

/** Wishlist texts shared by the server and the store. */
export const WISHLIST_MESSAGES = {
  added: 'Product added to wishlist successfully!',
  removed: 'Product removed from wishlist successfully',
  failed: 'Failed to add product to wishlist. Please try again.',
} as const;
