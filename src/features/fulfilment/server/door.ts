/**
 * The rider at the door (ADR 0140): how an out-for-delivery order ends — delivered (after a
 * confirmation showing what to collect), delivered in part (lines handed back, not charged, the
 * amount due recomputed), not at home or refused (undelivered: back at the shop) — with the rider's
 * note and the money taken at the door; an owner or manager undoing that the same day; and an
 * undelivered order rescheduled to a slot. Every step locks the order row (`FOR UPDATE`), writes
 * its audit entry in its own transaction, and names an idempotency key (a second tap with the same
 * key changes nothing; another outcome for an order already ended is refused with 409).
 *
 * A hand-back is an order adjustment (kind `hand_back`) refunded the way packing refunds: credit at
 * once, an online or UPI QR payment through the gateway after the commit (reason `return`), cash
 * given back by the rider for a pay-on-delivery order already paid (`cash`), else the amount due
 * simply drops (`due`). Handed-back goods are not put back in stock (fresh produce is checked by
 * hand first).
 */
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { moveOrderSlot, openSlotsFor, shopTime } from '#features/delivery/index.ts';
import { issueCreditNote } from '#features/invoices/index.ts';
import { orderSmsQueued } from '#features/notifications/index.ts';
import {
  confirmedOrders,
  deliverLocked,
  type OrderRow,
  reopenDeliveryLocked,
  undeliverLocked,
} from '#features/orders/index.ts';
import { type PaymentGateway, requestRefund, sendRefund, upiQrAvailable } from '#features/payments/index.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import {
  creditTransactions,
  customers,
  type DELIVERY_OUTCOMES,
  deliveryOutcomes,
  orderAdjustments,
  orderItems,
  orders,
  type RETURN_REASONS,
  staff,
} from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { roleCan } from '#lib/http/permissions.ts';
import type { SessionStaff, StaffActor } from '#lib/http/staff-session.ts';
import { formatPaise } from '#lib/money.ts';
import { dueOnDelivery, handBackPaise } from '../rules.ts';
import { orderedAmount } from './packing.ts';

export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
type ReturnReason = (typeof RETURN_REASONS)[number];
type LineRow = typeof orderItems.$inferSelect;
type AdjustmentRow = typeof orderAdjustments.$inferSelect;

/** One line handed back at the door: how much, in the line's measure (packs, or its weight unit). */
export interface HandBack {
  lineId: number;
  qty: number;
  reason?: ReturnReason | null;
}

/** What the rider records. */
export interface OutcomeInput {
  outcome: DeliveryOutcome;
  note: string | null;
  handBack: HandBack[];
  /** The money the rider took (paise); required when something is due. */
  collectedPaise: number | null;
  /** How it was taken: cash, or the card machine (a Card order). */
  collectedMethod: 'cash' | 'card' | 'upi_qr' | null;
  idempotencyKey: string;
}

/** Options the tests pass: their own gateway. */
interface DoorOptions {
  gateway?: PaymentGateway | null;
}

/** Refusals a rider reads. */
export const DOOR_MESSAGES = {
  partNeedsLines: 'Choose at least one item handed back, or record it as delivered.',
  deliveredNoLines: 'Items were handed back: record it as delivered in part.',
  notDeliveredNoLines: 'Nothing is handed over when the order is not delivered: leave the items out.',
  allHandedBack: 'Every item was handed back: record the order as refused.',
  collect: (due: number) => `Enter what you collected: ${formatPaise(due)} is due.`,
  nothingDue: 'Nothing is due on this order: leave the amount collected empty.',
  cardOnlyForCard: 'Only a Card on Delivery order is paid by card.',
  tooMuch: (due: number) => `That is more than twice the ${formatPaise(due)} due: check the amount collected.`,
  noUpiQr: 'UPI QR payment is not available: no payment gateway is configured. Please collect cash.',
  upiQrNoAmount: 'A UPI QR payment is taken by the QR: leave the amount collected empty.',
} as const;

/** Locks a confirmed order the viewer may see (a rider: only one assigned to them); 404 otherwise. */
async function lockVisible(tx: Transaction, orderId: number, viewer: SessionStaff): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), confirmedOrders))
    .for('update');
  if (!row || (!roleCan(viewer.role, 'board.view') && row.riderId !== viewer.id))
    throw notFound(`Order ${orderId} not found.`);
  return row;
}

