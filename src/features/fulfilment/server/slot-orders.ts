/**
 * A delivery slot's orders as picking and packing see them: the orders still to pick (placed or
 * processed; an online order awaiting its payment or released unpaid is neither) of a day's slot
 * in every zone, found through the orders' slot start index (one day's range) then by slot id; a
 * version that moves when one of them changes; the slot's label; the slot windows staff choose
 * from; and a pack size as people read it.
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { deliveryConfig, describeSlot, shopInstant, windowLabel } from '#features/delivery/index.ts';
import type { Database } from '#lib/db/index.ts';
import { orders } from '#lib/db/schema.ts';
import type { SlotQuery } from '../rules.ts';
import { ordersVersion } from './orders-version.ts';

const DAY_MS = 86_400_000;
/** Statuses whose goods are still to be picked and packed. */
const TO_PICK = ['placed', 'processed'] as const;

/** The orders of a day's slot (every zone) that are still to pick. */
export function slotOrders(query: SlotQuery) {
  const from = shopInstant(query.date, '00:00');
  return and(
    gte(orders.deliverySlotStart, from),
    lt(orders.deliverySlotStart, new Date(from.getTime() + DAY_MS)),
    eq(orders.deliverySlotId, query.slotId),
    inArray(orders.status, [...TO_PICK]),
  );
}

/** "7–9 AM" on a day, from the zones' templates (the first zone that has a window starting then). */
export function slotLabel(query: SlotQuery): string {
  const start = query.slotId.slice(11);
  for (const zone of deliveryConfig().zones) {
    const w = zone.template.windows.find((x) => x.start === start);
    if (w) return describeSlot(shopInstant(query.date, w.start), shopInstant(query.date, w.end));
  }
  return `${query.date} ${start}`;
}

/** A pack size for people: 500 "g" → "500 g"; null without one. */
export function packText(weight: number | null, unit: string | null): string | null {
  if (weight === null || weight === undefined) return unit || null;
  return `${Number(weight)}${unit ? ` ${unit}` : ''}`;
}

/**
 * A short text that moves whenever an order of the slot is placed or changes (ordersVersion: the
 * database's row versions, not a server's clock): the picking list is worked out again only when it moves.
 */
export async function slotVersion(db: Database, query: SlotQuery): Promise<string> {
  const from = shopInstant(query.date, '00:00');
  return ordersVersion(
    db,
    and(
      gte(orders.deliverySlotStart, from),
      lt(orders.deliverySlotStart, new Date(from.getTime() + DAY_MS)),
      eq(orders.deliverySlotId, query.slotId),
    ),
  );
}

/** The slot windows staff choose from: every zone's window starts, once each, in time order. */
export function slotChoices(): { start: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const zone of deliveryConfig().zones)
    for (const w of zone.template.windows) if (!seen.has(w.start)) seen.set(w.start, windowLabel(w.start, w.end));
  return [...seen].sort(([a], [b]) => a.localeCompare(b)).map(([start, label]) => ({ start, label }));
}
