/**
 * The back office's product route contracts (manager and owner: `products.manage`): the listing,
 * one product with its category tree, add, edit, archive, restore and delete, the CSV export and
 * the streamed CSV import.
 * Money in paise. Browser-safe: zod only.
 */
import { z } from 'zod';
import { defineAdminRoute, positiveId } from '#lib/http/contract.ts';
import {
  MAX_PRODUCT_SEARCH,
  MAX_PRODUCTS_PAGE,
  MAX_STOCK,
  newProductSchema,
  PRODUCT_FILTERS,
  productPatchSchema,
} from './admin-rules.ts';
import { DECLARATION_GAPS, FOOD_MARKS } from './declarations.ts';

/** A product as the back office reads and edits it. Money in paise. */
export const adminProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  subcategoryId: z.number().int(),
  subcategoryName: z.string(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  highlights: z.array(z.string()),
  images: z.array(z.string()),
  weight: z.number().nullable(),
  weightUnit: z.string().nullable(),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  taxPercent: z.number(),
  hsnCode: z.string().nullable(),
  additionalInformation: z.string().nullable(),
  stock: z.number().int(),
  isActive: z.boolean(),
  manufacturer: z.string().nullable(),
  packer: z.string().nullable(),
  importer: z.string().nullable(),
  countryOfOrigin: z.string().nullable(),
  shelfLife: z.string().nullable(),
  consumerCare: z.string().nullable(),
  fssaiLicence: z.string().nullable(),
  foodMark: z.enum(FOOD_MARKS).nullable(),
  soldLoose: z.boolean(),
  /** The required declarations it lacks (ADR 0138): none for loose produce. */
  declarationGaps: z.array(z.enum(DECLARATION_GAPS)),
  /** ISO instant it was archived; null while in the catalogue. */
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
});

/**
 * The categories with their subcategories, for the product form's pickers; `active` false for a
 * deactivated one (its products are hidden from the shop), which the form marks "(hidden)".
 */
const categoryTreeSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    active: z.boolean(),
    subcategories: z.array(z.object({ id: z.number().int(), name: z.string(), active: z.boolean() })),
  }),
);

/** GET /api/admin/products: the listing (search, filters, pages). */
export const adminProductsRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/products',
  summary: 'Products for the back office: search, filters, pages',
  description:
    '`q` is matched by the storefront search engine (best first), by name and by SKU; a SKU-shaped `q` (one token with a letter, a digit and a separator, e.g. FF-FRU-01) skips the engine and matches the SKUs holding it and names, so a SKU that does not exist lists nothing; `total` counts the matches; `filter` out_of_stock, inactive or low_stock (stock at or below `stock_at_most`) leaves archived products out, `archived` shows only them; `missing_declarations` lists the packaged products lacking a required declaration (on sale or not).',
  permission: 'products.manage',
  query: z.object({
    q: z.string().trim().max(MAX_PRODUCT_SEARCH, `Search for at most ${MAX_PRODUCT_SEARCH} characters.`).optional(),
    filter: z.enum(PRODUCT_FILTERS, { error: `filter must be one of ${PRODUCT_FILTERS.join(', ')}.` }).default('all'),
    stock_at_most: z.coerce
      .number({ error: 'stock_at_most must be a whole number.' })
      .int('stock_at_most must be a whole number.')
      .min(0, 'stock_at_most cannot be negative.')
      .max(MAX_STOCK)
      .default(5),
    page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(MAX_PRODUCTS_PAGE).default(1),
  }),
  response: z.object({
    products: z.array(adminProductSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});

/** GET /api/admin/products/{id}: one product with the category tree for its form. */
export const adminProductRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/products/{id}',
  summary: 'One product for the back office, with the categories to choose from',
  permission: 'products.manage',
  params: z.object({ id: positiveId('Invalid product id.') }),
  response: z.object({ product: adminProductSchema, categories: categoryTreeSchema }),
});

/** POST /api/admin/products: adds a product (the product form's "Add product"). */
export const createAdminProductRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/products',
  summary: 'Add a product',
  description:
    'Money in paise (integers), price at or below MRP, GST one of the slabs, HSN 4, 6 or 8 digits, FSSAI licence 14 digits (spaces and hyphens are dropped). A packaged product (not `sold_loose`) added on sale needs its declarations (manufacturer, country of origin, importer when made outside India, pack size and unit, food mark, and for a food the FSSAI licence and shelf life): 400 naming each missing one on its field. 201 with the product; 422 for a SKU another product has, an unknown category or a subcategory outside it. The storefront shows an active product within a second. Audited as product.create.',
  permission: 'products.manage',
  body: newProductSchema,
  response: z.object({ product: adminProductSchema }),
});

const lifecycleParams = z.object({ id: positiveId('Invalid product id.') });

/** POST /api/admin/products/{id}/archive: takes a product off the shop, kept for its orders. */
export const archiveAdminProductRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/products/{id}/archive',
  summary: 'Archive a product: hidden from the shop and the default list, kept for old orders and invoices',
  description:
    'Also switches the product off sale. 422 when it is already archived. The storefront stops showing it within a second. Audited as product.archive.',
  permission: 'products.manage',
  params: lifecycleParams,
  response: z.object({ product: adminProductSchema }),
});

/** POST /api/admin/products/{id}/restore: brings an archived product back, off sale. */
export const restoreAdminProductRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/products/{id}/restore',
  summary: 'Restore an archived product to the catalogue, off sale until switched on',
  description: '422 when it is not archived. Audited as product.restore.',
  permission: 'products.manage',
  params: lifecycleParams,
  response: z.object({ product: adminProductSchema }),
});