/** What is still charged of a line, in its measure: the picked amount, else as ordered, less what went back at the door. */
function lineAmount(line: LineRow, handedBack: number): number {
  return Math.round(((line.pickedAmount ?? orderedAmount(line)) - handedBack) * 1000) / 1000;
}

/** A hand-back worked out: the line, what it takes off (paise) and where the money goes. */
interface PlannedHandBack {
  line: LineRow;
  qty: number;
  reason: ReturnReason | null;
  dropPaise: number;
  refundPaise: number;
  refundTo: AdjustmentRow['refundTo'];
}

/** The door's money for an order and its hand-backs: what comes off, what is still due (paise). */
export interface DoorQuote {
  handBackPaise: number;
  dueBeforePaise: number;
  duePaise: number;
  planned: PlannedHandBack[];
}

/** Where a hand-back's money goes, by how the order was paid (module comment). */
function refundDestination(row: OrderRow): AdjustmentRow['refundTo'] {
  if (row.paymentMode === 'Credit') return 'credit';
  if (row.paymentStatus === 'paid' && row.paymentReference) return 'original_payment';
  if (row.paymentStatus === 'paid') return 'cash';
  return 'due';
}

/**
 * Works out the hand-backs on the locked (or read) order: each line at most what is still charged of
 * it, the line's total in proportion (handBackPaise). Errors: 400 an unknown line, a line twice, a
 * quantity of 0 or more than the line holds, or every line handed back whole.
 */
async function planHandBacks(db: Database | Transaction, row: OrderRow, handBack: HandBack[]): Promise<DoorQuote> {
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
  const back = await handedBackQty(db, row.id);
  const seen = new Set<number>();
  const refundTo = refundDestination(row);
  let paid = row.paidAmountPaise;
  const planned: PlannedHandBack[] = [];
  for (const h of handBack) {
    const line = lines.find((l) => l.id === h.lineId);
    if (!line || seen.has(h.lineId))
      throw new AppError('bad_request', `Order ${row.id} has no line ${h.lineId} to hand back.`, {
        errors: { hand_back: 'Choose the order’s items.' },
      });
    seen.add(h.lineId);
    const amount = lineAmount(line, back.get(line.id) ?? 0);
    if (!(h.qty > 0) || h.qty > amount)
      throw new AppError(
        'bad_request',
        `Hand back more than 0 and at most ${amount} ${line.weight && line.weightUnit ? line.weightUnit : 'packs'} of ${line.productName}.`,
        { errors: { [`hand_back.${line.id}`]: `At most ${amount}.` } },
      );
    const charged = line.totalAmountPaise - (back.get(-line.id) ?? 0);
    const dropPaise = handBackPaise(charged, h.qty, amount);
    const refundPaise = Math.min(dropPaise, paid);
    paid -= refundPaise;
    planned.push({ line, qty: h.qty, reason: h.reason ?? null, dropPaise, refundPaise, refundTo });
  }
  if (
    planned.length > 0 &&
    lines.every((l) => {
      const p = planned.find((x) => x.line.id === l.id);
      return p !== undefined && p.qty === lineAmount(l, back.get(l.id) ?? 0);
    })
  )
    throw new AppError('bad_request', DOOR_MESSAGES.allHandedBack);
  const dueBeforePaise = dueOnDelivery(row);
  return {
    handBackPaise: planned.reduce((sum, p) => sum + p.dropPaise, 0),
    dueBeforePaise,
    duePaise: dueOnDelivery({ ...row, paidAmountPaise: paid }),
    planned,
  };
}

/**
 * What each line already had handed back at the door (live hand-backs): qty by line id, and the
 * paise taken off it by minus the line id.
 */
async function handedBackQty(db: Database | Transaction, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ lineId: orderAdjustments.orderItemId, qty: orderAdjustments.qty, amount: orderAdjustments.amountPaise })
    .from(orderAdjustments)
    .where(and(eq(orderAdjustments.orderId, orderId), eq(orderAdjustments.kind, 'hand_back')));
  const map = new Map<number, number>();
  for (const r of rows) {
    if (r.lineId === null) continue;
    map.set(r.lineId, (map.get(r.lineId) ?? 0) + Number(r.qty ?? 0));
    map.set(-r.lineId, (map.get(-r.lineId) ?? 0) + r.amount);
  }
  return map;
}

