/**
 * The back office's slots: every zone's slots for the next ADMIN_SLOT_DAYS days with capacity,
 * booked and left; closing and reopening one slot; changing one slot's capacity.
 *
 * What staff set lives in the slot's delivery_slot_usage row (`capacity`, `closed_at`), the row
 * an order's place is taken on (slot-usage.ts). A change locks that row first, so an order taking
 * a place and a capacity change never cross: a capacity below the orders booked is refused,
 * booked orders always keep their place, and the change is audited in its transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { deliverySlotUsage } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { ADMIN_SLOT_DAYS, ADMIN_SLOT_MESSAGES } from '../rules.ts';
import type { Slot } from '../slots.ts';
import { deliveryNow } from './clock.ts';
import { listZoneSlots } from './slot-usage.ts';
import { deliveryConfig, zoneById } from './zones.ts';

/** One zone's slots as staff see them. */
export interface AdminZoneSlots {
  zoneId: string;
  zoneName: string;
  slots: Slot[];
}

/** Every zone's slots for the next ADMIN_SLOT_DAYS days (today included), with what staff set. */
export async function listAdminSlots(db: Database, now = deliveryNow()): Promise<AdminZoneSlots[]> {
  const out: AdminZoneSlots[] = [];
  for (const zone of deliveryConfig().zones)
    out.push({ zoneId: zone.id, zoneName: zone.name, slots: await listZoneSlots(db, zone, now, ADMIN_SLOT_DAYS) });
  return out;
}

/** The zone and slot staff named, or 404 (a zone not configured, a slot not in its next days). */
async function findSlot(tx: Transaction, zoneId: string, slotId: string, now: Date): Promise<Slot> {
  const zone = zoneById(zoneId);
  if (!zone) throw new AppError('not_found', ADMIN_SLOT_MESSAGES.unknownZone);
  const slot = (await listZoneSlots(tx, zone, now, ADMIN_SLOT_DAYS)).find((s) => s.id === slotId);
  if (!slot) throw new AppError('not_found', ADMIN_SLOT_MESSAGES.unknownSlot);
  return slot;
}

/** Makes sure the slot has its row, then locks it; returns the row. */
async function lockRow(tx: Transaction, zoneId: string, slotId: string) {
  await tx.insert(deliverySlotUsage).values({ zoneId, slotId, used: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(deliverySlotUsage)
    .where(and(eq(deliverySlotUsage.zoneId, zoneId), eq(deliverySlotUsage.slotId, slotId)))
    .for('update');
  return row!;
}

const slotKey = (zoneId: string, slotId: string) => `${zoneId}/${slotId}`;

/**
 * Sets how many orders one slot takes. Errors: 404 unknown zone or slot; 422 below the orders
 * booked in it (data.booked). Returns the slot as it now is.
 */
export async function setSlotCapacity(
  db: Database,
  zoneId: string,
  slotId: string,
  capacity: number,
  actor: StaffActor,
  now = deliveryNow(),
): Promise<Slot> {
  return db.transaction(async (tx) => {
    const slot = await findSlot(tx, zoneId, slotId, now);
    const row = await lockRow(tx, zoneId, slotId);
    if (capacity < row.used)
      throw new AppError('unprocessable', ADMIN_SLOT_MESSAGES.belowBooked(row.used), {
        errors: { capacity: ADMIN_SLOT_MESSAGES.belowBooked(row.used) },
        data: { booked: row.used },
      });
    if (capacity !== slot.capacity) {
      await tx
        .update(deliverySlotUsage)
        .set({ capacity })
        .where(and(eq(deliverySlotUsage.zoneId, zoneId), eq(deliverySlotUsage.slotId, slotId)));
      await recordAudit(tx, actor, {
        action: 'slot.capacity',
        record: { type: 'delivery_slot', id: slotKey(zoneId, slotId) },
        before: { capacity: slot.capacity, booked: row.used },
        after: { capacity, booked: row.used },
      });
    }
    return findSlot(tx, zoneId, slotId, now);
  });
}

/**
 * Closes a slot to new orders (`closed` true) or reopens it; orders in it keep their place.
 * Errors: 404 unknown zone or slot. Returns the slot as it now is.
 */
export async function setSlotClosed(
  db: Database,
  zoneId: string,
  slotId: string,
  closed: boolean,
  actor: StaffActor,
  now = deliveryNow(),
): Promise<Slot> {
  return db.transaction(async (tx) => {
    await findSlot(tx, zoneId, slotId, now);
    const row = await lockRow(tx, zoneId, slotId);
    if ((row.closedAt !== null) !== closed) {
      await tx
        .update(deliverySlotUsage)
        .set({ closedAt: closed ? sql`now()` : null })
        .where(and(eq(deliverySlotUsage.zoneId, zoneId), eq(deliverySlotUsage.slotId, slotId)));
      await recordAudit(tx, actor, {
        action: closed ? 'slot.close' : 'slot.reopen',
        record: { type: 'delivery_slot', id: slotKey(zoneId, slotId) },
        before: { closed: !closed },
        after: { closed },
      });
    }
    return findSlot(tx, zoneId, slotId, now);
  });
}
