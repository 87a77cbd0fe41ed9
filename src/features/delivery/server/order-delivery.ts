/**
 * An order's delivery, for place-order's transaction and the order's JSON: the zone
 * of the address (its fee, free-delivery threshold and minimum order), the slot place taken,
 * the columns stored with the order, and the place given back when the order is cancelled.
 */
import type { Database, Transaction } from '#lib/db/index.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { DeliveryPolicy } from '../delivery-fee.ts';
import { belowMinimumMessage, type Zone } from '../rules.ts';
import { describeSlot, type Slot } from '../slots.ts';
import { deliveryNow } from './clock.ts';
import { zonePolicy } from './deliver-to.ts';
import { chooseSlot, listZoneSlots, releaseSlot, type SlotChoice, takeChosenSlot } from './slot-usage.ts';
import { zoneById, zoneForPin } from './zones.ts';

/** The orders columns a delivery fills (src/lib/db/schema/orders.ts). */
export interface OrderSlotColumns {
  deliveryZoneId: string;
  deliverySlotId: string;
  deliverySlotStart: Date;
  deliverySlotEnd: Date;
}

/** The slot an order asked for, checked but not yet taken, and the columns it would store. */
export interface OrderSlotChoice {
  /** The chosen slot's columns, or (no choice) the earliest open slot's. */
  columns: OrderSlotColumns;
  choice: SlotChoice;
}

/** The delivery of one order being placed. */
export interface OrderDelivery {
  zone: Zone;
  policy: DeliveryPolicy;
  /** 422 when the subtotal (paise) is below the zone's minimum order. */
  checkMinimum(subtotalPaise: number): void;
  /**
   * Checks the chosen (or earliest open) slot without taking a place, so the order can be written
   * before the slot's row is locked; errors as slot-usage.ts chooseSlot.
   */
  chooseSlot(tx: Transaction, slotId: string | undefined): Promise<OrderSlotChoice>;
  /**
   * Takes the place (the slot's row stays locked until the transaction ends, so the order does it
   * last); answers the columns of the slot taken, which differ from the choice's when no slot was
   * chosen and the earliest one filled up meanwhile. 409 when the chosen slot (or every open one) filled up.
   */
  takeSlot(tx: Transaction, chosen: OrderSlotChoice): Promise<OrderSlotColumns>;
}

/** The orders columns of a slot of `zone`. */
const slotColumns = (zone: Zone, slot: Slot): OrderSlotColumns => ({
  deliveryZoneId: zone.id,
  deliverySlotId: slot.id,
  deliverySlotStart: slot.startsAt,
  deliverySlotEnd: slot.endsAt,
});

/** The delivery for an address's PIN code, or null when no zone serves it. */
export function orderDelivery(pin: string): OrderDelivery | null {
  const zone = zoneForPin(pin);
  if (!zone) return null;
  return {
    zone,
    policy: zonePolicy(zone),
    checkMinimum(subtotalPaise) {
      if (subtotalPaise < zone.minOrderPaise) {
        const remaining = zone.minOrderPaise - subtotalPaise;
        throw new AppError('unprocessable', belowMinimumMessage(zone.name, zone.minOrderPaise, remaining), {
          data: { min_order: zone.minOrderPaise / 100, min_order_remaining: remaining / 100 },
        });
      }
    },
    async chooseSlot(tx, slotId) {
      const choice = await chooseSlot(tx, zone, slotId, deliveryNow());
      return { choice, columns: slotColumns(zone, choice.candidates[0]!) };
    },
    async takeSlot(tx, chosen) {
      return slotColumns(zone, await takeChosenSlot(tx, zone, chosen.choice));
    },
  };
}

/** Gives a cancelled order's slot place back (no-op for an order without one). */
export async function releaseOrderSlot(
  tx: Transaction,
  row: { deliveryZoneId: string | null; deliverySlotId: string | null },
): Promise<void> {
  if (row.deliveryZoneId && row.deliverySlotId) await releaseSlot(tx, row.deliveryZoneId, row.deliverySlotId);
}

/**
 * Moves an order's place to another open slot of its zone (an undelivered order rescheduled): the
 * new place taken as an order takes one (the slot's row locked to the transaction's end), the old
 * one given back. Errors as chooseSlot: 400 a slot the zone does not offer now, 409 closed or full;
 * 409 an order without a zone.
 */
export async function moveOrderSlot(
  tx: Transaction,
  row: { deliveryZoneId: string | null; deliverySlotId: string | null },
  slotId: string,
): Promise<OrderSlotColumns> {
  const zone = row.deliveryZoneId ? zoneById(row.deliveryZoneId) : null;
  if (!zone) throw new AppError('conflict', 'This order has no delivery zone: it cannot be given a slot.');
  const choice = await chooseSlot(tx, zone, slotId, deliveryNow());
  const taken = slotColumns(zone, await takeChosenSlot(tx, zone, choice));
  await releaseOrderSlot(tx, row);
  return taken;
}

/** The open slots of an order's zone (id and label), to reschedule it to; none without a zone. */
export async function openSlotsFor(
  tx: Transaction | Database,
  zoneId: string | null,
): Promise<{ id: string; label: string; left: number }[]> {
  const zone = zoneId ? zoneById(zoneId) : null;
  if (!zone) return [];
  const slots = await listZoneSlots(tx, zone, deliveryNow());
  return slots
    .filter((s) => s.status === 'open')
    .map((s) => ({ id: s.id, label: describeSlot(s.startsAt, s.endsAt), left: s.left }));
}

/** An order's slot as the API sends it (order JSON `delivery_slot`), or null for an order without one. */
export function orderSlotJson(row: {
  deliveryZoneId: string | null;
  deliverySlotId: string | null;
  deliverySlotStart: Date | null;
  deliverySlotEnd: Date | null;
}) {
  if (!row.deliverySlotId || !row.deliverySlotStart || !row.deliverySlotEnd) return null;
  return {
    id: row.deliverySlotId,
    zone: row.deliveryZoneId ? (zoneById(row.deliveryZoneId)?.name ?? row.deliveryZoneId) : null,
    starts_at: row.deliverySlotStart.toISOString(),
    ends_at: row.deliverySlotEnd.toISOString(),
    /** e.g. "Thu 26 Nov, 7–9 AM" (shop time). */
    label: describeSlot(row.deliverySlotStart, row.deliverySlotEnd),
  };
}
