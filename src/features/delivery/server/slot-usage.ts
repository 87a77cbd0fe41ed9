/**
 * Delivery slots with their places taken. A place is taken with one conditional
 * upsert on delivery_slot_usage (`used < capacity` and not closed by staff, under the row's lock
 * until the order's transaction ends), never count-then-insert, so N parallel orders for a slot
 * of capacity C make at most C orders in it, across server processes, whatever staff change at
 * the same time (admin-slots.ts locks the same row). Cancelling an order gives its place back.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#lib/db/index.ts';
import { deliverySlotUsage } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { DELIVERY_MESSAGES, type Zone } from '../rules.ts';
import { generateSlots, type Slot, type SlotOverride } from '../slots.ts';

/** The places taken and staff's settings of the zone's slots `ids`. */
export async function readSlotState(
  db: Database | Transaction,
  zoneId: string,
  ids: string[],
): Promise<{ used: Record<string, number>; overrides: Record<string, SlotOverride> }> {
  const rows = ids.length
    ? await db
        .select({
          slotId: deliverySlotUsage.slotId,
          used: deliverySlotUsage.used,
          capacity: deliverySlotUsage.capacity,
          closedAt: deliverySlotUsage.closedAt,
        })
        .from(deliverySlotUsage)
        .where(and(eq(deliverySlotUsage.zoneId, zoneId), inArray(deliverySlotUsage.slotId, ids)))
    : [];
  return {
    used: Object.fromEntries(rows.map((r) => [r.slotId, r.used])),
    overrides: Object.fromEntries(rows.map((r) => [r.slotId, { capacity: r.capacity, closed: r.closedAt !== null }])),
  };
}

/** The zone's slots from `now` (for `days` days; the template's by default), with the places taken and staff's settings. */
export async function listZoneSlots(
  db: Database | Transaction,
  zone: Zone,
  now: Date,
  days = zone.template.days,
): Promise<Slot[]> {
  const template = { ...zone.template, days };
  const ids = generateSlots(template, now).map((s) => s.id);
  const { used, overrides } = await readSlotState(db, zone.id, ids);
  return generateSlots(template, now, used, overrides);
}

/** Takes one place in the slot, atomically; false when it is full or staff closed it. */
async function takePlace(tx: Transaction, zoneId: string, slot: Slot): Promise<boolean> {
  const taken = await tx
    .insert(deliverySlotUsage)
    .values({ zoneId, slotId: slot.id, used: 1 })
    .onConflictDoUpdate({
      target: [deliverySlotUsage.zoneId, deliverySlotUsage.slotId],
      set: { used: sql`${deliverySlotUsage.used} + 1` },
      setWhere: sql`${deliverySlotUsage.used} < coalesce(${deliverySlotUsage.capacity}, ${slot.capacity}) AND ${deliverySlotUsage.closedAt} IS NULL`,
    })
    .returning({ used: deliverySlotUsage.used });
  return taken.length > 0;
}

/**
 * The slot an order asks for, checked against the slots as they are now, before any place is
 * taken (chooseSlot reads only, so an order checks early and takes the place last).
 */
export interface SlotChoice {
  /** The slot asked for; undefined: the earliest open one with room. */
  asked: string | undefined;
  /** The slots to try, in order: the chosen one, or every open one. */
  candidates: Slot[];
}

const slotRefusal = (slotId: string | undefined, message: string) =>
  new AppError('conflict', message, { data: { delivery_slot: slotId ?? null } });

/**
 * Checks the order's slot choice without taking a place: the chosen slot, or (no choice) the open
 * slots in time order, the earliest first. Errors: 400 a slot the zone does not offer now; 409 a
 * closed or full slot, or no open slot at all (data.delivery_slot: the slot asked for).
 */
export async function chooseSlot(
  tx: Transaction,
  zone: Zone,
  slotId: string | undefined,
  now: Date,
): Promise<SlotChoice> {
  const slots = await listZoneSlots(tx, zone, now);
  if (slotId === undefined) {
    const open = slots.filter((s) => s.status === 'open');
    if (!open.length) throw slotRefusal(slotId, DELIVERY_MESSAGES.noSlots);
    return { asked: undefined, candidates: open };
  }
  const slot = slots.find((s) => s.id === slotId);
  if (!slot)
    throw new AppError('bad_request', DELIVERY_MESSAGES.slotUnknown, {
      errors: { delivery_slot: DELIVERY_MESSAGES.slotUnknown },
    });
  if (slot.status === 'closed') throw slotRefusal(slotId, `${slot.reason}. Please choose another slot.`);
  if (slot.status === 'full') throw slotRefusal(slotId, DELIVERY_MESSAGES.slotFull);
  return { asked: slotId, candidates: [slot] };
}

/**
 * Takes a place for an order in the slot it chose (chooseSlot), or (no choice) in the earliest
 * open slot that still has room; the slot's usage row stays locked until the transaction ends.
 * Errors: 409 the chosen slot filled up or was closed meanwhile, or every open slot did.
 */
export async function takeChosenSlot(tx: Transaction, zone: Zone, choice: SlotChoice): Promise<Slot> {
  for (const slot of choice.candidates) if (await takePlace(tx, zone.id, slot)) return slot;
  throw slotRefusal(choice.asked, choice.asked === undefined ? DELIVERY_MESSAGES.noSlots : DELIVERY_MESSAGES.slotFull);
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
