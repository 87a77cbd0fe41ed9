/**
 * Catalogue reads: categories, subcategories, product pages with sort and
 * paging, product details with related products, home banners.
 *
 * Returns domain types from src/features/catalog/rules.ts with resolved image URLs. Unknown ids return
 * null (callers answer 404); nothing here throws for bad input other than AppError.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { getConfig } from '#lib/config.ts';
import type { Database } from '#lib/db/index.ts';
import { banners, categories, products, subcategories } from '#lib/db/schema.ts';
import { imageUrl } from '#lib/images.ts';
import { percentOff } from '#lib/money.ts';
import type { ProductDeclarations } from '../declarations.ts';
import {
  type Banner,
  type Category,
  cleanBannerText,
  PAGE_SIZE,
  type ProductDetail,
  type ProductPage,
  type ProductSummary,
  type Sort,
  type Subcategory,
} from '../rules.ts';
import { DECLARATION_COLUMNS } from './declaration-columns.ts';

/** A stored image value as its URL on the pages (the placeholder when none). */
export const media = (path: unknown) => imageUrl(path, getConfig().MEDIA_BASE_URL || '/media');

/** Columns every product summary needs. */
export const summaryColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  images: products.images,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  weight: products.weight,
  weightUnit: products.weightUnit,
  taxPercent: products.taxPercent,
  stock: products.stock,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
  brand: products.brand,
};

/** A product row as `summaryColumns` selects it: the summary's stored fields, images unresolved. */
type SummaryRow = Omit<ProductSummary, 'image' | 'discountPercent'> & { images: string[] };

/** Maps a product row to a ProductSummary (image resolved, discount computed). */
export function toSummary(row: SummaryRow): ProductSummary {
  return {
    id: row.id,
    name: row.name || 'Unnamed Product',
    slug: row.slug,
    image: media(row.images?.[0]),
    pricePaise: row.pricePaise,
    mrpPaise: row.mrpPaise,
    discountPercent: percentOff(row.mrpPaise, row.pricePaise),
    weight: row.weight === null ? null : Number(row.weight),
    weightUnit: row.weightUnit,
    taxPercent: Number(row.taxPercent),
    stock: row.stock,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    brand: row.brand?.trim() || null,
  };
}

/**
 * A product on sale: active and not archived (an archived product is also inactive; both are
 * read so a row set otherwise, e.g. by an import, still stays off the shop), and its category
 * and subcategory active (a deactivated one hides its products from the storefront; they stay
 * for old orders).
 */
export const onSale = (): SQL =>
  and(
    eq(products.isActive, true),
    isNull(products.archivedAt),
    sql`${products.categoryId} IN (SELECT ${categories.id} FROM ${categories} WHERE ${categories.isActive})`,
    sql`${products.subcategoryId} IN (SELECT ${subcategories.id} FROM ${subcategories} WHERE ${subcategories.isActive})`,
  )!;

const toCategory = (c: typeof categories.$inferSelect): Category => ({
  id: c.id,
  name: c.name,
  slug: c.slug,
  image: media(c.image),
  description: c.description,
});

const toSubcategory = (s: typeof subcategories.$inferSelect): Subcategory => ({
  id: s.id,
  categoryId: s.categoryId,
  name: s.name,
  slug: s.slug,
  image: media(s.image),
});

/** The active categories in display order (navigation.ts reuses them until the catalogue changes). */
export async function readCategories(db: Database): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map(toCategory);
}

/** One active category, or null. */
export async function getCategory(db: Database, id: number): Promise<Category | null> {
  const [c] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.isActive, true)));
  return c ? toCategory(c) : null;
}

/** Active subcategories of an active category in display order (empty when none, or the category is unknown or inactive). */
export async function listSubcategories(db: Database, categoryId: number): Promise<Subcategory[]> {
  const rows = await db
    .select({ s: subcategories })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(
      and(eq(subcategories.categoryId, categoryId), eq(subcategories.isActive, true), eq(categories.isActive, true)),
    )
    .orderBy(asc(subcategories.sortOrder), asc(subcategories.id));
  return rows.map((r) => toSubcategory(r.s));
}

