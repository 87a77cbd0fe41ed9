/**
 * One order as the back office reads it, and the staff actions on it (mark processed / out for
 * delivery, cancel with a reason, assign a rider). Every action writes its audit
 * entry in the transaction of its change (src/lib/db/audit.ts) and reuses the order status
 * machine (the orders feature's advanceOrder and cancelOrderByShop), so the customer's SMS, points, stock and refunds follow as they do
 * everywhere else. A member without `board.view` (a rider) sees and moves only the orders
 * assigned to them; any other order is "not found". The board is order-board.ts.
 */
import { and, asc, eq } from 'drizzle-orm';
import { orderSlotJson } from '#features/delivery/index.ts';
import {
  advanceOrder,
  cancelOrderByShop,
  confirmedOrders,
  type OrderRow,
  type OrderStatus,
} from '#features/orders/index.ts';
import {
  type GatewayState,
  gatewayPaymentState,
  getPaymentGateway,
  type OrderRefund,
  refundsFor,
} from '#features/payments/index.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { customers, orderItems, orders, staff } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { roleCan } from '#lib/http/permissions.ts';
import type { SessionStaff, StaffActor } from '#lib/http/staff-session.ts';
import { handedBackByLine, liveOutcome, rescheduleSlots } from './door.ts';
import { buildHistory, type HistoryEntry, orderAudits, riderNames } from './order-history.ts';

/** One line of an order as staff read it. */
export interface StaffOrderLine {
  id: number;
  productId: number | null;
  name: string;
  qty: number;
  unitPricePaise: number;
  totalAmountPaise: number;
  weight: number | null;
  weightUnit: string | null;
  substitution: 'replace' | 'refund' | 'call' | null;
  pickedAmount: number | null;
  substitutedFor: string | null;
  orderedTotalPaise: number | null;
  /** What was handed back at the door, in the line's measure (0 when none). */
  handedBack: number;
}

/** An order as the back office shows it. */
export interface StaffOrder {
  id: number;
  status: OrderStatus;
  paymentMode: OrderRow['paymentMode'];
  paymentStatus: OrderRow['paymentStatus'];
  subtotalPaise: number;
  discountPaise: number;
  pointsRedeemed: number;
  deliveryFeePaise: number;
  paidAmountPaise: number;
  promoCode: string | null;
  /** The gateway payment that paid it (Razorpay `pay_…`). */
  paymentReference: string | null;
  /** The gateway order it is paid into (online orders). */
  gatewayOrderId: string | null;
  /** The configured gateway's name (razorpay, simulator), null when online payment is off. */
  gatewayName: string | null;
  paymentProblem: string | null;
  /** Where the payment stands at the gateway (asked live while the order is unpaid). */
  gatewayState: GatewayState;
  gatewayPayments: { id: string; status: string; method: string | null }[];
  refunds: OrderRefund[];
  customerNote: string | null;
  cancelReason: string | null;
  customer: { id: number; name: string | null; phone: string | null };
  address: Record<string, unknown> | null;
  /** A map search for the address: its pin when it has one, else its text. */
  mapUrl: string | null;
  slot: ReturnType<typeof orderSlotJson>;
  rider: { id: number; name: string } | null;
  lines: StaffOrderLine[];
  /** Status changes, packing, rider, refunds: order-history.ts. */
  history: HistoryEntry[];
  /** The rider's live outcome at the door (door.ts), null before one or once undone. */
  outcome: Awaited<ReturnType<typeof liveOutcome>>;
  /** Open slots of its zone to reschedule an undelivered order to (empty otherwise). */
  rescheduleSlots: { id: string; label: string; left: number }[];
}

/**
 * The order, or 404 when it does not exist or (for a member without `board.view`) is not theirs.
 * An online order awaiting its payment or released unpaid opens too: staff look into it, and
 * every move refuses it (advanceOrder, packing and the rider read confirmed orders only).
 */