/**
 * What the door would take for an out-for-delivery order with these hand-backs, without recording
 * anything: the rider's screen shows it before confirming. Errors as recordOutcome.
 */
export async function quoteDoor(
  db: Database,
  orderId: number,
  handBack: HandBack[],
  viewer: SessionStaff,
): Promise<DoorQuote> {
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, orderId, viewer);
    if (row.status !== 'out_for_delivery')
      throw new AppError('conflict', `Order ${orderId} is ${row.status.replace(/_/g, ' ')}: it is not at the door.`);
    return planHandBacks(tx, row, handBack);
  });
}

/** Writes the planned hand-backs on the locked order; returns the gateway refunds to send after the commit. */
async function applyHandBacks(
  tx: Transaction,
  row: OrderRow,
  outcomeId: number,
  planned: PlannedHandBack[],
  note: string | null,
  actor: StaffActor,
  now: Date,
): Promise<number[]> {
  const pending: number[] = [];
  const adjustmentIds: number[] = [];
  for (const p of planned) {
    await tx
      .update(orders)
      .set({
        subtotalPaise: sql`${orders.subtotalPaise} - ${p.dropPaise}`,
        paidAmountPaise: sql`${orders.paidAmountPaise} - ${p.refundPaise}`,
      })
      .where(eq(orders.id, row.id));
    const [adjustment] = await tx
      .insert(orderAdjustments)
      .values({
        orderId: row.id,
        orderItemId: p.line.id,
        amountPaise: p.dropPaise,
        refundPaise: p.refundPaise,
        refundTo: p.refundTo,
        kind: 'hand_back',
        reason: p.reason,
        qty: p.qty,
        note,
        staffId: actor.staffId,
        // Cash handed back at the door comes from the rider's pocket: their handover counts it.
        cashGivenBy: p.refundTo === 'cash' ? (row.riderId ?? actor.staffId) : null,
        // The outcome's id names its hand-backs, so undoing it finds them.
        idempotencyKey: `door:${outcomeId}:${p.line.id}`,
      })
      .returning({ id: orderAdjustments.id });
    adjustmentIds.push(adjustment!.id);
    if (p.refundTo === 'credit' && p.refundPaise > 0) {
      await tx
        .update(customers)
        .set({ creditBalancePaise: sql`${customers.creditBalancePaise} + ${p.refundPaise}` })
        .where(eq(customers.id, row.customerId));
      await tx.insert(creditTransactions).values({
        customerId: row.customerId,
        orderId: row.id,
        kind: 'reversal',
        amountPaise: p.refundPaise,
        paymentApproval: 'Paid',
      });
    }
    if (p.refundTo === 'original_payment' && p.refundPaise > 0 && row.paymentReference) {
      const refundId = await requestRefund(tx, {
        orderId: row.id,
        reason: 'return',
        adjustmentId: adjustment!.id,
        paymentId: row.paymentReference,
        amountPaise: p.refundPaise,
      });
      if (refundId !== null) pending.push(refundId);
    }
  }
  // The invoice was numbered at confirmation: the hand-backs get one credit note (none without an invoice).
  if (adjustmentIds.length)
    await issueCreditNote(tx, { orderId: row.id, reason: 'hand_back', adjustmentIds, note }, now);
  return pending;
}

