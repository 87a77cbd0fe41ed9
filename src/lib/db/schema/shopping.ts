/**
 * What a customer keeps between visits: cart lines, wishlisted products, saved addresses; part of
 * the one schema, src/lib/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { createdAt, requiredRef, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

/** What to do with an out-of-stock item; the same list as features/cart/substitution.ts SUBSTITUTIONS. */
export const SUBSTITUTIONS = ['replace', 'refund', 'call'] as const;

/** A cart line; its id is the spec's `cart_id`. One line per customer and product. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    customerId: requiredRef('customer_id', () => customers.id, 'cascade'),
    productId: requiredRef('product_id', () => products.id, 'cascade'),
    qty: integer('qty').notNull(),
    /** If out of stock: replace, refund or call (features/cart/substitution.ts); null = the order's choice. */
    substitution: text('substitution', { enum: SUBSTITUTIONS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cart_items_customer_product_key').on(t.customerId, t.productId),
    check('cart_items_qty_positive', sql`${t.qty} >= 1`),
    check('cart_items_substitution_valid', sql`${t.substitution} IN ('replace', 'refund', 'call')`),
  ],
);

/** A wishlisted product. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    customerId: requiredRef('customer_id', () => customers.id, 'cascade'),
    productId: requiredRef('product_id', () => products.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] })],
);

/** A saved delivery address with its map pin. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: requiredRef('customer_id', () => customers.id, 'cascade'),
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