async function visibleRow(
  db: Database | Transaction,
  orderId: number,
  viewer: SessionStaff,
  lock = false,
): Promise<OrderRow> {
  const mine = roleCan(viewer.role, 'board.view') ? [] : [eq(orders.riderId, viewer.id)];
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ...mine));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Order ${orderId} not found.`);
  return row;
}

/** A map link for an address snapshot (latitude and longitude, else the address text). */
function mapLink(address: Record<string, unknown> | null): string | null {
  if (!address) return null;
  const lat = Number(address.latitude);
  const lng = Number(address.longitude);
  const query =
    Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0)
      ? `${lat},${lng}`
      : ['building_num', 'street', 'landmark', 'city', 'po_box']
          .map((k) => address[k])
          .filter((v) => typeof v === 'string' && v.trim())
          .join(', ');
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null;
}

/** One order for a staff member (404 as visibleRow). */
export async function staffOrder(db: Database, orderId: number, viewer: SessionStaff): Promise<StaffOrder> {
  const row = await visibleRow(db, orderId, viewer);
  const [[customer], lines, [rider], audits, refunds, outcome, handedBack, slots] = await Promise.all([
    db
      .select({ id: customers.id, name: customers.name, phone: customers.phone })
      .from(customers)
      .where(eq(customers.id, row.customerId)),
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    row.riderId
      ? db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.id, row.riderId))
      : Promise.resolve([]),
    orderAudits(db, orderId),
    refundsFor(db, [orderId]),
    liveOutcome(db, orderId),
    handedBackByLine(db, orderId),
    row.status === 'undelivered' ? rescheduleSlots(db, row) : Promise.resolve([]),
  ]);
  const history = buildHistory(row, lines, audits, refunds.get(orderId) ?? [], await riderNames(db, audits));
  const gateway = getPaymentGateway();
  const atGateway =
    row.paymentMode === 'Online'
      ? await gatewayPaymentState(gateway, row)
      : { state: 'not_created' as const, payments: [] };
  return {
    id: row.id,
    status: row.status,
    paymentMode: row.paymentMode,
    paymentStatus: row.paymentStatus,
    subtotalPaise: row.subtotalPaise,
    discountPaise: row.discountPaise,
    pointsRedeemed: row.pointsRedeemed,
    deliveryFeePaise: row.deliveryFeePaise,
    paidAmountPaise: row.paidAmountPaise,
    promoCode: row.promoCode,
    paymentReference: row.paymentReference,
    gatewayOrderId: row.gatewayOrderId,
    gatewayName: gateway?.name ?? null,
    paymentProblem: row.paymentProblem,
    gatewayState: atGateway.state,
    gatewayPayments: atGateway.payments,
    refunds: refunds.get(orderId) ?? [],
    customerNote: row.customerNote,
    cancelReason: row.cancelReason,
    customer: customer ?? { id: row.customerId, name: null, phone: null },
    address: row.addressSnapshot ?? null,
    mapUrl: mapLink(row.addressSnapshot ?? null),
    slot: orderSlotJson(row),
    rider: rider ?? null,
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      name: l.productName,
      qty: l.qty,
      unitPricePaise: l.unitPricePaise,
      totalAmountPaise: l.totalAmountPaise,
      weight: l.weight,
      weightUnit: l.weightUnit,
      substitution: l.substitution ?? row.substitution,
      pickedAmount: l.pickedAmount,
      substitutedFor: l.substitutedFor,
      orderedTotalPaise: l.orderedTotalPaise,
      handedBack: handedBack.get(l.id) ?? 0,
    })),
    history,
    outcome,
    rescheduleSlots: slots,
  };
}

/** The statuses staff move an order to, one step each. */
export type StaffMove = 'processed' | 'out_for_delivery';

/**
 * Moves an order to `to` (its next step) as `viewer`, with the audit entry in the same
 * transaction. Moving it to where it already is changes nothing and records nothing.
 */
export async function moveOrder(
  db: Database,
  orderId: number,
  to: StaffMove,
  viewer: SessionStaff,
  actor: StaffActor,
): Promise<{ changed: boolean }> {
  await visibleRow(db, orderId, viewer);
  const moved = await advanceOrder(db, orderId, new Date(), {
    to,
    within: async (tx, row, next) => {
      // A rider's order may have been given to another rider since the check above.
      if (!roleCan(viewer.role, 'board.view') && row.riderId !== viewer.id)
        throw notFound(`Order ${orderId} not found.`);
      await recordAudit(tx, actor, {
        action: `order.${next}`,
        record: { type: 'order', id: orderId },
        before: { status: row.status },
        after: { status: next },
      });
    },
  });
  return { changed: moved.changed };
}

/** Cancels an order for the shop with `reason` (the orders feature's cancelOrderByShop), with its audit entry. */
export async function cancelOrderAsStaff(
  db: Database,
  orderId: number,
  reason: string,
  actor: StaffActor,
): Promise<void> {
  await cancelOrderByShop(db, orderId, reason, async (tx, row) => {
    await recordAudit(tx, actor, {
      action: 'order.cancelled',
      record: { type: 'order', id: orderId },
      before: { status: row.status, payment_status: row.paymentStatus },
      after: { status: 'cancelled', reason },
    });
  });
}

/** Active riders, by name (the order page's choice). */
export async function listRiders(db: Database): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.active, true), eq(staff.role, 'rider')))
    .orderBy(asc(staff.name));
}

/**
 * Assigns an order to a rider (an active member with the rider role), or takes it off its rider
 * (`riderId` null). 404 unknown order; 400 not an active rider; 409 delivered or cancelled.
 */
export async function assignRider(
  db: Database,
  orderId: number,
  riderId: number | null,
  actor: StaffActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), confirmedOrders))
      .for('update');
    if (!row) throw notFound(`Order ${orderId} not found.`);
    if (row.status === 'delivered' || row.status === 'cancelled')
      throw new AppError('conflict', `Order ${orderId} is ${row.status}: its rider can no longer change.`);
    if (row.riderId === riderId) return;
    if (riderId !== null) {
      const [rider] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.id, riderId), eq(staff.active, true), eq(staff.role, 'rider')));
      if (!rider)
        throw new AppError('bad_request', 'Choose one of the shop’s riders.', {
          errors: { rider_id: 'Choose one of the shop’s riders.' },
        });
    }
    await tx.update(orders).set({ riderId }).where(eq(orders.id, orderId));
    await recordAudit(tx, actor, {
      action: 'order.rider_assigned',
      record: { type: 'order', id: orderId },
      before: { rider_id: row.riderId },
      after: { rider_id: riderId },
    });
  });
}
