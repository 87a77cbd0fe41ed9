/**
 * The back office's product reads: the listing (the product whose SKU is the search text first,
 * then ranked search hits, filters, pages; archived products only under their own filter), one
 * product with everything the product form edits, and the category tree for the form's pickers.
 * The edit is in admin-product-update.ts; add, archive, restore and delete in
 * admin-product-lifecycle.ts; the CSV export in product-export.ts.
 */
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '#lib/db/index.ts';
import { categories, products, subcategories } from '#lib/db/schema.ts';
import type { SetupNotice } from '#lib/setup-notices.ts';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminProduct,
  looksLikeSku,
  type ProductFilter,
  type ProductsView,
} from '../admin-rules.ts';
import { searchProductIds } from '../admin-search.ts';
import { type DeclarationFields, declarationGaps, type ProductDeclarations } from '../declarations.ts';
import { DECLARATION_COLUMNS } from './declaration-columns.ts';

const columns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  slug: products.slug,
  categoryId: products.categoryId,
  categoryName: categories.name,
  subcategoryId: products.subcategoryId,
  subcategoryName: subcategories.name,
  brand: products.brand,
  description: products.description,
  highlights: products.highlights,
  images: products.images,
  weight: products.weight,
  weightUnit: products.weightUnit,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  taxPercent: products.taxPercent,
  hsnCode: products.hsnCode,
  additionalInformation: products.additionalInformation,
  stock: products.stock,
  isActive: products.isActive,
  ...DECLARATION_COLUMNS,
  archivedAt: products.archivedAt,
  updatedAt: products.updatedAt,
};

/** The declaration fields of a product as the back office reads it, as the publishing rule takes them. */
export function declarationsOf(
  p: ProductDeclarations & Pick<AdminProduct, 'weight' | 'weightUnit'>,
): DeclarationFields {
  return {
    manufacturer: p.manufacturer,
    packer: p.packer,
    importer: p.importer,
    country_of_origin: p.countryOfOrigin,
    shelf_life: p.shelfLife,
    consumer_care: p.consumerCare,
    fssai_licence: p.fssaiLicence,
    food_mark: p.foodMark,
    sold_loose: p.soldLoose,
    weight: p.weight,
    weight_unit: p.weightUnit,
  };
}

/**
 * A packaged product with a required declaration missing, as SQL (declarations.ts
 * `declarationGaps`, the same rule): the listing's "Missing declarations" filter and the setup
 * notice's count.
 */
export function lacksDeclarations(): SQL {
  const blank = (column: AnyPgColumn) => sql`coalesce(btrim(${column}), '') = ''`;
  return sql`(NOT ${products.soldLoose} AND (${blank(products.manufacturer)} OR ${blank(products.countryOfOrigin)}
    OR (lower(btrim(${products.countryOfOrigin})) NOT IN ('india', 'bharat', 'in', 'ind') AND ${blank(products.importer)})
    OR ${products.weight} IS NULL OR ${blank(products.weightUnit)} OR ${products.foodMark} IS NULL
    OR (${products.foodMark} IN ('veg', 'non_veg') AND (${blank(products.fssaiLicence)} OR ${blank(products.shelfLife)}))))`;
}