/** The money at the door, checked: what was collected and how, and whether it pays the order. */
function doorPayment(
  row: OrderRow,
  input: OutcomeInput,
  duePaise: number,
): { collectedPaise: number | null; method: 'cash' | 'card' | 'upi_qr' | null; paid: boolean } {
  const atDoor = row.paymentMode === 'Cash' || row.paymentMode === 'Card';
  // Paid by UPI QR at the door before the outcome: the QR payment is the collection.
  if (atDoor && row.paymentStatus === 'paid' && row.paymentReference)
    return { collectedPaise: row.paidAmountPaise, method: 'upi_qr', paid: false };
  if (duePaise === 0) {
    if (input.collectedPaise) throw new AppError('bad_request', DOOR_MESSAGES.nothingDue);
    return { collectedPaise: null, method: null, paid: false };
  }
  // To be paid by a UPI QR for the amount due once delivered: nothing collected by hand.
  if (input.collectedMethod === 'upi_qr') {
    if (!upiQrAvailable()) throw new AppError('conflict', DOOR_MESSAGES.noUpiQr);
    if (input.collectedPaise !== null) throw new AppError('bad_request', DOOR_MESSAGES.upiQrNoAmount);
    return { collectedPaise: null, method: 'upi_qr', paid: false };
  }
  if (input.collectedPaise === null)
    throw new AppError('bad_request', DOOR_MESSAGES.collect(duePaise), {
      errors: { collected: DOOR_MESSAGES.collect(duePaise) },
    });
  if (input.collectedPaise > duePaise * 2)
    throw new AppError('bad_request', DOOR_MESSAGES.tooMuch(duePaise), {
      errors: { collected: DOOR_MESSAGES.tooMuch(duePaise) },
    });
  const method = input.collectedMethod ?? 'cash';
  if (method === 'card' && row.paymentMode !== 'Card') throw new AppError('bad_request', DOOR_MESSAGES.cardOnlyForCard);
  return { collectedPaise: input.collectedPaise, method, paid: input.collectedPaise === duePaise };
}

/** The result of recording an outcome. */
export interface OutcomeResult {
  changed: boolean;
  outcome: DeliveryOutcome;
  duePaise: number;
  collectedPaise: number | null;
}

/**
 * Records how the out-for-delivery order ended at the door (module comment): the outcome row, the
 * hand-backs, the money collected (the order becomes paid only when what was collected equals
 * what was due; a difference stays visible on the outcome), the move (delivered, or undelivered
 * with its SMS) and the audit entry, in one transaction. The same idempotency key again changes
 * nothing. Errors: 404 unknown (a rider: not theirs); 409 not out for delivery (its outcome is
 * recorded already, or it is not dispatched); 400 hand-backs or money that do not fit.
 */
export async function recordOutcome(
  db: Database,
  orderId: number,
  input: OutcomeInput,
  viewer: SessionStaff,
  actor: StaffActor,
  now = new Date(),
  options: DoorOptions = {},
): Promise<OutcomeResult> {
  const done = await db.transaction(async (tx) => {
    const row = await lockVisible(tx, orderId, viewer);
    const [again] = await tx
      .select()
      .from(deliveryOutcomes)
      .where(and(eq(deliveryOutcomes.orderId, orderId), eq(deliveryOutcomes.idempotencyKey, input.idempotencyKey)));
    if (again)
      return {
        changed: false,
        outcome: again.outcome,
        duePaise: again.amountDuePaise,
        collectedPaise: again.collectedPaise,
        pending: [] as number[],
      };
    if (row.status !== 'out_for_delivery')
      throw new AppError(
        'conflict',
        row.status === 'delivered' || row.status === 'undelivered'
          ? `Order ${orderId} is ${row.status === 'delivered' ? 'delivered' : 'back at the shop'}: its outcome is recorded already.`
          : `Order ${orderId} is ${row.status.replace(/_/g, ' ')}: it is not out for delivery.`,
      );
    const delivering = input.outcome === 'delivered' || input.outcome === 'partly_delivered';
    if (input.outcome === 'partly_delivered' && input.handBack.length === 0)
      throw new AppError('bad_request', DOOR_MESSAGES.partNeedsLines);
    if (input.outcome === 'delivered' && input.handBack.length > 0)
      throw new AppError('bad_request', DOOR_MESSAGES.deliveredNoLines);
    if (!delivering && input.handBack.length > 0) throw new AppError('bad_request', DOOR_MESSAGES.notDeliveredNoLines);
    const quote = await planHandBacks(tx, row, input.handBack);
    const payment = delivering
      ? doorPayment(row, input, quote.duePaise)
      : { collectedPaise: null, method: null, paid: false };
    const [outcome] = await tx
      .insert(deliveryOutcomes)
      .values({
        orderId,
        riderId: row.riderId ?? actor.staffId,
        outcome: input.outcome,
        note: input.note,
        amountDuePaise: delivering ? quote.duePaise : 0,
        collectedPaise: payment.collectedPaise,
        collectedMethod: payment.method,
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
      })
      .returning({ id: deliveryOutcomes.id });
    const pending = await applyHandBacks(tx, row, outcome!.id, quote.planned, input.note, actor, now);
    if (delivering) {
      await deliverLocked(tx, row, now);
      if (payment.paid) await tx.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, orderId));
    } else await undeliverLocked(tx, row, now);
    await recordAudit(tx, actor, {
      action: 'order.delivery_outcome',
      record: { type: 'order', id: orderId },
      before: { status: row.status, payment_status: row.paymentStatus, paid_amount_paise: row.paidAmountPaise },
      after: {
        outcome: input.outcome,
        note: input.note,
        hand_back: quote.planned.map((p) => ({
          line_id: p.line.id,
          qty: p.qty,
          amount_paise: p.dropPaise,
          refund_paise: p.refundPaise,
          refund_to: p.refundTo,
          reason: p.reason,
        })),
        amount_due_paise: delivering ? quote.duePaise : 0,
        collected_paise: payment.collectedPaise,
        collected_method: payment.method,
      },
    });
    return {
      changed: true,
      outcome: input.outcome,
      duePaise: delivering ? quote.duePaise : 0,
      collectedPaise: payment.collectedPaise,
      pending,
    };
  });
  for (const refundId of done.pending) await sendRefund(db, options.gateway, refundId);
  if (done.changed) orderSmsQueued();
  return { changed: done.changed, outcome: done.outcome, duePaise: done.duePaise, collectedPaise: done.collectedPaise };
}