/** One active subcategory of an active category, or null. */
export async function getSubcategory(db: Database, id: number): Promise<Subcategory | null> {
  const [r] = await db
    .select({ s: subcategories })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(and(eq(subcategories.id, id), eq(subcategories.isActive, true), eq(categories.isActive, true)));
  return r ? toSubcategory(r.s) : null;
}

/** Every active subcategory of an active category in display order (navigation.ts reuses them). */
export async function readAllSubcategories(db: Database): Promise<Subcategory[]> {
  const rows = await db
    .select({ s: subcategories })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(and(eq(subcategories.isActive, true), eq(categories.isActive, true)))
    .orderBy(asc(subcategories.sortOrder), asc(subcategories.id));
  return rows.map((r) => toSubcategory(r.s));
}

/** Filter and paging for listProducts. */
export interface ProductQuery {
  categoryId?: number;
  /** A subcategory id; undefined or 0 means all. */
  subcategoryId?: number;
  sort?: Sort;
  /** 1-based page number; pages past the end return an empty list. */
  page?: number;
  pageSize?: number;
}

/**
 * One page of active products, optionally within a category and subcategory, sorted by offer
 * price (ties by id, so paging is stable) or by id when no sort is given.
 */
export async function listProducts(db: Database, query: ProductQuery = {}): Promise<ProductPage> {
  const pageSize = Math.min(Math.max(query.pageSize ?? PAGE_SIZE, 1), 100);
  const page = Math.max(query.page ?? 1, 1);
  const where: SQL[] = [onSale()];
  if (query.categoryId) where.push(eq(products.categoryId, query.categoryId));
  if (query.subcategoryId) where.push(eq(products.subcategoryId, query.subcategoryId));
  const condition = and(...where);
  const order =
    query.sort === 'asc'
      ? [asc(products.pricePaise), asc(products.id)]
      : query.sort === 'desc'
        ? [desc(products.pricePaise), asc(products.id)]
        : [asc(products.id)];
  const [rows, total] = await Promise.all([
    db
      .select(summaryColumns)
      .from(products)
      .where(condition)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    (db.select({ total: count() }).from(products).where(condition) as Promise<{ total: number }[]>).then(
      ([r]) => r.total,
    ),
  ]);
  return {
    products: rows.map(toSummary),
    total: Number(total),
    page,
    pageSize,
    totalPages: Math.max(1, Math.ceil(Number(total) / pageSize)),
  };
}

/**
 * Related products: others from the same subcategory, then the same category, in stock before
 * out of stock, each by id; at most `limit`. Read tier by tier (same subcategory in stock, out of
 * stock, rest of the category in stock, out of stock), each an index range scan with a LIMIT
 * (products_subcategory_idx, products_category_idx), stopping once `limit` are found: usually one
 * query of ~`limit` rows, rather than ordering the whole category by a computed key, which reads
 * all of it (docs/performance.md).
 */
export async function relatedProducts(
  db: Database,
  product: { id: number; categoryId: number; subcategoryId: number },
  limit = 8,
): Promise<ProductSummary[]> {
  const tiers: SQL[] = [
    and(eq(products.subcategoryId, product.subcategoryId), gt(products.stock, 0))!,
    and(eq(products.subcategoryId, product.subcategoryId), lte(products.stock, 0))!,
    and(
      eq(products.categoryId, product.categoryId),
      ne(products.subcategoryId, product.subcategoryId),
      gt(products.stock, 0),
    )!,
    and(
      eq(products.categoryId, product.categoryId),
      ne(products.subcategoryId, product.subcategoryId),
      lte(products.stock, 0),
    )!,
  ];
  const found: SummaryRow[] = [];
  for (const tier of tiers) {
    if (found.length >= limit) break;
    const rows = await db
      .select(summaryColumns)
      .from(products)
      .where(and(tier, eq(products.categoryId, product.categoryId), ne(products.id, product.id), onSale()))
      .orderBy(asc(products.id))
      .limit(limit - found.length);
    found.push(...rows);
  }
  return found.map(toSummary);
}

