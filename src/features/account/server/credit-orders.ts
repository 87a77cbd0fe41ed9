/**
 * The customer's credit transactions read as orders (docs/account-rules.md#wallet): the orders
 * paid with credit and the approval of each.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { creditTransactions, orders } from '#lib/db/schema.ts';

/** A Credit order as the Wallet panel reads it. */
export interface CreditOrder {
  id: number;
  addressId: number | null;
  paidAmountPaise: number;
  paymentApproval: string;
  paymentMode: string;
  orderStatus: string;
  createdAt: Date;
  pointsEarned: number;
  address: Record<string, unknown> | null;
}

/**
 * The customer's orders paid with credit, newest first. The approval is that of the order's
 * latest credit transaction: Pending after placing, Paid once settled or reversed (cancelled).
 */
export async function listCreditOrders(db: Database, customerId: number): Promise<CreditOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.paymentMode, 'Credit')))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (!rows.length) return [];
  const txs = await db
    .select({ orderId: creditTransactions.orderId, approval: creditTransactions.paymentApproval })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.customerId, customerId),
        inArray(
          creditTransactions.orderId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id));
  const approval = new Map<number, string>();
  for (const t of txs) if (t.orderId !== null) approval.set(t.orderId, t.approval);
  return rows.map((r) => ({
    id: r.id,
    addressId: r.addressId,
    paidAmountPaise: r.paidAmountPaise,
    paymentApproval: approval.get(r.id) ?? 'Pending',
    paymentMode: r.paymentMode,
    orderStatus: r.status,
    createdAt: r.createdAt,
    pointsEarned: r.pointsEarned,
    address: r.addressSnapshot ?? null,
  }));
}
