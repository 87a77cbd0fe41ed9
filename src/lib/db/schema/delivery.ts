/** Delivery slot usage; part of the one schema, src/lib/db/schema.ts. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Orders holding a place in each zone's delivery slot. Taken with one conditional upsert
 * (`used < capacity`), given back when an order is cancelled, so parallel orders across server
 * processes never put more than a slot's capacity in it. Capacity itself is configuration.
 */
export const deliverySlotUsage = pgTable(
  'delivery_slot_usage',
  {
    zoneId: text('zone_id').notNull(),
    /** "YYYY-MM-DDTHH:MM" in shop time (Asia/Kolkata). */
    slotId: text('slot_id').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.slotId] }),
    check('delivery_slot_usage_used_nonnegative', sql`${t.used} >= 0`),
  ],
);