/** Columns a product page needs besides the summary's (category names aside). */
export const detailColumns = {
  ...summaryColumns,
  sku: products.sku,
  description: products.description,
  additionalInformation: products.additionalInformation,
  highlights: products.highlights,
  type: products.type,
  rating: products.rating,
  ...DECLARATION_COLUMNS,
};

/** A product's details without its category names: a product page's fields. */
export type ProductFields = Omit<ProductDetail, 'category' | 'subcategory'>;

/** A product page's fields beyond the card's (ProductSummary and `type`). */
export type ProductDetailFields = Omit<ProductFields, keyof ProductSummary | 'type'>;

/** A product row's columns beyond the summary's and `type`, images unresolved. */
type DetailRow = {
  sku: string;
  images: string[] | null;
  description: string | null;
  additionalInformation: string | null;
  highlights: string[] | null;
  rating: number | null;
} & ProductDeclarations;

/**
 * Maps a row's detail columns to a product page's fields beyond the card's (images resolved, the
 * placeholder when none); `toDetailFields` and product-details.ts `readProductDetails` both use it.
 */
export function toProductDetailFields(row: DetailRow): ProductDetailFields {
  const images = (row.images ?? []).map(media);
  return {
    sku: row.sku,
    images: images.length ? images : [media(null)],
    description: row.description,
    additionalInformation: row.additionalInformation,
    highlights: row.highlights ?? [],
    rating: row.rating === null ? null : Number(row.rating),
    manufacturer: row.manufacturer,
    packer: row.packer,
    importer: row.importer,
    countryOfOrigin: row.countryOfOrigin,
    shelfLife: row.shelfLife,
    consumerCare: row.consumerCare,
    fssaiLicence: row.fssaiLicence,
    foodMark: row.foodMark,
    soldLoose: row.soldLoose,
  };
}

/** Maps a row of `detailColumns` to the product page's fields (images resolved, placeholder when none). */
export function toDetailFields(row: SummaryRow & DetailRow & { type: string | null }): ProductFields {
  return { ...toSummary(row), ...toProductDetailFields(row), type: row.type };
}

/** A product with its category names, or null when unknown or inactive. */
export async function getProduct(db: Database, id: number): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      ...detailColumns,
      categoryName: categories.name,
      subcategoryName: subcategories.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(and(eq(products.id, id), onSale()));
  if (!row) return null;
  return {
    ...toDetailFields(row),
    category: { id: row.categoryId, name: row.categoryName },
    subcategory: { id: row.subcategoryId, name: row.subcategoryName },
  };
}

/** Products by ids (e.g. for a cart), in no particular order; unknown ids are absent. */
export async function getProductSummaries(db: Database, ids: number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(summaryColumns).from(products).where(inArray(products.id, ids));
  return rows.map(toSummary);
}

/** A banner as the storefront reads it, with its window (null: open at that end). */
export type BannerWithWindow = Banner & { startsAt: Date | null; endsAt: Date | null };

/** The active banners in order, each with its window (navigation.ts keeps those showing now); the link defaults to /shop. */
export async function readActiveBanners(db: Database): Promise<BannerWithWindow[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(eq(banners.isActive, true))
    .orderBy(asc(banners.sortOrder), asc(banners.id));
  return rows.map((b) => ({
    id: b.id,
    title: cleanBannerText(b.title),
    description: cleanBannerText(b.description),
    image: media(b.image),
    cta: b.cta,
    ctaLink: b.ctaLink || '/shop',
    startsAt: b.startsAt,
    endsAt: b.endsAt,
  }));
}
