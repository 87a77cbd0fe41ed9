/**
 * What an order takes and gives back (docs/orders-and-payments.md#stock-money-and-concurrency):
 * the order's lines and stock movements; its stock, checked and taken under the products' row
 * locks (no oversell across processes); points and a Credit order's debit, each in one
 * conditional UPDATE of the customer's row; and `restoreReservation`, which gives all of it back
 * (cancellation, declined payment).
 *
 * Rows many orders share — a product's stock, a promo code's use count, a delivery slot's places,
 * the invoice counter — are taken by every transaction in that one order (stock in product-id
 * order first), after everything else it writes, so they are held briefly and never in a circle.
 *
 * Every unit an order takes or gives back is a `stock_movements` row with its order id (placing,
 * a packer's substitute, a cancellation): their sum per product is what the order holds, and a
 * cancellation gives back exactly that.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { effectiveSubstitution, type Substitution } from '#features/cart/rules.ts';
import { releaseOrderSlot } from '#features/delivery/index.ts';
import { countPromoUse, releasePromoUse } from '#features/promotions/index.ts';
import type { Transaction } from '#lib/db/index.ts';
import {
  creditTransactions,
  customers,
  orderItems,
  pointsTransactions,
  products,
  stockMovements,
} from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { PaymentMode } from '../rules.ts';
import type { OrderRow } from './queries.ts';
import type { OrderQuote, quoteOrder } from './quote.ts';

/** A signed change of one product's stock in units: negative takes, positive gives back. */
interface StockChange {
  productId: number;
  delta: number;
}

/** The order's units per product taken (negative), in product-id order: the order every transaction locks them in. */
function unitsByProduct(lines: ReadonlyArray<{ productId: number | null; qty: number }>): StockChange[] {
  const units = new Map<number, number>();
  for (const line of lines)
    if (line.productId !== null) units.set(line.productId, (units.get(line.productId) ?? 0) + line.qty);
  return [...units].map(([productId, qty]) => ({ productId, delta: -qty })).sort((a, b) => a.productId - b.productId);
}

/**
 * Adds each change's signed units to its product's stock in one statement, and answers the ids
 * of the products changed: a product whose stock would go below zero is left as it is (and not
 * answered). The statement's first step locks the products' rows in product-id order (`ORDER BY
 * id FOR NO KEY UPDATE`, materialized before the update reads it), and the update changes only
 * rows that step has locked, so every transaction changing several products' stock takes their
 * locks in the same order and two of them never wait on each other in a circle (a deadlock). `NO
 * KEY UPDATE`: the foreign keys of order lines and stock movements (`KEY SHARE`) do not wait on it.
 */
async function changeStock(tx: Transaction, changes: StockChange[]): Promise<Set<number>> {
  const ids = sql.join(
    changes.map((c) => sql`${c.productId}::int`),
    sql`, `,
  );
  const values = sql.join(
    changes.map((c) => sql`(${c.productId}::int, ${c.delta}::int)`),
    sql`, `,
  );
  const result = await tx.execute<{ id: number }>(sql`
    WITH locked AS MATERIALIZED (
      SELECT id, stock FROM ${products} WHERE id IN (${ids}) ORDER BY id FOR NO KEY UPDATE
    )
    UPDATE ${products} SET stock = ${products}.stock + v.delta
    FROM locked JOIN (VALUES ${values}) AS v(id, delta) ON v.id = locked.id
    WHERE ${products}.id = locked.id AND locked.stock + v.delta >= 0
    RETURNING ${products}.id`);
  return new Set((result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id)));
}

/**
 * Writes the order's lines and their stock movements, one multi-row INSERT each. Takes no lock
 * another order waits on: the products' tax rate, HSN code and pack size are read as the quote
 * read the prices, without locking, so this runs before the stock is taken (takeStock).
 */
