/**
 * The back office's CSV export of the catalogue: every product, one line each, in the columns the
 * importer reads back (import-csv.ts) followed by what only the shop keeps. A staff member's
 * export is written to the audit log (`product.exported`, with how many products it held).
 */
import { asc, eq } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { categories, products, subcategories } from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';

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
  return (await productsCsv(db)).csv;
}

/** The export for `actor`, with its audit entry (an export changes nothing: one insert). */
export async function exportProductsAsStaff(db: Database, actor: StaffActor): Promise<string> {
  const { csv, count } = await productsCsv(db);
  await recordAudit(db, actor, { action: 'product.exported', after: { products: count } });
  return csv;
}

/** The CSV and how many products it holds. */
async function productsCsv(db: Database): Promise<{ csv: string; count: number }> {
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
  return { csv: `${lines.join('\r\n')}\r\n`, count: rows.length };
}
