/**
 * Maps catalogue domain types to the JSON names the storefront's clients read.
 * Both product variants are served at once: `name`/`title`, `price` (MRP) and `offer_price`,
 * `priceWithTax`/`originalPrice`/`discountPercentage`, `image` ({url}) and `images` ([{url}]).
 * Money is in rupees with 2 decimals.
 */

import { paiseToRupees } from '#lib/money.ts';
import type { Banner, Category, ProductDetail, ProductSummary, Subcategory } from '../rules.ts';

/** A category as the spec reads it: id, title (also name), image. */
export function categoryJson(c: Category) {
  return { id: c.id, title: c.name, name: c.name, slug: c.slug, image: c.image, description: c.description };
}

/** A subcategory: id, name (also title), image (string and {url}). */
export function subcategoryJson(s: Subcategory) {
  return { id: s.id, category_id: s.categoryId, name: s.name, title: s.name, slug: s.slug, image: s.image };
}

/** A product card / list entry in both of the spec's variants. */
export function productJson(p: ProductSummary, extra: { wishlisted?: boolean } = {}) {
  const price = paiseToRupees(p.mrpPaise);
  const offer = paiseToRupees(p.pricePaise);
  return {
    id: p.id,
    name: p.name,
    title: p.name,
    slug: p.slug,
    image: { url: p.image },
    product_image: p.image,
    images: [{ url: p.image }],
    price,
    offer_price: offer,
    priceWithTax: offer,
    originalPrice: price,
    discountPercentage: p.discountPercent,
    weight: p.weight,
    weightUnit: p.weightUnit,
    unit: p.weightUnit,
    tax: { taxPercentage: p.taxPercent },
    stock: p.stock,
    in_stock: p.stock > 0,
    brand: p.brand,
    categoryA: { id: p.categoryId },
    categoryB: { id: p.subcategoryId },
    category_id: p.categoryId,
    subcategory_id: p.subcategoryId,
    wishlists: extra.wishlisted ? [{ product_id: p.id }] : [],
  };
}

/** A product detail: the card fields plus description, information, highlights, gallery. */
export function productDetailJson(p: ProductDetail, extra: { wishlisted?: boolean } = {}) {
  return {
    ...productJson(p, extra),
    sku: p.sku,
    images: p.images.map((url) => ({ url })),
    description: p.description,
    additionalInformation: p.additionalInformation,
    highlights: p.highlights,
    type: p.type,
    rating: p.rating,
    categoryA: { id: p.category.id, name: p.category.name },
    categoryB: { id: p.subcategory.id, name: p.subcategory.name },
    category_name: p.category.name,
    subcategory_name: p.subcategory.name,
  };
}

/** A home feed product (clients read id, title, price, offer_price, image). */
export const homeProductJson = productJson;

/** A search result, with the names the search mapping reads (product_id, product_name, ...). */
export function searchResultJson(p: ProductSummary & { categoryName?: string }) {
  return {
    ...productJson(p),
    product_id: p.id,
    product_name: p.name,
    category_name: p.categoryName ?? null,
  };
}

/** A banner: id, title, description, image, cta, ctaLink. */
export function bannerJson(b: Banner) {
  return { id: b.id, title: b.title, description: b.description, image: b.image, cta: b.cta, ctaLink: b.ctaLink };
}