/** Whether `at` and `now` fall on the same shop day (Asia/Kolkata). */
export const sameShopDay = (at: Date, now: Date) => shopTime(at).date === shopTime(now).date;

/** Refusals of an undo. */
export const UNDO_MESSAGES = {
  none: 'There is no rider’s outcome to undo on this order.',
  moved: (status: string) =>
    `The order is ${status.replace(/_/g, ' ')} now: the rider’s outcome can no longer be undone.`,
  pastDay: 'A rider’s outcome can be undone only on the day it was recorded.',
  moneyMoved:
    'Money for a handed-back item went back to the customer already (credit, refund or cash): record a correction instead of undoing.',
  creditNote: 'A credit note was issued for a handed-back item: it cannot be undone.',
} as const;

/**
 * Undoes the live outcome of a delivered or undelivered order, the same shop day it was recorded,
 * with a reason: the order is out for delivery again, hand-backs whose amount only dropped what was
 * due are removed (their amounts back on the order), a door payment taken is unmarked, points
 * credited on delivery are taken back, audited. Errors: 404 unknown; 409 nothing to undo, the order
 * moved on (rescheduled, cancelled), the day is past, or money already went back for a hand-back.
 */
export async function undoOutcome(
  db: Database,
  orderId: number,
  reason: string,
  viewer: SessionStaff,
  actor: StaffActor,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockVisible(tx, orderId, viewer);
    const [live] = await tx
      .select()
      .from(deliveryOutcomes)
      .where(and(eq(deliveryOutcomes.orderId, orderId), isNull(deliveryOutcomes.undoneAt)));
    if (!live) throw new AppError('conflict', UNDO_MESSAGES.none);
    if (row.status !== 'delivered' && row.status !== 'undelivered')
      throw new AppError('conflict', UNDO_MESSAGES.moved(row.status));
    if (!sameShopDay(live.createdAt, now)) throw new AppError('conflict', UNDO_MESSAGES.pastDay);
    const handBacks = await tx
      .select()
      .from(orderAdjustments)
      .where(and(eq(orderAdjustments.orderId, orderId), like(orderAdjustments.idempotencyKey, `door:${live.id}:%`)));
    if (handBacks.some((a) => a.creditNoteId !== null)) throw new AppError('conflict', UNDO_MESSAGES.creditNote);
    if (handBacks.some((a) => a.refundTo !== 'due' && a.refundPaise > 0))
      throw new AppError('conflict', UNDO_MESSAGES.moneyMoved);
    const drop = handBacks.reduce((sum, a) => sum + a.amountPaise, 0);
    const refunded = handBacks.reduce((sum, a) => sum + a.refundPaise, 0);
    for (const a of handBacks) await tx.delete(orderAdjustments).where(eq(orderAdjustments.id, a.id));
    await reopenDeliveryLocked(tx, row);
    const unpay = live.collectedMethod === 'cash' || live.collectedMethod === 'card';
    await tx
      .update(orders)
      .set({
        subtotalPaise: sql`${orders.subtotalPaise} + ${drop}`,
        paidAmountPaise: sql`${orders.paidAmountPaise} + ${refunded}`,
        ...(unpay && row.paymentStatus === 'paid' ? { paymentStatus: 'unpaid' as const } : {}),
      })
      .where(eq(orders.id, orderId));
    await tx
      .update(deliveryOutcomes)
      .set({ undoneAt: now, undoneBy: actor.staffId, undoReason: reason })
      .where(and(eq(deliveryOutcomes.id, live.id), isNull(deliveryOutcomes.undoneAt)));
    await recordAudit(tx, actor, {
      action: 'order.delivery_outcome_undone',
      record: { type: 'order', id: orderId },
      before: {
        status: row.status,
        outcome: live.outcome,
        collected_paise: live.collectedPaise,
        hand_back_paise: drop,
      },
      after: { status: 'out_for_delivery', reason },
    });
  });
}

