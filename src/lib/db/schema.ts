/**
 * The one Drizzle schema for the whole shop (PostgreSQL dialect; runs unchanged on PGlite), one
 * file per domain under src/lib/db/schema/ and re-exported here: drizzle-kit (drizzle.config.ts)
 * and every `import * as schema` read this file.
 *
 * Conventions:
 * - Money is integer paise (`*_paise`), never floats. 1 rupee = 100 paise.
 * - Timestamps are `timestamptz`; shown in Asia/Kolkata by the presentation layer.
 * - Every customer-owned table carries `customer_id` and is always queried scoped by it.
 * - Quantities and stock are integers with CHECK constraints so the database itself refuses
 *   negative stock (the guarded update in order placement relies on it as a last line).
 */
export * from './schema/after-delivery.ts';
export * from './schema/catalog.ts';
export * from './schema/customers.ts';
export * from './schema/delivery.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
export * from './schema/shopping.ts';
export * from './schema/staff.ts';
