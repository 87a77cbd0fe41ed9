/**
 * Catalogue: categories, subcategories, products, banners, delivery areas and the stock ledger;
 * part of the one schema, src/lib/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, updatedAt } from './columns.ts';

/** Top-level category: id, name (also answered as title), image. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Image path: relative to the media host, or an absolute http(s) URL. */
    image: text('image'),
    description: text('description'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Shown on the storefront; a deactivated category and its products are hidden, kept for old orders. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_name_key').on(t.name), uniqueIndex('categories_slug_key').on(t.slug)],
);

/** Subcategory of one category. */
export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: requiredRef('category_id', () => categories.id, 'cascade'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Shown on the storefront; a deactivated subcategory and its products are hidden. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subcategories_category_name_key').on(t.categoryId, t.name),
    index('subcategories_category_idx').on(t.categoryId, t.sortOrder),
  ],
);

/**
 * A sellable product. `price_paise` is the offer (selling) price and `mrp_paise` the maximum
 * retail price; both are tax-inclusive, as Indian retail prices are. `stock` is the number of
 * units available to sell.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** Stock keeping unit: stable external key used by imports to upsert. */
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    categoryId: requiredRef('category_id', () => categories.id, 'restrict'),
    subcategoryId: requiredRef('subcategory_id', () => subcategories.id, 'restrict'),
    brand: text('brand'),
    /** Product type from the catalogue feed (e.g. "Hair Oil & Serum"). */
    type: text('type'),
    /** Average customer rating 0–5, when known. */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    description: text('description'),
    additionalInformation: text('additional_information'),
    highlights: jsonb('highlights').$type<string[]>().notNull().default([]),
    /** Pack size, e.g. 500 with unit "g". */
    weight: numeric('weight', { precision: 10, scale: 3, mode: 'number' }),
    weightUnit: text('weight_unit'),
    mrpPaise: integer('mrp_paise').notNull(),
    pricePaise: integer('price_paise').notNull(),
    /** GST percentage included in the price, e.g. 5.00. */
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** HSN code (4, 6 or 8 digits) printed on the GST invoice, e.g. "0702" tomatoes; null when unknown. */
    hsnCode: text('hsn_code'),
    stock: integer('stock').notNull().default(0),
    /**
     * The declarations an online listing of a packaged product carries (Legal Metrology (Packaged
     * Commodities) Rules 2011, rule 6(10); FSSAI labelling): the manufacturer's name and address,
     * the packer's and the importer's when others, the country of origin, the shelf life as text
     * ("Best before 6 months from packing"), the consumer-care contact (the shop's when null), the
     * brand's FSSAI licence number (14 digits) and the food mark. The net quantity is the pack
     * size (`weight`, `weight_unit`). Null while not given. ADR 0138.
     */
    manufacturer: text('manufacturer'),
    packer: text('packer'),
    importer: text('importer'),
    countryOfOrigin: text('country_of_origin'),
    shelfLife: text('shelf_life'),
    consumerCare: text('consumer_care'),
    fssaiLicence: text('fssai_licence'),
    /** 'veg' (green mark), 'non_veg' (brown mark) or 'not_food'; null while not declared. */
    foodMark: text('food_mark', { enum: ['veg', 'non_veg', 'not_food'] }),
    /** Loose produce, weighed at packing: exempt from the packaged declarations. */
    soldLoose: boolean('sold_loose').notNull().default(false),
    /** Image paths (relative to the media host, or absolute URLs); the first is the cover. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * When the product was archived: hidden from the storefront and the back office's default
     * list, kept for the orders and invoices that name it; null while it is in the catalogue.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    index('products_category_idx').on(t.categoryId, t.id),
    index('products_subcategory_idx').on(t.subcategoryId, t.id),
    index('products_category_price_idx').on(t.categoryId, t.pricePaise, t.id),
    index('products_subcategory_price_idx').on(t.subcategoryId, t.pricePaise, t.id),
    /** /shop sorted by price: a LIMIT walks this instead of sorting every product. */
    index('products_price_idx').on(t.pricePaise, t.id),
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    /** Names in order, for one- and two-letter searches (prefix range scans). */
    index('products_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    /** Products by when they last changed: a range read of recent edits (the catalogue snapshot reads the change feed instead). */
    index('products_updated_at_idx').on(t.updatedAt),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_prices_positive', sql`${t.pricePaise} >= 0 AND ${t.mrpPaise} >= 0`),
  ],
);

/** Home page banner. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title'),
  description: text('description'),
  image: text('image').notNull(),
  /** Call-to-action button text; no button when null. */
  cta: text('cta'),
  /** Where the call-to-action goes; the storefront defaults to /shop. */
  ctaLink: text('cta_link'),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /** Shown from this moment; always when null. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
  /** Shown until this moment; no end when null. */
  endsAt: timestamp('ends_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A product rail on the home page: the products staff chose (`rule` 'chosen', `product_ids` in
 * order) or a rule the storefront applies ('deals': largest saving first; 'new': newest first;
 * 'bestsellers': most units sold lately). The home page shows the active rails by `sort_order`.
 */
export const homeRails = pgTable('home_rails', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  rule: text('rule', { enum: ['chosen', 'deals', 'new', 'bestsellers'] }).notNull(),
  productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
  /** How many products the rail shows at most. */
  productLimit: integer('product_limit').notNull().default(10),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** PostgreSQL's 64-bit transaction id (`xid8`), read as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The catalogue change feed: one row per row written to a table the storefront's catalogue pages
 * show (products, categories, subcategories, banners, home rails), inserted by triggers in the
 * writing transaction (migration 0025), so it commits or rolls back with the change. Each
 * process's catalogue snapshot reads it by `xid` (catalog/server/change-feed.ts, ADR 0146); the
 * prune job deletes rows older than a day below every open transaction.
 */
export const catalogChanges = pgTable(
  'catalog_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The writing transaction's id (`pg_current_xact_id()`): the reader's gap rule compares it with snapshots' xmin. */
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    /** The table written: 'products', 'categories', 'subcategories', 'banners' or 'home_rails'. */
    entity: text('entity').notNull(),
    /** The written row's id. */
    entityId: integer('entity_id').notNull(),
    /** 'insert', 'update' or 'delete'. */
    op: text('op', { enum: ['insert', 'update', 'delete'] }).notNull(),
    /** The columns an update changed (besides `updated_at`); null for an insert or a delete. */
    columns: text('columns').array(),
    /** When the row was written, by the database's clock (`clock_timestamp()`). */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('catalog_changes_xid_idx').on(t.xid)],
);

/** A delivery area (the shop starts with one, Thrissur) with the postal codes it serves. */
export const deliveryAreas = pgTable('delivery_areas', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Postal code prefixes served, e.g. ['680'] for Thrissur's 680xxx. */
  postalCodePrefixes: jsonb('postal_code_prefixes').$type<string[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

/** Stock ledger: every change of a product's stock with its reason, for the shop's books. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: requiredRef('product_id', () => products.id, 'cascade'),
    /**
     * Signed change in units: negative for a sale, positive for a restock or cancellation; a
     * packer's substitute gives the product ordered back and takes the substitute (`substitute`).
     */
    delta: integer('delta').notNull(),
    reason: text('reason', {
      enum: ['seed', 'import', 'restock', 'order', 'cancel', 'adjust', 'substitute'],
    }).notNull(),
    /** The order whose units these are: the sum of an order's rows per product is what it holds. */
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId),
    // A cancellation sums its order's rows.
    index('stock_movements_order_idx').on(t.orderId),
  ],
);
