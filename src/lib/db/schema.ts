/**
 * The one Drizzle schema for the whole shop (PostgreSQL dialect; runs unchanged on PGlite).
 *
 * Conventions:
 * - Money is integer paise (`*_paise`), never floats. 1 rupee = 100 paise.
 * - Timestamps are `timestamptz`; shown in Asia/Kolkata by the presentation layer.
 * - Every customer-owned table carries `customer_id` and is always queried scoped by it.
 * - Quantities and stock are integers with CHECK constraints so the database itself refuses
 *   negative stock (the guarded update in order placement relies on it as a last line).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------------------------
// Catalogue
// ---------------------------------------------------------------------------------------------

/** Top-level category (spec 000 §3 Category: id, title/name, image). */
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_name_key').on(t.name), uniqueIndex('categories_slug_key').on(t.slug)],
);

/** Subcategory of one category (spec 000 §3 Subcategory). */
export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    sortOrder: integer('sort_order').notNull().default(0),
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
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'restrict' }),
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
    stock: integer('stock').notNull().default(0),
    /** Image paths (relative to the media host, or absolute URLs); the first is the cover. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    index('products_category_idx').on(t.categoryId, t.id),
    index('products_subcategory_idx').on(t.subcategoryId, t.id),
    index('products_category_price_idx').on(t.categoryId, t.pricePaise, t.id),
    index('products_subcategory_price_idx').on(t.subcategoryId, t.pricePaise, t.id),
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    /** Names in order, for one- and two-letter searches (prefix range scans). */
    index('products_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_prices_positive', sql`${t.pricePaise} >= 0 AND ${t.mrpPaise} >= 0`),
  ],
);

/** Home page banner (spec 000 §3 Banner). */
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
  createdAt: createdAt(),
});

/** A delivery area (spec 000 §1: one entry, Thrissur) with the postal codes it serves. */
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
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Signed change in units: negative for a sale, positive for a restock or cancellation. */
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['seed', 'import', 'restock', 'order', 'cancel', 'adjust'] }).notNull(),
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId)],
);

// ---------------------------------------------------------------------------------------------
// Customers, sessions, one-time passwords, throttles
// ---------------------------------------------------------------------------------------------

