/**
 * Packing adjustments (ADR 0071): while an order is placed or processed a packer records a line's
 * picked quantity (lower than ordered) or substitutes the line with another product when the
 * customer's choice allows it. The line's total, the order's subtotal and amount, the GST invoice
 * and the tracking page follow; the difference goes back once, by the order's payment mode:
 * credit at once, an online payment through the gateway after the commit (the payments feature's refunds), a pay-on-delivery
 * amount simply drops. Both changes name their target state (the picked amount, the substitute),
 * so a retried or parallel request finds it already there and changes nothing.
 *
 * A line whose change gives back more than REFUND_APPROVAL_ABOVE_RUPEES (its drop in paise, whatever
 * the payment mode: less cash to collect at the door counts too) needs an owner or manager
 * (`refunds.above_limit`): a packer's request is refused with 403 and nothing changes (ADR 0116).
 */
import { and, eq, sql } from 'drizzle-orm';
import { issueCreditNote } from '#features/invoices/index.ts';
import { confirmedOrders, moveSubstitutedStock, type OrderRow } from '#features/orders/index.ts';
import { type PaymentGateway, requestRefund, sendRefund } from '#features/payments/index.ts';
import { getConfig } from '#lib/config.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { creditTransactions, customers, orderAdjustments, orderItems, orders, products } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { roleCan, STAFF_ROLES, type StaffRole } from '#lib/http/permissions.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { formatPaise } from '#lib/money.ts';

type LineRow = typeof orderItems.$inferSelect;

/** What a line was ordered as, in its measure: qty × pack weight (its weight unit), else packs. */
export function orderedAmount(line: { qty: number; weight: number | null }): number {
  return line.weight ? Math.round(line.qty * line.weight * 1000) / 1000 : line.qty;
}

/** The line's measure for messages, e.g. "kg" or "packs". */
function measure(line: { weight: number | null; weightUnit: string | null }): string {
  return line.weight && line.weightUnit ? line.weightUnit : 'packs';
}

/**
 * Locks the order and one of its lines; 404 unknown (or an online order not paid: awaiting its payment,
 * or released unpaid), 409 once out for delivery, delivered or cancelled.
 */
async function lockLine(tx: Transaction, orderId: number, lineId: number): Promise<{ row: OrderRow; line: LineRow }> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), confirmedOrders))
    .for('update');
  if (!row) throw notFound(`Order ${orderId} not found.`);
  const [line] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, lineId), eq(orderItems.orderId, orderId)));
  if (!line) throw notFound(`Order ${orderId} has no line ${lineId}.`);
  if (row.status !== 'placed' && row.status !== 'processed')
    throw new AppError(
      'conflict',
      `Order ${orderId} is ${row.status.replace(/_/g, ' ')}: its lines can no longer change.`,
    );
  return { row, line };
}

/**
 * Takes `drop` paise off the locked order (subtotal and amount) and gives back what the customer
 * had paid of it: to the credit line at once, or (online) a refund written to send after the
 * commit. Writes the adjustment row (with `actor` as who recorded it) and its credit note; returns
 * the online refund's id, if any.
 */
async function applyDrop(
  tx: Transaction,
  row: OrderRow,
  lineId: number,
  drop: number,
  actor: StaffActor,
): Promise<{ refundPaise: number; pending: number | null }> {
  const refundPaise = Math.min(drop, row.paidAmountPaise);
  await tx
    .update(orders)
    .set({
      subtotalPaise: sql`${orders.subtotalPaise} - ${drop}`,
      paidAmountPaise: sql`${orders.paidAmountPaise} - ${refundPaise}`,
    })
    .where(eq(orders.id, row.id));
  const refundTo =
    row.paymentMode === 'Credit'
      ? ('credit' as const)
      : row.paymentMode === 'Online' && row.paymentStatus === 'paid'
        ? ('original_payment' as const)
        : ('due' as const);
  const [adjustment] = await tx
    .insert(orderAdjustments)
    .values({
      orderId: row.id,
      orderItemId: lineId,
      amountPaise: drop,
      refundPaise,
      refundTo,
      kind: 'packing',
      staffId: actor.staffId,
    })
    .returning({ id: orderAdjustments.id });
  // The invoice was numbered at confirmation: the reduction gets its credit note (none without an invoice).
  await issueCreditNote(tx, { orderId: row.id, reason: 'packing', adjustmentIds: [adjustment!.id] });
  if (refundTo === 'credit' && refundPaise > 0) {
    await tx
      .update(customers)
      .set({ creditBalancePaise: sql`${customers.creditBalancePaise} + ${refundPaise}` })
      .where(eq(customers.id, row.customerId));
    await tx.insert(creditTransactions).values({
      customerId: row.customerId,
      orderId: row.id,
      kind: 'reversal',
      amountPaise: refundPaise,
      paymentApproval: 'Paid',
    });
  }
  const pending =
    refundTo === 'original_payment' && refundPaise > 0 && row.paymentReference
      ? await requestRefund(tx, {
          orderId: row.id,
          reason: 'packing',
          adjustmentId: adjustment!.id,
          paymentId: row.paymentReference,
          amountPaise: refundPaise,
        })
      : null;
  return { refundPaise, pending };
}

