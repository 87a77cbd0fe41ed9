/**
 * The back office's products: the listing (ranked search hits first, filters), one product
 * with everything the form edits, and the edit itself.
 *
 * An edit runs in one transaction: the product's row is locked, the merged result checked
 * (price ≤ MRP, the subcategory in the category), the row updated (the database's trigger stamps
 * `updated_at`, which every server process's catalogue snapshot reads within a second and which
 * invalidates the cached pages showing the product), a stock change written to the stock ledger
 * as an `adjust` movement, and the audit entry written with the changed fields before and after.
 * This process's snapshot is told at once (`markCatalogChanged`).
 */
import { and, asc, count, eq, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { changedFields } from '#lib/changed-fields.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { categories, products, stockMovements, subcategories } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import {
  ADMIN_PRODUCT_MESSAGES,
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminProduct,
  type ProductFilter,
  type ProductPatch,
} from '../admin-rules.ts';
import { markCatalogChanged } from './snapshot.ts';

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
  stock: products.stock,
  isActive: products.isActive,
  updatedAt: products.updatedAt,
};

function toAdminProduct(r: Row): AdminProduct {
  return {
    ...r,
    weight: r.weight === null ? null : Number(r.weight),
    taxPercent: Number(r.taxPercent),
    highlights: r.highlights ?? [],
    images: r.images ?? [],
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
  /** Text typed in the search box; matched by the search engine (`rankedIds`), name and SKU. */
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
    const match = [ilike(products.name, like), eq(sql`lower(${products.sku})`, text.toLowerCase())];
    if (ranked.length) match.push(inArray(products.id, ranked));
    where.push(or(...match)!);
  }
  if (query.filter === 'out_of_stock') where.push(eq(products.stock, 0));
  if (query.filter === 'inactive') where.push(eq(products.isActive, false));
  if (query.filter === 'low_stock') where.push(lte(products.stock, query.stockAtMost ?? 0));
  const condition = where.length ? and(...where) : undefined;
  const page = Math.max(1, query.page ?? 1);
  const rank = ranked.length
    ? sql`array_position(${sql.raw(`ARRAY[${ranked.map((id) => Math.trunc(id)).join(',')}]::int[]`)}, ${products.id})`
    : null;
  const order: SQL[] = [];
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

/** One product with everything the product form edits, or null. */
export async function getAdminProduct(db: Database | Transaction, id: number): Promise<AdminProduct | null> {
  const [row] = await selectProducts(db).where(eq(products.id, id));
  return row ? toAdminProduct(row) : null;
}

/** Categories with their subcategories, for the product form's pickers. */
export async function listCategoryTree(
  db: Database,
): Promise<{ id: number; name: string; subcategories: { id: number; name: string }[] }[]> {
  const [cats, subs] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db
      .select({ id: subcategories.id, name: subcategories.name, categoryId: subcategories.categoryId })
      .from(subcategories)
      .orderBy(asc(subcategories.sortOrder), asc(subcategories.id)),
  ]);
  return cats.map((c) => ({
    ...c,
    subcategories: subs.filter((s) => s.categoryId === c.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** The audit entry's view of a product: the fields staff edit. */
function auditView(p: AdminProduct): Record<string, unknown> {
  return {
    name: p.name,
    description: p.description,
    highlights: p.highlights,
    images: p.images,
    category_id: p.categoryId,
    subcategory_id: p.subcategoryId,
    weight: p.weight,
    weight_unit: p.weightUnit,
    tax_percent: p.taxPercent,
    price_paise: p.pricePaise,
    mrp_paise: p.mrpPaise,
    stock: p.stock,
    is_active: p.isActive,
  };
}

/**
 * Applies a validated patch to product `id` (see the module comment) and returns the product as
 * it now is. Errors: 404 unknown product; 422 price above MRP, a subcategory outside the
 * category, an unknown category or subcategory.
 */
export async function updateAdminProduct(
  db: Database,
  id: number,
  patch: ProductPatch,
  actor: StaffActor,
): Promise<AdminProduct> {
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    if (!locked) throw new AppError('not_found', ADMIN_PRODUCT_MESSAGES.notFound);
    const before = (await getAdminProduct(tx, id))!;
    const price = patch.price_paise ?? before.pricePaise;
    const mrp = patch.mrp_paise ?? before.mrpPaise;
    if (price > mrp)
      throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.priceAboveMrp, {
        errors: {
          [patch.price_paise !== undefined ? 'price_paise' : 'mrp_paise']: ADMIN_PRODUCT_MESSAGES.priceAboveMrp,
        },
      });
    const categoryId = patch.category_id ?? before.categoryId;
    const subcategoryId = patch.subcategory_id ?? before.subcategoryId;
    if (patch.category_id !== undefined || patch.subcategory_id !== undefined) {
      const [cat] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
      if (!cat)
        throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.unknownCategory, {
          errors: { category_id: ADMIN_PRODUCT_MESSAGES.unknownCategory },
        });
      const [sub] = await tx
        .select({ categoryId: subcategories.categoryId })
        .from(subcategories)
        .where(eq(subcategories.id, subcategoryId));
      if (!sub)
        throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.unknownSubcategory, {
          errors: { subcategory_id: ADMIN_PRODUCT_MESSAGES.unknownSubcategory },
        });
      if (sub.categoryId !== categoryId)
        throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.subcategoryMismatch, {
          errors: { subcategory_id: ADMIN_PRODUCT_MESSAGES.subcategoryMismatch },
        });
    }
    await tx
      .update(products)
      .set({
        name: patch.name,
        description: patch.description === undefined ? undefined : patch.description || null,
        highlights: patch.highlights,
        images: patch.images,
        categoryId: patch.category_id,
        subcategoryId: patch.subcategory_id,
        weight: patch.weight,
        weightUnit: patch.weight_unit,
        taxPercent: patch.tax_percent,
        pricePaise: patch.price_paise,
        mrpPaise: patch.mrp_paise,
        stock: patch.stock,
        isActive: patch.is_active,
      })
      .where(eq(products.id, id));
    const after = (await getAdminProduct(tx, id))!;
    if (after.stock !== before.stock)
      await tx.insert(stockMovements).values({ productId: id, delta: after.stock - before.stock, reason: 'adjust' });
    const change = changedFields(auditView(before), auditView(after));
    if (Object.keys(change.after).length > 0)
      await recordAudit(tx, actor, { action: 'product.update', record: { type: 'product', id }, ...change });
    return after;
  });
  markCatalogChanged(db);
  return result;
}