/** A customer account. Personal fields become null when the account is deleted. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name'),
    email: text('email'),
    /** E.164 phone number with the leading "+", e.g. +919876543210. */
    phone: text('phone'),
    pointsBalance: integer('points_balance').notNull().default(0),
    /** Credit line granted by the shop, and the part of it currently available. */
    creditLimitPaise: integer('credit_limit_paise').notNull().default(0),
    creditBalancePaise: integer('credit_balance_paise').notNull().default(0),
    /** Set when the phone was verified by OTP. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_phone_key').on(t.phone).where(sql`${t.deletedAt} IS NULL`),
    check('customers_points_nonnegative', sql`${t.pointsBalance} >= 0`),
    check('customers_credit_nonnegative', sql`${t.creditBalancePaise} >= 0`),
  ],
);

/** A login session: opaque token stored only as its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_customer_idx').on(t.customerId)],
);

/** A one-time password sent by SMS. Only the hash is stored; single use; limited tries. */
export const otps = pgTable(
  'otps',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: ['login', 'signup', 'phone_change'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong tries so far; the code dies at the configured maximum. */
    attempts: integer('attempts').notNull().default(0),
    /** Pending data the code confirms: a sign-up's name and email, a phone change's customer. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otps_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/**
 * Throttle events kept in the database so limits hold across several server processes:
 * one row per counted event (an OTP send, a wrong OTP, a request from an IP).
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    /** What is limited, e.g. 'otp_send:phone', 'otp_fail:phone', 'auth:ip'. */
    bucket: text('bucket').notNull(),
    /** Who is limited: a phone number or an IP address. */
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Cart, wishlist, addresses
// ---------------------------------------------------------------------------------------------

/** A cart line; its id is the spec's `cart_id`. One line per customer and product. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_customer_product_key').on(t.customerId, t.productId),
    check('cart_items_qty_positive', sql`${t.qty} >= 1`),
  ],
);

/** A wishlisted product. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] })],
);

/** A saved delivery address with its map pin (spec 001 §3 Address). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Label such as "home" or "work". */
    type: text('type').notNull().default('home'),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    buildingNum: text('building_num').notNull(),
    street: text('street').notNull(),
    landmark: text('landmark'),
    city: text('city').notNull(),
    /** Six-digit Indian postal code (PIN). */
    poBox: text('po_box').notNull(),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId),
    uniqueIndex('addresses_one_default_key').on(t.customerId).where(sql`${t.isDefault}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Promotions, orders, credit and points
// ---------------------------------------------------------------------------------------------

/** A promo code: percent off the subtotal inside an active window, with limits. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    description: text('description'),
    percentOff: integer('percent_off').notNull(),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Total uses allowed across all customers; null means unlimited. */
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    /** Uses allowed per customer; null means unlimited. */
    perCustomerLimit: integer('per_customer_limit'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.code),
    check('promo_codes_percent_range', sql`${t.percentOff} > 0 AND ${t.percentOff} <= 100`),
  ],
);

/** Order status state machine: placed → processed → out_for_delivery → delivered; placed → cancelled. */
export const ORDER_STATUSES = ['placed', 'processed', 'out_for_delivery', 'delivered', 'cancelled'] as const;
/** Payment modes as stored and sent (spec 001 §9: cod → Cash, card → Card, credit → Credit). */
export const PAYMENT_MODES = ['Cash', 'Card', 'Credit', 'Online'] as const;
/** Payment states of an order (see orders.paymentStatus). */
export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const;
/** Credit approval states (spec 001 §4). */
export const PAYMENT_APPROVALS = ['Due', 'Pending', 'Paid'] as const;

/**
 * An order. Money columns are the server's own figures at placement time. After account
 * deletion `customer_id` stays (for the books) but the customer row holds no personal data and
 * the address snapshot is blanked.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** Copy of the delivery address as it was when the order was placed. */
    addressSnapshot: jsonb('address_snapshot').$type<Record<string, unknown> | null>(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('placed'),
    paymentMode: text('payment_mode', { enum: PAYMENT_MODES }).notNull(),
    /**
     * unpaid (Cash/Card/Credit until settled), paid, refunded; for an online payment `pending`
     * while the gateway's charge runs (the order is reserved but not shown to the customer) and
     * `failed` when the charge was declined (the order is cancelled and its goods released).
     */
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    subtotalPaise: integer('subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    pointsRedeemed: integer('points_redeemed').notNull().default(0),
    deliveryFeePaise: integer('delivery_fee_paise').notNull().default(0),
    /** What the customer pays: subtotal − discount − points + delivery fee. */
    paidAmountPaise: integer('paid_amount_paise').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    customerNote: text('customer_note'),
    pointsEarned: integer('points_earned').notNull().default(0),
    /** When the earned points were added to the customer's balance (on delivery). */
    pointsCreditedAt: timestamp('points_credited_at', { withTimezone: true }),
    /** The payment gateway's reference for an order paid online. */
    paymentReference: text('payment_reference'),
    /** Client-chosen key: the same key from the same customer returns the same order. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 (hex) of the canonical place-order request sent with the idempotency key. */
    requestHash: text('request_hash'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    outForDeliveryAt: timestamp('out_for_delivery_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('orders_idempotency_key').on(t.customerId, t.idempotencyKey),
  ],
);

/** A line item of an order, priced and named as at placement. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productImage: text('product_image'),
    qty: integer('qty').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    totalAmountPaise: integer('total_amount_paise').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_qty_positive', sql`${t.qty} >= 1`)],
);

/** A credit transaction: an order paid with the customer's credit line, or its reversal. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['debit', 'reversal', 'repayment'] }).notNull().default('debit'),
    amountPaise: integer('amount_paise').notNull(),
    paymentApproval: text('payment_approval', { enum: PAYMENT_APPROVALS }).notNull().default('Pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('credit_transactions_customer_idx').on(t.customerId, t.createdAt)],
);

/** Points ledger: points earned on orders, redeemed at checkout, restored on cancellation. */
export const pointsTransactions = pgTable(
  'points_transactions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Signed: positive when earned or restored, negative when redeemed or revoked. */
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['earned', 'redeemed', 'restored', 'revoked', 'adjust'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('points_transactions_customer_idx').on(t.customerId)],
);
