/**
 * What an order takes and gives back (docs/orders-and-payments.md#stock-money-and-concurrency):
 * each line's stock with a
 * guarded update (`stock >= qty`, so no oversell across processes) and the order's lines, the promo
 * use, points and a Credit order's debit, each balance in one conditional UPDATE; and
 * `restoreReservation`, which gives all of it back (cancellation, declined payment).
 */
import { and, eq, sql } from 'drizzle-orm';
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

/** Takes each line's stock (409 naming the product when short) and writes the order's lines. */
export async function takeStock(
  tx: Transaction,
  orderId: number,
  lines: Awaited<ReturnType<typeof quoteOrder>>['lines'],
  substitution: Substitution,
): Promise<void> {
  for (const line of lines) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.qty}` })
      .where(and(eq(products.id, line.productId), sql`${products.stock} >= ${line.qty}`))
      .returning({
        taxPercent: products.taxPercent,
        hsnCode: products.hsnCode,
        weight: products.weight,
        weightUnit: products.weightUnit,
      });
    if (!taken.length) {
      const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
      const left = p?.stock ?? 0;
      throw new AppError(
        'conflict',
        left > 0
          ? `Only ${left} of ${line.name} left in stock. Please update your cart.`
          : `Sorry, ${line.name} is out of stock. Please remove it from your cart.`,
        { data: { product_id: line.productId, stock: left } },
      );
    }
    await tx.insert(orderItems).values({
      orderId,
      productId: line.productId,
      productName: line.name,
      productImage: line.image,
      qty: line.qty,
      unitPricePaise: line.pricePaise,
      mrpPaise: line.mrpPaise,
      taxPercent: Number(taken[0]!.taxPercent),
      // For the GST invoice (src/features/invoices): the HSN code and pack size as ordered.
      hsnCode: taken[0]!.hsnCode,
      weight: taken[0]!.weight,
      weightUnit: taken[0]!.weightUnit,
      totalAmountPaise: line.lineTotalPaise,
      substitution: effectiveSubstitution(line.substitution, substitution),
    });
    await tx.insert(stockMovements).values({ productId: line.productId, delta: -line.qty, reason: 'order', orderId });
  }
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

/** Counts the promo use, spends points and debits credit (422 when the balance no longer covers it). */
export async function takeBalances(
  tx: Transaction,
  customerId: number,
  orderId: number,
  quote: OrderQuote,
  paymentMode: PaymentMode,
): Promise<void> {
  if (quote.promo) await countPromoUse(tx, quote.promo.id);
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
 * Gives back what an order reserved (cancellation, declined payment): stock, points, promo use,
 * and a Credit order's debit. Returns the order's lines.
 */
export async function restoreReservation(tx: Transaction, row: OrderRow) {
  const orderId = row.id;
  const customerId = row.customerId;
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  for (const line of lines) {
    if (!line.productId) continue;
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.qty}` })
      .where(eq(products.id, line.productId));
    await tx.insert(stockMovements).values({ productId: line.productId, delta: line.qty, reason: 'cancel', orderId });
  }
  if (row.pointsRedeemed > 0) {
    await tx
      .update(customers)
      .set({ pointsBalance: sql`${customers.pointsBalance} + ${row.pointsRedeemed}` })
      .where(eq(customers.id, customerId));
    await tx.insert(pointsTransactions).values({ customerId, orderId, delta: row.pointsRedeemed, reason: 'restored' });
  }
  if (row.promoCodeId) await releasePromoUse(tx, row.promoCodeId);
  await releaseOrderSlot(tx, row);
  if (row.paymentMode === 'Credit') {
    await tx
      .update(customers)
      .set({ creditBalancePaise: sql`${customers.creditBalancePaise} + ${row.paidAmountPaise}` })
      .where(eq(customers.id, customerId));
    await tx
      .insert(creditTransactions)
      .values({ customerId, orderId, kind: 'reversal', amountPaise: row.paidAmountPaise, paymentApproval: 'Paid' });
  }
  return lines;
}