function toAdminProduct(r: Row): AdminProduct {
  const weight = r.weight === null ? null : Number(r.weight);
  return {
    ...r,
    declarationGaps: declarationGaps(declarationsOf({ ...r, weight })),
    weight,
    taxPercent: Number(r.taxPercent),
    highlights: r.highlights ?? [],
    images: r.images ?? [],
    archivedAt: r.archivedAt ? r.archivedAt.toISOString() : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

type Row = Awaited<ReturnType<typeof selectProducts>>[number];

function selectProducts(db: Database | Transaction) {
  return db
    .select(columns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId));
}

/** What the listing asks for. */
export interface AdminProductQuery {
  /**
   * Text typed in the search box; matched by the search engine (`rankedIds`), name and SKU (the
   * whole SKU, or any part of it when the text looks like a SKU: `looksLikeSku`). A product whose
   * SKU equals it (trimmed, any case) comes first, the others in their usual order.
   */
  text?: string;
  /**
   * The storefront search engine's hits for `text`, best first (active products only: the
   * engine indexes what is on sale); name and SKU matching adds inactive ones after them.
   */
  rankedIds?: number[];
  filter?: ProductFilter;
  /** With `low_stock`: stock at or below this many units. */
  stockAtMost?: number;
  page?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of products for the back office, with the total matching (see AdminProductQuery). */
export async function listAdminProducts(
  db: Database,
  query: AdminProductQuery,
): Promise<{ products: AdminProduct[]; total: number; page: number; pageSize: number }> {
  const where: SQL[] = [];
  const text = query.text?.trim();
  const ranked = query.rankedIds ?? [];
  if (text) {
    const like = `%${escapeLike(text.toLowerCase())}%`;
    // A SKU-shaped text finds the SKUs holding it (part of a SKU finds its family); words match a SKU whole.
    const sku = looksLikeSku(text) ? ilike(products.sku, like) : eq(sql`lower(${products.sku})`, text.toLowerCase());
    const match = [ilike(products.name, like), sku];
    if (ranked.length) match.push(inArray(products.id, ranked));
    where.push(or(...match)!);
  }
  where.push(query.filter === 'archived' ? isNotNull(products.archivedAt) : isNull(products.archivedAt));
  if (query.filter === 'out_of_stock') where.push(eq(products.stock, 0));
  if (query.filter === 'inactive') where.push(eq(products.isActive, false));
  if (query.filter === 'low_stock') where.push(lte(products.stock, query.stockAtMost ?? 0));
  if (query.filter === 'missing_declarations') where.push(lacksDeclarations());
  const condition = where.length ? and(...where) : undefined;
  const page = Math.max(1, query.page ?? 1);
  const rank = ranked.length
    ? sql`array_position(${sql.raw(`ARRAY[${ranked.map((id) => Math.trunc(id)).join(',')}]::int[]`)}, ${products.id})`
    : null;
  const order: SQL[] = [];
  // The product whose SKU is the text typed comes first: staff type a SKU to find that one product.
  if (text) order.push(sql`(lower(${products.sku}) = ${text.toLowerCase()}) DESC`);
  if (rank) order.push(sql`${rank} NULLS LAST`);
  if (query.filter === 'low_stock') order.push(asc(products.stock));
  order.push(asc(products.name), asc(products.id));
  const [rows, [total]] = await Promise.all([
    selectProducts(db)
      .where(condition)
      .orderBy(...order)
      .limit(ADMIN_PRODUCTS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE),
    db.select({ n: count() }).from(products).where(condition),
  ]);
  return { products: rows.map(toAdminProduct), total: total?.n ?? 0, page, pageSize: ADMIN_PRODUCTS_PAGE_SIZE };
}

/** How many search-engine hits the back office's listing ranks first. */
const ADMIN_SEARCH_HITS = 50;

/**
 * The listing of `view` (the API's GET /api/admin/products and the products page's first paint):
 * the search engine ranks a text first, except a SKU-shaped one, which matches SKUs and names as
 * typed (the fuzzy engine would answer a SKU that does not exist with unrelated products).
 */
export async function findAdminProducts(db: Database, view: ProductsView) {
  const text = view.q.trim() || undefined;
  const rankedIds = text && !looksLikeSku(text) ? await searchProductIds(db, text, ADMIN_SEARCH_HITS) : [];
  return listAdminProducts(db, {
    text,
    rankedIds,
    filter: view.filter,
    stockAtMost: view.stockAtMost,
    page: view.page,
  });
}

/** One product with everything the product form edits, or null. */
export async function getAdminProduct(db: Database | Transaction, id: number): Promise<AdminProduct | null> {
  const [row] = await selectProducts(db).where(eq(products.id, id));
  return row ? toAdminProduct(row) : null;
}

/**
 * Categories with their subcategories, for the product form's pickers, deactivated ones too
 * (`active` false), so a product in one keeps its place and the form can say it is hidden.
 */
export async function listCategoryTree(db: Database): Promise<
  {
    id: number;
    name: string;
    active: boolean;
    subcategories: { id: number; name: string; active: boolean }[];
  }[]
> {
  const [cats, subs] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, active: categories.isActive })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({
        id: subcategories.id,
        name: subcategories.name,
        active: subcategories.isActive,
        categoryId: subcategories.categoryId,
      })
      .from(subcategories)
      .orderBy(asc(subcategories.sortOrder), asc(subcategories.id)),
  ]);
  return cats.map((c) => ({
    ...c,
    subcategories: subs.filter((s) => s.categoryId === c.id).map(({ id, name, active }) => ({ id, name, active })),
  }));
}

/** Where staff complete the declarations of the products that lack them. */
export const MISSING_DECLARATIONS_PATH = '/admin/products?filter=missing_declarations';

/**
 * How many packaged products on sale (active, not archived) lack a declaration their listing
 * must show: the setup notice's count, and the command-line import's closing line.
 */
export async function countUndeclaredOnSale(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.isActive, true), isNull(products.archivedAt), lacksDeclarations()));
  return row?.n ?? 0;
}

/** The declarations the setup notice names. */
const LISTED = 'maker, origin, net quantity, food mark, FSSAI licence or shelf life';

/**
 * The back office's setup notice while products on sale lack declarations (they stay on sale;
 * the owner completes them): "N products on sale lack declarations", linking to the listing's
 * "Missing declarations" filter, for staff who manage products. One counted query.
 */

export async function declarationNotices(db: Database): Promise<SetupNotice[]> {
  const n = await countUndeclaredOnSale(db);
  if (n === 0) return [];
  return [
    {
      message:
        n === 1
          ? `1 product on sale lacks declarations (${LISTED}) that its listing must show.`
          : `${n.toLocaleString('en-IN')} products on sale lack declarations (${LISTED}) that their listings must show.`,
      link: { href: MISSING_DECLARATIONS_PATH, text: 'See the products' },
      permission: 'products.manage',
    },
  ];
}