/** DELETE /api/admin/products/{id}: deletes a product no order names. */
export const deleteAdminProductRoute = defineAdminRoute({
  method: 'DELETE',
  path: '/api/admin/products/{id}',
  summary: 'Delete a product that was never ordered',
  description:
    'Its cart and wishlist lines and its stock ledger go with it; home rails stop naming it. 422 when an order line names it (archive it instead). Audited as product.delete with the product as it was.',
  permission: 'products.manage',
  params: lifecycleParams,
  response: z.object({ id: z.number().int() }),
});

/** PATCH /api/admin/products/{id}: changes what is sent (inline edit or the product form). */
export const updateAdminProductRoute = defineAdminRoute({
  method: 'PATCH',
  path: '/api/admin/products/{id}',
  summary:
    'Change a product: price, MRP, stock, active, name, description, highlights, images, category, unit, pack size, tax',
  description:
    'Money in paise (integers), price at or below MRP (422 otherwise). Putting a packaged product on sale without its declarations, or opening a new gap in those of one on sale, answers 400 naming each missing declaration on its field; saving off sale is allowed. The storefront shows the change within a second on every server process. Audited with the changed fields before and after.',
  permission: 'products.manage',
  params: z.object({ id: positiveId('Invalid product id.') }),
  body: productPatchSchema,
  response: z.object({ product: adminProductSchema }),
});

/** GET /api/admin/products/export: every product as CSV. */
export const exportProductsRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/products/export',
  summary: 'Export every product as CSV (the importer takes it back)',
  description: 'Audited: each export adds a `product.exported` entry with how many products it held.',
  permission: 'products.manage',
  response: z.never(),
  produces: 'text/csv',
});

/** Largest catalogue CSV the back office's import takes, in bytes of request (20 MB). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** Most data rows the back office's import takes (the command line's has no cap). */
export const MAX_IMPORT_ROWS = 50_000;
/** Most refused rows the import's summary lists (it counts them all). */
export const MAX_IMPORT_ERRORS = 50;

/** The import's summary: what it did, and the first refused rows with their spreadsheet row, SKU and reason. */
export const importReportSchema = z.object({
  /** Products added. */
  created: z.number().int(),
  /** Products whose fields the file changed. */
  updated: z.number().int(),
  /** Rows that already matched their product. */
  unchanged: z.number().int(),
  /** Rows refused (bad cells, repeated SKU, wrong column count); `errors` lists the first of them. */
  skipped: z.number().int(),
  /** Whether the file's `stock` column was written (the "Update stock from the file" box). */
  stock_updated: z.boolean(),
  /** The first MAX_IMPORT_ERRORS refused rows, in row order. */
  errors: z
    .array(
      z.object({
        /** The row's number as a spreadsheet shows the file, the header being row 1. */
        row: z.number().int(),
        /** The row's SKU (its `sku` cell, else `BB-{index}`) when it has one. */
        sku: z.string().optional(),
        /** The product's name when the row has a short one. */
        name: z.string().optional(),
        column: z.string().optional(),
        message: z.string(),
      }),
    )
    .max(MAX_IMPORT_ERRORS),
  /**
   * Rows written off sale because the packaged product lacks a declaration it needs (added off
   * sale, or left off sale when the file switched it on); products on sale are never switched off.
   */
  held_off_sale: z.number().int(),
  /** The first MAX_IMPORT_ERRORS of them, in row order, naming the missing declarations. */
  held: z
    .array(
      z.object({
        row: z.number().int(),
        sku: z.string().optional(),
        name: z.string().optional(),
        column: z.string().optional(),
        message: z.string(),
      }),
    )
    .max(MAX_IMPORT_ERRORS),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** POST /api/admin/products/import: imports a catalogue CSV with the command line's importer. */
export const importProductsRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/products/import',
  summary: 'Import a catalogue CSV (same importer as npm run catalog:import), streaming progress',
  description:
    'A packaged product without a declaration it needs is added (or left) off sale and listed in `held`; a row that would open a gap in the declarations of a product on sale is refused. The body is the CSV file itself (`Content-Type: text/csv`, up to 20 MB), read as it arrives. The whole file is read and checked before anything is written: more than 50,000 data rows or 20 MB answers 413, a header without the required columns 422, and so does a file that is not text (a photo, a PDF, an .xlsx: "This file is not a CSV: export the products from a spreadsheet as CSV (UTF-8)."). A UTF-8 byte-order mark at the start is dropped. Otherwise answers application/x-ndjson: `{"progress":{"done":n,"total":m}}` lines while rows are written in batches, then `{"success":true,"data":{summary}}` (created, updated, unchanged and skipped counts, the first 50 refused rows with their spreadsheet row (the header is row 1), SKU, name and message) or `{"success":false,"message":…}`. The `stock` column is written only with `?update_stock=true`. Larger files: `npm run catalog:import` (no row cap).',
  permission: 'products.manage',
  maxBodyBytes: MAX_IMPORT_BYTES,
  consumes: 'text/csv',
  query: z.object({
    /** `true`: write the file's `stock` column (else it is ignored). */
    update_stock: z
      .enum(['true', 'false'], { error: 'update_stock must be true or false.' })
      .default('false')
      .transform((v) => v === 'true'),
  }),
  response: importReportSchema,
  produces: 'application/x-ndjson',
});

export const adminCatalogContracts = [
  adminProductsRoute,
  adminProductRoute,
  updateAdminProductRoute,
  createAdminProductRoute,
  archiveAdminProductRoute,
  restoreAdminProductRoute,
  deleteAdminProductRoute,
  exportProductsRoute,
  importProductsRoute,
] as const;