export async function writeOrderLines(
  tx: Transaction,
  orderId: number,
  lines: Awaited<ReturnType<typeof quoteOrder>>['lines'],
  substitution: Substitution,
): Promise<void> {
  const facts = await tx
    .select({
      id: products.id,
      taxPercent: products.taxPercent,
      hsnCode: products.hsnCode,
      weight: products.weight,
      weightUnit: products.weightUnit,
    })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.productId),
      ),
    );
  const byId = new Map(facts.map((f) => [f.id, f]));
  await tx.insert(orderItems).values(
    lines.map((line) => {
      const p = byId.get(line.productId);
      return {
        orderId,
        productId: line.productId,
        productName: line.name,
        productImage: line.image,
        qty: line.qty,
        unitPricePaise: line.pricePaise,
        mrpPaise: line.mrpPaise,
        taxPercent: Number(p?.taxPercent ?? 0),
        // For the GST invoice (src/features/invoices): the HSN code and pack size as ordered.
        hsnCode: p?.hsnCode ?? null,
        weight: p?.weight ?? null,
        weightUnit: p?.weightUnit ?? null,
        totalAmountPaise: line.lineTotalPaise,
        substitution: effectiveSubstitution(line.substitution, substitution),
      };
    }),
  );
  await tx
    .insert(stockMovements)
    .values(lines.map((line) => ({ productId: line.productId, delta: -line.qty, reason: 'order' as const, orderId })));
}

/**
 * Takes the order's stock in one statement (changeStock: the products' rows locked in product-id
 * order). A short line answers 409 naming the product (the first short one in cart order) with
 * `data.product_id` and `data.stock`, and nothing is taken. The locks are held until the
 * transaction ends, so place-order takes them as late as it can.
 */
export async function takeStock(
  tx: Transaction,
  lines: Awaited<ReturnType<typeof quoteOrder>>['lines'],
): Promise<void> {
  const changes = unitsByProduct(lines);
  const taken = await changeStock(tx, changes);
  if (taken.size === changes.length) return;
  // Short: nothing of it stays (the error rolls the transaction back). The short products' rows
  // are locked and unchanged, so their stock reads as it is.
  const short = lines.find((line) => !taken.has(line.productId))!;
  const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, short.productId));
  const left = p?.stock ?? 0;
  throw new AppError(
    'conflict',
    left > 0
      ? `Only ${left} of ${short.name} left in stock. Please update your cart.`
      : `Sorry, ${short.name} is out of stock. Please remove it from your cart.`,
    { data: { product_id: short.productId, stock: left } },
  );
}

/** Counts the order's use of its promo code (422 when the code's uses ran out): a row every order with that code takes. */
export async function takePromoUse(tx: Transaction, quote: OrderQuote): Promise<void> {
  if (quote.promo) await countPromoUse(tx, quote.promo.id);
}

/**
 * Takes `amount` from one of the customer's balances (points, or credit in paise) in a single
 * conditional UPDATE, so two orders racing for the same balance cannot both take it; 422 with
 * `refusal` when the balance is short.
 */
async function takeFromBalance(
  tx: Transaction,
  customerId: number,
  balance: 'pointsBalance' | 'creditBalancePaise',
  amount: number,
  refusal: string,
): Promise<void> {
  const column = customers[balance];
  const taken = await tx
    .update(customers)
    .set({ [balance]: sql`${column} - ${amount}` })
    .where(and(eq(customers.id, customerId), sql`${column} >= ${amount}`))
    .returning({ id: customers.id });
  if (!taken.length) throw new AppError('unprocessable', refusal);
}

/** Spends points and debits credit from the customer's own row (422 when the balance no longer covers it). */
export async function takeBalances(
  tx: Transaction,
  customerId: number,
  orderId: number,
  quote: OrderQuote,
  paymentMode: PaymentMode,
): Promise<void> {
  if (quote.pointsRedeemed > 0) {
    await takeFromBalance(tx, customerId, 'pointsBalance', quote.pointsRedeemed, 'You do not have enough points.');
    await tx
      .insert(pointsTransactions)
      .values({ customerId, orderId, delta: -quote.pointsRedeemed, reason: 'redeemed' });
  }
  if (paymentMode === 'Credit') {
    await takeFromBalance(
      tx,
      customerId,
      'creditBalancePaise',
      quote.paidAmountPaise,
      'Not enough credit available for this order. Please choose another payment method.',
    );
    await tx
      .insert(creditTransactions)
      .values({ customerId, orderId, kind: 'debit', amountPaise: quote.paidAmountPaise, paymentApproval: 'Pending' });
  }
}

