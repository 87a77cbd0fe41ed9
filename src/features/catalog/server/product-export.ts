/**
 * The back office's CSV export of the catalogue: every product, one line each, in the columns the
 * importer reads back (import-csv.ts), written by the shop's one CSV writer (src/lib/csv.ts). A staff member's
 * export is written to the audit log (`product.exported`, with how many products it held).
 */
import { asc, eq } from 'drizzle-orm';
import { toCsv } from '#lib/csv.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { categories, products, subcategories } from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { DECLARATION_FIELD_NAMES } from '../declarations.ts';
import { DECLARATION_COLUMNS } from './declaration-columns.ts';

/**
 * The export's columns: the importer's (import-csv.ts reads every one back), then `stock`, which
 * the importer reads only when asked to (the upload form's "Update stock from the file" box, or
 * `--stock` on the command line). Highlights and images hold one entry per line of their cell.
 */
export const EXPORT_COLUMNS = [
  'sku',
  'index',
  'product',
  'slug',
  'category',
  'sub_category',
  'brand',
  'sale_price',
  'market_price',
  'type',
  'rating',
  'is_active',
  'archived',
  'tax_percent',
  'hsn_code',
  'weight',
  'weight_unit',
  ...DECLARATION_FIELD_NAMES,
  'description',
  'additional_information',
  'highlights',
  'images',
  'stock',
] as const;

const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * Every product (active, inactive or archived) as CSV, in SKU order, one line per product. The
 * file goes back through the importer as it is and changes nothing: every column but `stock`
 * is read back, and `stock` only when the import opts in.
 */
export async function exportProductsCsv(db: Database): Promise<string> {
  return (await productsCsv(db)).csv;
}

/**
 * The export for `actor`, with its audit entry (an export changes nothing: one insert, on `db`).
 * The rows are read from `readDb`, which may lag (a replica, getReadDb); default `db`.
 */
export async function exportProductsAsStaff(db: Database, actor: StaffActor, readDb: Database = db): Promise<string> {
  const { csv, count } = await productsCsv(readDb);
  await recordAudit(db, actor, { action: 'product.exported', after: { products: count } });
  return csv;
}

/** The CSV and how many products it holds. */
async function productsCsv(db: Database): Promise<{ csv: string; count: number }> {
  const rows = await db
    .select({
      sku: products.sku,
      name: products.name,
      slug: products.slug,
      category: categories.name,
      subcategory: subcategories.name,
      brand: products.brand,
      pricePaise: products.pricePaise,
      mrpPaise: products.mrpPaise,
      type: products.type,
      rating: products.rating,
      stock: products.stock,
      isActive: products.isActive,
      archivedAt: products.archivedAt,
      taxPercent: products.taxPercent,
      hsnCode: products.hsnCode,
      weight: products.weight,
      weightUnit: products.weightUnit,
      ...DECLARATION_COLUMNS,
      description: products.description,
      additionalInformation: products.additionalInformation,
      highlights: products.highlights,
      images: products.images,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .orderBy(asc(products.sku));
  const lines = rows.map((r) => [
    r.sku,
    /^BB-(\d{1,12})$/.exec(r.sku)?.[1] ?? '',
    r.name,
    r.slug,
    r.category,
    r.subcategory,
    r.brand,
    rupees(r.pricePaise),
    rupees(r.mrpPaise),
    r.type,
    r.rating === null ? null : Number(r.rating),
    r.isActive,
    r.archivedAt !== null,
    Number(r.taxPercent),
    r.hsnCode,
    r.weight === null ? null : Number(r.weight),
    r.weightUnit,
    r.soldLoose,
    r.manufacturer,
    r.packer,
    r.importer,
    r.countryOfOrigin,
    r.shelfLife,
    r.consumerCare,
    r.fssaiLicence,
    r.foodMark,
    r.description,
    r.additionalInformation,
    (r.highlights ?? []).join('\n'),
    (r.images ?? []).join('\n'),
    r.stock,
  ]);
  return { csv: toCsv(EXPORT_COLUMNS, lines), count: rows.length };
}