/** What an adjustment did: whether anything changed and what went back (paise). */
export interface PackingOutcome {
  changed: boolean;
  refundPaise: number;
}

/** Options the tests pass: their own gateway, and the refund limit (paise; 0 off) instead of the setting's. */
interface PackingOptions {
  gateway?: PaymentGateway | null;
  refundAbovePaise?: number;
}

/** The refund limit in paise, 0 when off. */
const refundLimit = (options: PackingOptions) =>
  options.refundAbovePaise ?? getConfig().REFUND_APPROVAL_ABOVE_RUPEES * 100;

/** Whether `actor` may give back `drop` paise on one line (module comment). */
function mayGiveBack(actor: StaffActor, drop: number, limit: number): boolean {
  if (limit === 0 || drop <= limit) return true;
  const role = STAFF_ROLES.find((r) => r === actor.role) as StaffRole | undefined;
  return role !== undefined && roleCan(role, 'refunds.above_limit');
}

/**
 * The 403 for a line that would give back more than the limit, with its audit entry (written on
 * its own: the refused change wrote nothing).
 */
async function refuseLargeRefund(
  db: Database,
  actor: StaffActor,
  orderId: number,
  lineId: number,
  drop: number,
  limit: number,
): Promise<never> {
  await recordAudit(db, actor, {
    action: 'order.refund_refused',
    record: { type: 'order', id: orderId },
    after: { line_id: lineId, refund_paise: drop, limit_paise: limit },
  });
  throw new AppError(
    'forbidden',
    `Giving back ${formatPaise(drop)} on one line is more than ${formatPaise(limit)}: an owner or manager must record it.`,
  );
}

/**
 * Sets a line's picked amount (in its measure, see orderedAmount): lower than ordered, 0 when
 * none could be picked. The line's total becomes its ordered total × picked / ordered (rounded to
 * the paisa). The same amount again changes nothing; an amount higher than the one recorded is
 * refused (409): what went back is never taken again. Stock is left as it is: the order's units
 * stay taken, and a cancellation gives back all it took. Errors: 400 not lower than ordered; 409 a
 * substituted line, or the order is past packing.
 */
export async function setPickedAmount(
  db: Database,
  orderId: number,
  lineId: number,
  picked: number,
  actor: StaffActor,
  options: PackingOptions = {},
): Promise<PackingOutcome> {
  const limit = refundLimit(options);
  const outcome = await db.transaction(async (tx) => {
    const { row, line } = await lockLine(tx, orderId, lineId);
    const ordered = orderedAmount(line);
    const unit = measure(line);
    if (line.pickedAmount !== null && line.pickedAmount === picked)
      return { changed: false, refundPaise: 0, pending: null };
    if (line.substitutedFor !== null)
      throw new AppError('conflict', 'This line was substituted: its picked quantity can no longer change.');
    if (!(picked < ordered))
      throw new AppError('bad_request', `The picked quantity must be lower than the ${ordered} ${unit} ordered.`, {
        errors: { picked: `Lower than ${ordered} ${unit}.` },
      });
    if (line.pickedAmount !== null && picked > line.pickedAmount)
      throw new AppError(
        'conflict',
        `${line.pickedAmount} ${unit} was recorded already and its difference refunded: the picked quantity can only go lower.`,
      );
    const orderedTotal = line.orderedTotalPaise ?? line.totalAmountPaise;
    const total = Math.round((orderedTotal * picked) / ordered);
    const drop = line.totalAmountPaise - total;
    if (!mayGiveBack(actor, drop, limit)) return { refused: drop };
    await tx
      .update(orderItems)
      .set({ pickedAmount: picked, totalAmountPaise: total, orderedTotalPaise: orderedTotal })
      .where(eq(orderItems.id, lineId));
    const applied = await applyDrop(tx, row, lineId, drop, actor);
    await recordAudit(tx, actor, {
      action: 'order.line_picked',
      record: { type: 'order', id: orderId },
      before: { line_id: lineId, picked: line.pickedAmount ?? ordered, total_paise: line.totalAmountPaise },
      after: { line_id: lineId, picked, unit, total_paise: total, refund_paise: applied.refundPaise },
    });
    return { changed: true, ...applied };
  });
  if (outcome.refused !== undefined) return refuseLargeRefund(db, actor, orderId, lineId, outcome.refused, limit);
  if (outcome.pending) await sendRefund(db, options.gateway, outcome.pending);
  return { changed: outcome.changed, refundPaise: outcome.refundPaise };
}

