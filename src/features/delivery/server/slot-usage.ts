/**
 * Delivery slots with their places taken. A place is taken with one conditional
 * upsert on delivery_slot_usage (`used < capacity`, under the row's lock until the order's
 * transaction ends), never count-then-insert, so N parallel orders for a slot of capacity C make
 * at most C orders in it, across server processes. Cancelling an order gives its place back.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#lib/db/index.ts';
import { deliverySlotUsage } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { DELIVERY_MESSAGES, type Zone } from '../rules.ts';
import { generateSlots, type Slot } from '../slots.ts';

/** The zone's slots from `now`, with the places taken so far. */
export async function listZoneSlots(db: Database | Transaction, zone: Zone, now: Date): Promise<Slot[]> {
  const ids = generateSlots(zone.template, now).map((s) => s.id);
  const rows = await db
    .select({ slotId: deliverySlotUsage.slotId, used: deliverySlotUsage.used })
    .from(deliverySlotUsage)
    .where(and(eq(deliverySlotUsage.zoneId, zone.id), inArray(deliverySlotUsage.slotId, ids)));
  return generateSlots(zone.template, now, Object.fromEntries(rows.map((r) => [r.slotId, r.used])));
}

/** Takes one place in the slot, atomically; false when it is already full. */
async function takePlace(tx: Transaction, zoneId: string, slot: Slot): Promise<boolean> {
  const taken = await tx
    .insert(deliverySlotUsage)
    .values({ zoneId, slotId: slot.id, used: 1 })
    .onConflictDoUpdate({
      target: [deliverySlotUsage.zoneId, deliverySlotUsage.slotId],
      set: { used: sql`${deliverySlotUsage.used} + 1` },
      setWhere: sql`${deliverySlotUsage.used} < ${slot.capacity}`,
    })
    .returning({ used: deliverySlotUsage.used });
  return taken.length > 0;
}

/**
 * Takes a place for an order in the chosen slot, or (no choice) in the earliest open slot that
 * has room. Errors: 400 a slot the zone does not offer now; 409 a closed or full slot, or no open
 * slot at all (data.slots: the slots as they are now).
 */
export async function takeSlot(tx: Transaction, zone: Zone, slotId: string | undefined, now: Date): Promise<Slot> {
  const slots = generateSlots(zone.template, now);
  const refuse = (message: string) => new AppError('conflict', message, { data: { delivery_slot: slotId ?? null } });
  if (slotId === undefined) {
    for (const slot of slots.filter((s) => s.status === 'open')) if (await takePlace(tx, zone.id, slot)) return slot;
    throw refuse(DELIVERY_MESSAGES.noSlots);
  }
  const slot = slots.find((s) => s.id === slotId);
  if (!slot)
    throw new AppError('bad_request', DELIVERY_MESSAGES.slotUnknown, {
      errors: { delivery_slot: DELIVERY_MESSAGES.slotUnknown },
    });
  if (slot.status === 'closed') throw refuse(`${slot.reason}. Please choose another slot.`);
  if (!(await takePlace(tx, zone.id, slot))) throw refuse(DELIVERY_MESSAGES.slotFull);
  return slot;
}

/** Gives an order's place in its slot back (cancellation, declined payment). */
export async function releaseSlot(tx: Transaction, zoneId: string, slotId: string): Promise<void> {
  await tx
    .update(deliverySlotUsage)
    .set({ used: sql`${deliverySlotUsage.used} - 1` })
    .where(
      and(
        eq(deliverySlotUsage.zoneId, zoneId),
        eq(deliverySlotUsage.slotId, slotId),
        sql`${deliverySlotUsage.used} > 0`,
      ),
    );
}