/**
 * Reschedules an undelivered order to an open slot of its zone: processed again, its place moved
 * (the new one taken as an order takes one, the old given back), the returned trip's outcome closed
 * (stamped undone with the reason "Rescheduled to …"), audited. The same slot again on an
 * order already rescheduled to it changes nothing. Errors: 404 unknown; 409 not undelivered, the
 * slot full or closed; 400 a slot the zone does not offer.
 */
export async function rescheduleOrder(
  db: Database,
  orderId: number,
  slotId: string,
  viewer: SessionStaff,
  actor: StaffActor,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const row = await lockVisible(tx, orderId, viewer);
    if (row.status === 'processed' && row.deliverySlotId === slotId && row.undeliveredAt) return { changed: false };
    if (row.status !== 'undelivered')
      throw new AppError(
        'conflict',
        `Order ${orderId} is ${row.status.replace(/_/g, ' ')}: only an order brought back undelivered is rescheduled.`,
      );
    const slot = await moveOrderSlot(tx, row, slotId);
    await tx
      .update(orders)
      .set({ ...slot, status: 'processed' })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'undelivered')));
    // The trip that came back is closed (kept, stamped), so the next delivery records its own outcome.
    await tx
      .update(deliveryOutcomes)
      .set({ undoneAt: new Date(), undoneBy: actor.staffId, undoReason: `Rescheduled to ${slotId}` })
      .where(and(eq(deliveryOutcomes.orderId, orderId), isNull(deliveryOutcomes.undoneAt)));
    await recordAudit(tx, actor, {
      action: 'order.rescheduled',
      record: { type: 'order', id: orderId },
      before: { status: row.status, slot_id: row.deliverySlotId },
      after: { status: 'processed', slot_id: slot.deliverySlotId },
    });
    return { changed: true };
  });
}

/** The live outcome of an order and who recorded it, as the order page shows it; null when none. */
export async function liveOutcome(db: Database, orderId: number, now = new Date()) {
  const [live] = await db
    .select({ outcome: deliveryOutcomes, riderName: staff.name })
    .from(deliveryOutcomes)
    .leftJoin(staff, eq(staff.id, deliveryOutcomes.riderId))
    .where(and(eq(deliveryOutcomes.orderId, orderId), isNull(deliveryOutcomes.undoneAt)));
  if (!live) return null;
  return { ...live.outcome, riderName: live.riderName, undoable: sameShopDay(live.outcome.createdAt, now) };
}

/** What each line had handed back at the door, in its measure (line id → qty). */
export async function handedBackByLine(db: Database, orderId: number): Promise<Map<number, number>> {
  const all = await handedBackQty(db, orderId);
  return new Map([...all].filter(([k]) => k > 0));
}

/** The slots an undelivered order may be rescheduled to. */
export const rescheduleSlots = (db: Database, row: { deliveryZoneId: string | null }) =>
  openSlotsFor(db, row.deliveryZoneId);