/** The export's columns: the importer's (import-csv.ts), then what only the shop keeps. */
export const EXPORT_COLUMNS = [
  'sku',
  'index',
  'product',
  'category',
  'sub_category',
  'brand',
  'sale_price',
  'market_price',
  'type',
  'rating',
  'stock',
  'is_active',
  'tax_percent',
  'hsn_code',
  'weight',
  'weight_unit',
  'images',
] as const;

/** One CSV cell: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is kept from spreadsheets' formulas. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * Every product (active or not) as CSV, in SKU order, one line per product. The file goes back
 * through the importer as it is (its `sku` column names each product; the importer changes
 * names, places, brand, type, rating, pack size and prices, never stock, images or tax).
 */
export async function exportProductsCsv(db: Database): Promise<string> {
  const rows = await db
    .select({
      sku: products.sku,
      name: products.name,
      category: categories.name,
      subcategory: subcategories.name,
      brand: products.brand,
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      type: products.type,
      rating: products.rating,
      stock: products.stock,
      isActive: products.isActive,
      taxPercent: products.taxPercent,
      hsnCode: products.hsnCode,
      weight: products.weight,
      weightUnit: products.weightUnit,
      images: products.images,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .orderBy(asc(products.sku));
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const r of rows) {
    const index = /^BB-(\d{1,12})$/.exec(r.sku)?.[1] ?? '';
    lines.push(
      [
        r.sku,
        index,
        r.name,
        r.category,
        r.subcategory,
        r.brand,
        rupees(r.pricePaise),
        rupees(r.mrpPaise),
        r.type,
        r.rating,
        r.stock,
        r.isActive,
        Number(r.taxPercent),
        r.hsnCode,
        r.weight === null ? '' : Number(r.weight),
        r.weightUnit,
        (r.images ?? []).join(' '),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
