/**
 * Returns and refunds on a delivered order (ADR 0142): an owner or manager records, per line and
 * quantity and with a reason, goods that came back (return) or money given back without them
 * (refund). Each line refunds its net amount (after its share of the order's discounts) × qty /
 * ordered packs, never more than is left of it; the money goes back once, where the order was paid
 * from, as packing's adjustments do: a Credit order's credit line at once; an order paid online or
 * by UPI QR (a payment reference) through the gateway after the commit; a Cash or Card order paid
 * at the door in cash by hand (refund_to 'cash': given by the order's rider, which their handover
 * counts, or by the shop from its till, the default, which no handover counts); an unpaid
 * order's amount due drops. One order_adjustments row per line and one credit note for the request,
 * in one transaction that holds the order row locked; the request's idempotency key (on every row,
 * with the line) makes a retry or a parallel twin answer the first result. Money in paise.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { issueCreditNote, orderTaxLines } from '#features/invoices/index.ts';
import { confirmedOrders, type OrderRow } from '#features/orders/index.ts';
import { type PaymentGateway, requestRefund, sendRefund } from '#features/payments/index.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { complaints, creditNotes, creditTransactions, customers, orderAdjustments, orders } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { type RefundTo, type ReturnableLine, type ReturnRequest, refundFor } from '../rules.ts';

/** The adjustment kinds that take packs of a line back after it left the shop. */
const TAKING_KINDS = ['hand_back', 'return', 'refund'] as const;

/** What a recorded return did. */
export interface ReturnOutcome {
  refundPaise: number;
  refundTo: RefundTo;
  creditNote: { id: number; number: string } | null;
  /** True when the idempotency key was recorded already: nothing changed. */
  replayed: boolean;
}

/** Where a return's money goes for `row` (module comment). */
export function refundDestination(row: Pick<OrderRow, 'paymentMode' | 'paymentStatus' | 'paymentReference'>): RefundTo {
  if (row.paymentMode === 'Credit') return 'credit';
  if (row.paymentStatus !== 'paid') return 'due';
  if (row.paymentReference) return 'original_payment';
  return row.paymentMode === 'Online' ? 'original_payment' : 'cash';
}

/** The lines of `row` with their net amount and what hand-backs, returns and refunds took of them. */
async function linesOf(
  db: Database | Transaction,
  row: OrderRow,
): Promise<(ReturnableLine & { takenPaise: number; handedBack: boolean })[]> {
  const { goods, items } = await orderTaxLines(db, row, false, 'now');
  const taken = await db
    .select({
      lineId: orderAdjustments.orderItemId,
      kind: orderAdjustments.kind,
      qty: sql<string>`coalesce(sum(${orderAdjustments.qty}), 0)`,
      paise: sql<number>`coalesce(sum(${orderAdjustments.amountPaise}), 0)::int`,
    })
    .from(orderAdjustments)
    .where(and(eq(orderAdjustments.orderId, row.id), inArray(orderAdjustments.kind, [...TAKING_KINDS])))
    .groupBy(orderAdjustments.orderItemId, orderAdjustments.kind);
  return items.map((item, i) => {
    const mine = taken.filter((t) => t.lineId === item.id);
    const packs = mine.reduce(
      (a, t) => a + (t.kind === 'hand_back' ? handedBackPacks(item, Number(t.qty)) : Number(t.qty)),
      0,
    );
    return {
      id: item.id,
      name: item.productName,
      qty: item.qty,
      returnedQty: Math.round(packs * 1000) / 1000,
      netPaise: goods[i]!.netPaise,
      takenPaise: mine.reduce((a, t) => a + t.paise, 0),
      handedBack: mine.some((t) => t.kind === 'hand_back'),
    };
  });
}

/**
 * A hand-back's quantity in packs: the door counts in the line's measure (packs, or its weight unit,
 * of what was picked), a return counts packs ordered. E.g. 0.5 kg of a line of 2 × 0.5 kg is 1 pack.
 */