/**
 * Moves a substituted line's units from the product ordered to its substitute (a packer's
 * substitute, src/features/fulfilment): gives `qty` back to `fromId` and takes them from `toId` in
 * one statement (changeStock: product-id order), with a `substitute` movement each, so the order's
 * movements still say what it holds. 409 naming the substitute when its stock does not cover them;
 * nothing moves then.
 */
export async function moveSubstitutedStock(
  tx: Transaction,
  orderId: number,
  move: { fromId: number | null; toId: number; toName: string; qty: number },
): Promise<void> {
  // A product deleted since the order (its line's product id gone) has no stock to give back to.
  const changes = [
    ...(move.fromId === null ? [] : [{ productId: move.fromId, delta: move.qty }]),
    { productId: move.toId, delta: -move.qty },
  ].sort((a, b) => a.productId - b.productId);
  const changed = await changeStock(tx, changes);
  if (!changed.has(move.toId)) {
    const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, move.toId));
    throw new AppError(
      'conflict',
      `Only ${p?.stock ?? 0} of ${move.toName} left in stock: it cannot substitute ${move.qty}.`,
      { data: { product_id: move.toId, stock: p?.stock ?? 0 } },
    );
  }
  await tx
    .insert(stockMovements)
    .values(changes.map((c) => ({ productId: c.productId, delta: c.delta, reason: 'substitute' as const, orderId })));
}

/**
 * Gives back what an order reserved (cancellation, declined payment): points and a Credit order's
 * debit (the customer's own row) first, then the hot rows in the order placing takes them —
 * stock (product-id order, set-based), the promo use, the slot's place — so a cancellation and a
 * placing never wait on each other in a circle. Returns the order's lines.
 */
export async function restoreReservation(tx: Transaction, row: OrderRow) {
  const orderId = row.id;
  const customerId = row.customerId;
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  if (row.pointsRedeemed > 0) {
    await tx
      .update(customers)
      .set({ pointsBalance: sql`${customers.pointsBalance} + ${row.pointsRedeemed}` })
      .where(eq(customers.id, customerId));
    await tx.insert(pointsTransactions).values({ customerId, orderId, delta: row.pointsRedeemed, reason: 'restored' });
  }
  if (row.paymentMode === 'Credit') {
    await tx
      .update(customers)
      .set({ creditBalancePaise: sql`${customers.creditBalancePaise} + ${row.paidAmountPaise}` })
      .where(eq(customers.id, customerId));
    await tx
      .insert(creditTransactions)
      .values({ customerId, orderId, kind: 'reversal', amountPaise: row.paidAmountPaise, paymentApproval: 'Paid' });
  }
  // What the order holds now, per product: the net of its movements (placing, substitutes), not
  // its lines, which a substitute rewrote. Given back in product-id order, as placing takes it.
  const held = await tx
    .select({ productId: stockMovements.productId, held: sql<number>`-sum(${stockMovements.delta})::int` })
    .from(stockMovements)
    .where(eq(stockMovements.orderId, orderId))
    .groupBy(stockMovements.productId)
    .having(sql`sum(${stockMovements.delta}) < 0`)
    .orderBy(asc(stockMovements.productId));
  const changes = held.map((h) => ({ productId: h.productId, delta: Number(h.held) }));
  if (changes.length) {
    await tx
      .insert(stockMovements)
      .values(changes.map((c) => ({ productId: c.productId, delta: c.delta, reason: 'cancel' as const, orderId })));
    await changeStock(tx, changes);
  }
  if (row.promoCodeId) await releasePromoUse(tx, row.promoCodeId);
  await releaseOrderSlot(tx, row);
  return lines;
}
