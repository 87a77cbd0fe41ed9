/** Delivery slot usage; part of the one schema, src/lib/db/schema.ts. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Orders holding a place in each zone's delivery slot. Taken with one conditional upsert
 * (`used < capacity`), given back when an order is cancelled, so parallel orders across server
 * processes never put more than a slot's capacity in it. Capacity comes from the zone's slot
 * template (configuration) unless staff set one for the slot (`capacity`); a slot staff closed
 * (`closed_at`) takes no new order. Both are checked by the same upsert that takes a place.
 */
export const deliverySlotUsage = pgTable(
  'delivery_slot_usage',
  {
    zoneId: text('zone_id').notNull(),
    /** "YYYY-MM-DDTHH:MM" in shop time (Asia/Kolkata). */
    slotId: text('slot_id').notNull(),
    used: integer('used').notNull().default(0),
    /** Orders the slot takes, set by staff for this one slot; null: the template's capacity. */
    capacity: integer('capacity'),
    /** When staff closed the slot to new orders; null: open (as far as staff are concerned). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.slotId] }),
    check('delivery_slot_usage_used_nonnegative', sql`${t.used} >= 0`),
    check('delivery_slot_usage_capacity_nonnegative', sql`${t.capacity} >= 0`),
  ],
);