function handedBackPacks(
  item: { qty: number; weight: number | null; pickedAmount: number | null },
  qty: number,
): number {
  const amount = item.pickedAmount ?? (item.weight ? item.qty * item.weight : item.qty);
  return amount > 0 ? (qty * item.qty) / amount : item.qty;
}

/** The lines of delivered order `orderId` as the staff return form offers them; 404 unknown order. */
export async function returnableLines(db: Database, orderId: number): Promise<ReturnableLine[]> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound(`Order ${orderId} not found.`);
  return (await linesOf(db, row)).map(({ takenPaise: _, handedBack: __, ...l }) => l);
}

/** The first result of idempotency key `key` on the order, when it was recorded already. */
async function replay(tx: Transaction, orderId: number, key: string): Promise<ReturnOutcome | null> {
  const rows = await tx
    .select({
      refund: orderAdjustments.refundPaise,
      refundTo: orderAdjustments.refundTo,
      creditNoteId: orderAdjustments.creditNoteId,
    })
    .from(orderAdjustments)
    .where(
      and(eq(orderAdjustments.orderId, orderId), sql`starts_with(${orderAdjustments.idempotencyKey}, ${`${key}#`})`),
    );
  if (!rows.length) return null;
  const noteId = rows[0]!.creditNoteId;
  const [note] = noteId
    ? await tx
        .select({ id: creditNotes.id, number: creditNotes.number })
        .from(creditNotes)
        .where(eq(creditNotes.id, noteId))
    : [];
  return {
    refundPaise: rows.reduce((a, r) => a + r.refund, 0),
    refundTo: rows[0]!.refundTo,
    creditNote: note ?? null,
    replayed: true,
  };
}

/** The 409 for a quantity more than is left of a line. */
function tooMuch(name: string, left: number): AppError {
  return new AppError(
    'conflict',
    left > 0
      ? `Only ${Number(left.toFixed(3))} of ${name} is left to return or refund.`
      : `${name} was returned or refunded in full already.`,
  );
}

/** Gives `paise` back to the order's customer's credit line, with its ledger entry. */
async function creditBack(tx: Transaction, row: OrderRow, paise: number): Promise<void> {
  await tx
    .update(customers)
    .set({ creditBalancePaise: sql`${customers.creditBalancePaise} + ${paise}` })
    .where(eq(customers.id, row.customerId));
  await tx.insert(creditTransactions).values({
    customerId: row.customerId,
    orderId: row.id,
    kind: 'reversal',
    amountPaise: paise,
    paymentApproval: 'Paid',
  });
}

/** Options the tests pass: their own gateway and clock. */
interface ReturnOptions {
  gateway?: PaymentGateway | null;
  now?: Date;
}

/**
 * Records a return or refund on delivered order `orderId` (module comment) and sends an online
 * refund after the commit. Errors: 404 unknown order or line; 400 a complaint of another order;
 * 409 the order is not delivered, or a line has less left than asked.
 */
export async function recordReturn(
  db: Database,
  orderId: number,
  request: ReturnRequest,
  actor: StaffActor,
  options: ReturnOptions = {},
): Promise<ReturnOutcome> {
  const now = options.now ?? new Date();
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), confirmedOrders))
      .for('update');
    if (!row) throw notFound(`Order ${orderId} not found.`);
    const replayed = await replay(tx, orderId, request.idempotency_key);
    if (replayed) return { outcome: replayed, pending: [] as number[] };
    if (row.status !== 'delivered')
      throw new AppError(
        'conflict',
        `Order ${orderId} is ${row.status.replace(/_/g, ' ')}: returns and refunds are recorded on delivered orders.`,
      );
    if (request.complaint_id !== undefined) {
      const [complaint] = await tx
        .select({ id: complaints.id })
        .from(complaints)
        .where(and(eq(complaints.id, request.complaint_id), eq(complaints.orderId, orderId)));
      if (!complaint)
        throw new AppError('bad_request', 'That complaint is not about this order.', {
          errors: { complaint_id: 'Not a complaint about this order.' },
        });
    }
    const lines = new Map((await linesOf(tx, row)).map((l) => [l.id, l]));
    const refundTo = refundDestination(row);
    const planned = request.lines.map((asked) => {
      const line = lines.get(asked.line_id);
      if (!line) throw notFound(`Order ${orderId} has no line ${asked.line_id}.`);
      const left = Math.round((line.qty - line.returnedQty) * 1000) / 1000;
      if (asked.qty > left) throw tooMuch(line.name, left);
      const rest = Math.max(0, line.netPaise - line.takenPaise);
      // The last of a line refunds exactly what is left of it: no paisa lost or paid twice to rounding.
      // A line handed back in part at the door (its full price off, not its net) refunds what is left
      // of it pro rata, so the part returned is priced on what the customer still paid for the line.
      const amount =
        asked.qty === left
          ? rest
          : line.handedBack
            ? Math.round((rest * asked.qty) / left)
            : Math.min(rest, refundFor(line, asked.qty));
      return { line, qty: asked.qty, amount };
    });
    const total = planned.reduce((a, p) => a + p.amount, 0);
    // Cash given back: by the order's rider (counted in their handover the day it is recorded) or
    // from the shop's till (counted in no rider's handover).
    const cashGivenBy = refundTo === 'cash' && request.cash_given_by === 'rider' ? row.riderId : null;
    if (refundTo === 'cash' && request.cash_given_by === 'rider' && row.riderId === null)
      throw new AppError('bad_request', 'This order has no rider: the shop gives the cash back.', {
        errors: { cash_given_by: 'The order has no rider.' },
      });
    const adjustments = await tx
      .insert(orderAdjustments)
      .values(
        planned.map((p) => ({
          orderId,
          orderItemId: p.line.id,
          amountPaise: p.amount,
          refundPaise: p.amount,
          refundTo,
          kind: request.kind,
          reason: request.reason,
          qty: p.qty,
          note: request.note || null,
          staffId: actor.staffId,
          cashGivenBy,
          idempotencyKey: `${request.idempotency_key}#${p.line.id}`,
          complaintId: request.complaint_id ?? null,
          createdAt: now,
        })),
      )
      .returning({ id: orderAdjustments.id, refund: orderAdjustments.refundPaise });
    if (refundTo === 'credit' && total > 0) await creditBack(tx, row, total);
    // An unpaid order: what is still to pay drops.
    if (refundTo === 'due' && total > 0)
      await tx
        .update(orders)
        .set({ paidAmountPaise: sql`greatest(${orders.paidAmountPaise} - ${total}, 0)` })
        .where(eq(orders.id, orderId));
    const pending: number[] = [];
    if (refundTo === 'original_payment' && row.paymentReference)
      for (const a of adjustments) {
        const id = await requestRefund(tx, {
          orderId,
          reason: 'return',
          adjustmentId: a.id,
          paymentId: row.paymentReference,
          amountPaise: a.refund,
        });
        if (id !== null) pending.push(id);
      }
    const creditNote = await issueCreditNote(
      tx,
      { orderId, reason: request.kind, adjustmentIds: adjustments.map((a) => a.id), note: request.note ?? null },
      now,
    );
    await recordAudit(tx, actor, {
      action: request.kind === 'return' ? 'order.return_recorded' : 'order.refund_recorded',
      record: { type: 'order', id: orderId },
      after: {
        reason: request.reason,
        lines: planned.map((p) => ({ line_id: p.line.id, qty: p.qty, refund_paise: p.amount })),
        refund_paise: total,
        refund_to: refundTo,
        cash_given_by: refundTo === 'cash' ? (cashGivenBy === null ? 'shop' : { rider_id: cashGivenBy }) : null,
        credit_note: creditNote?.number ?? null,
        complaint_id: request.complaint_id ?? null,
      },
    });
    // The board's version watches updated_at: open boards show the change.
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
    return { outcome: { refundPaise: total, refundTo, creditNote, replayed: false }, pending };
  });
  for (const id of done.pending) await sendRefund(db, options.gateway, id);
  return done.outcome;
}
