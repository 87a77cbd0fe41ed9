/**
 * The board's slots, assembled from what readBoard read: every window of every zone's template on
 * both days (whether or not it still takes orders), plus any slot no longer in the configuration
 * that still has orders; each with its capacity, counts per status, matching count and listed
 * orders; sorted by slot, then zone name. Pure.
 */

import { deliveryConfig, windowLabel } from '#features/delivery/index.ts';
import { type OrderRow, type OrderStatus, UNPAID_STATUSES } from '#features/orders/index.ts';
import { ORDER_STATUSES } from '#lib/db/schema.ts';

/** The statuses every slot counts: the shop's orders'. */
const SHOP_STATUSES = ORDER_STATUSES.filter((s) => !(UNPAID_STATUSES as readonly string[]).includes(s));

/** A slot's key on the board and in BoardFilter.open: "zone|slotId". */
export const slotKey = (zoneId: string | null, slotId: string | null) => `${zoneId ?? ''}|${slotId ?? ''}`;

/** An order as the board lists it. */
export interface BoardOrder {
  id: number;
  status: OrderStatus;
  paymentMode: OrderRow['paymentMode'];
  paymentStatus: OrderRow['paymentStatus'];
  paidAmountPaise: number;
  customerName: string | null;
  customerPhone: string | null;
  zoneId: string | null;
  slotId: string | null;
  slotLabel: string | null;
  itemCount: number;
  riderName: string | null;
  createdAt: Date;
  /** The gateway payment could not be accepted (amount or currency): see the order. */
  paymentProblem: boolean;
  /** A refund to the online payment failed and waits for a retry. */
  refundFailed: boolean;
}

/** One slot of one zone on the board: its capacity, the counts per status, and its (filtered) orders. */
export interface BoardSlot {
  zoneId: string;
  zoneName: string;
  slotId: string;
  date: string;
  window: string;
  capacity: number;
  used: number;
  left: number;
  /**
   * Orders per status: every status of the shop's orders, and an unpaid online order's status
   * (pending_payment, payment_failed) only when the slot has one (shown for its payment problem).
   */
  counts: Partial<Record<OrderStatus, number>>;
  /** Orders of the slot matching the filters; `orders` lists the first BOARD_SLOT_PAGE of them unless the slot is open. */
  matching: number;
  orders: BoardOrder[];
}

/** What the board's slots are made of: its days, a zone filter, slot usage, counts per slot and status, the listed orders. */
export interface BoardSlotInput {
  /** The board's days, YYYY-MM-DD (shop time). */
  dates: string[];
  zone?: string;
  usage: { zoneId: string; slotId: string; used: number }[];
  counts: { zoneId: string | null; slotId: string | null; status: OrderStatus; n: number; matching: number }[];
  shown: BoardOrder[];
}

export function boardSlots({ dates, zone: zoneFilter, usage, counts, shown }: BoardSlotInput): BoardSlot[] {
  const key = slotKey;
  const slots = new Map<string, BoardSlot>();
  const emptyCounts = () =>
    Object.fromEntries(SHOP_STATUSES.map((s) => [s, 0])) as Partial<Record<OrderStatus, number>>;
  for (const zone of deliveryConfig().zones) {
    if (zoneFilter && zone.id !== zoneFilter) continue;
    // Every window of the zone's template on each day, whether or not it still takes orders.
    for (const date of dates) {
      for (const w of zone.template.windows) {
        const slotId = `${date}T${w.start}`;
        const used = usage.find((u) => u.zoneId === zone.id && u.slotId === slotId)?.used ?? 0;
        slots.set(key(zone.id, slotId), {
          zoneId: zone.id,
          zoneName: zone.name,
          slotId,
          date,
          window: windowLabel(w.start, w.end),
          capacity: w.capacity,
          used,
          left: Math.max(0, w.capacity - used),
          counts: emptyCounts(),
          matching: 0,
          orders: [],
        });
      }
    }
  }
  /** A slot no longer in the configuration (its orders still show). */
  const slotFor = (zoneId: string | null, slotId: string | null): BoardSlot | undefined => {
    if (zoneFilter && zoneId !== zoneFilter) return undefined;
    const k = key(zoneId, slotId);
    if (!slots.has(k) && slotId) {
      slots.set(k, {
        zoneId: zoneId ?? '',
        zoneName: zoneId ?? 'No zone',
        slotId,
        date: slotId.slice(0, 10),
        window: slotId.slice(11),
        capacity: 0,
        used: 0,
        left: 0,
        counts: emptyCounts(),
        matching: 0,
        orders: [],
      });
    }
    return slots.get(k);
  };
  for (const row of counts) {
    const slot = slotFor(row.zoneId, row.slotId);
    if (slot) {
      slot.counts[row.status] = (slot.counts[row.status] ?? 0) + row.n;
      slot.matching += row.matching;
    }
  }
  for (const order of shown) slotFor(order.zoneId, order.slotId)?.orders.push(order);
  return [...slots.values()].sort((a, b) => a.slotId.localeCompare(b.slotId) || a.zoneName.localeCompare(b.zoneName));
}