/**
 * Substitutes a line with another active product, same quantity. The customer pays no more than
 * the line as ordered: its total becomes the lower of the two. The same substitute again changes
 * nothing. The ordered product's units go back to its stock and the substitute's are taken
 * (moveSubstitutedStock), so a cancellation afterwards gives back what the order holds. Errors: 404
 * unknown product; 422 the customer chose "don't replace"; 409 a line already substituted with
 * another product or with a picked quantity, the substitute's stock short, or the order is past
 * packing.
 */
export async function substituteLine(
  db: Database,
  orderId: number,
  lineId: number,
  productId: number,
  actor: StaffActor,
  options: PackingOptions = {},
): Promise<PackingOutcome> {
  const limit = refundLimit(options);
  const outcome = await db.transaction(async (tx) => {
    const { row, line } = await lockLine(tx, orderId, lineId);
    if (line.substitutedFor !== null && line.productId === productId)
      return { changed: false, refundPaise: 0, pending: null };
    const choice = line.substitution ?? row.substitution;
    if (choice === 'refund')
      throw new AppError(
        'unprocessable',
        'The customer chose “don’t replace” for this item: it cannot be substituted.',
      );
    if (line.substitutedFor !== null) throw new AppError('conflict', 'This line was substituted already.');
    if (line.pickedAmount !== null)
      throw new AppError('conflict', 'This line has a picked quantity: it can no longer be substituted.');
    if (line.productId === productId)
      throw new AppError('bad_request', 'Choose a different product to substitute.', {
        errors: { product_id: 'Choose a different product.' },
      });
    const [product] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, productId), eq(products.isActive, true)));
    if (!product) throw notFound('Product not found.');
    const total = Math.min(line.totalAmountPaise, product.pricePaise * line.qty);
    const drop = line.totalAmountPaise - total;
    if (!mayGiveBack(actor, drop, limit)) return { refused: drop };
    // The packer hands over the substitute's units, not the ordered product's: stock follows.
    await moveSubstitutedStock(tx, orderId, {
      fromId: line.productId,
      toId: product.id,
      toName: product.name,
      qty: line.qty,
    });
    await tx
      .update(orderItems)
      .set({
        productId: product.id,
        productName: product.name,
        productImage: product.images[0] ?? null,
        unitPricePaise: Math.round(total / line.qty),
        mrpPaise: product.mrpPaise,
        taxPercent: product.taxPercent,
        hsnCode: product.hsnCode,
        weight: product.weight,
        weightUnit: product.weightUnit,
        totalAmountPaise: total,
        substitutedFor: line.productName,
        orderedTotalPaise: line.orderedTotalPaise ?? line.totalAmountPaise,
      })
      .where(eq(orderItems.id, lineId));
    const applied = await applyDrop(tx, row, lineId, drop, actor);
    await recordAudit(tx, actor, {
      action: 'order.line_substituted',
      record: { type: 'order', id: orderId },
      before: {
        line_id: lineId,
        product_id: line.productId,
        name: line.productName,
        total_paise: line.totalAmountPaise,
      },
      after: {
        line_id: lineId,
        product_id: product.id,
        name: product.name,
        total_paise: total,
        refund_paise: applied.refundPaise,
      },
    });
    return { changed: true, ...applied };
  });
  if (outcome.refused !== undefined) return refuseLargeRefund(db, actor, orderId, lineId, outcome.refused, limit);
  if (outcome.pending) await sendRefund(db, options.gateway, outcome.pending);
  return { changed: outcome.changed, refundPaise: outcome.refundPaise };
}
