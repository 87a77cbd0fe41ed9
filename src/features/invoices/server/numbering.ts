/**
 * Issuing an order's GST invoice number (CGST Rule 46(b): consecutive, unique per financial
 * year): once per order, at its first download, in one transaction that locks the order row
 * and bumps the financial year's counter row with one upsert. Parallel first downloads of the
 * same order wait on the order's lock and find the number set; those of different orders queue
 * on the counter row, so numbers are consecutive and gap-free (a rolled-back transaction rolls
 * its number back too), across server processes on one PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { invoiceCounters, orders } from '#lib/db/schema.ts';
import { getConfig } from '#lib/config.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { visible } from '#features/orders/index.ts';
import { financialYear, formatInvoiceNumber } from '../rules.ts';

/** 409 for a cancelled order that never had an invoice (nothing was supplied). */
export const NO_INVOICE_CANCELLED =
  'This order was cancelled before an invoice was issued, so there is no invoice for it.';

/** An issued invoice's number and date. */
export interface IssuedInvoice {
  number: string;
  date: Date;
}

/**
 * The invoice number and date of the customer's order, issuing them now when it has none.
 * Errors: 404 not the customer's order (or its online payment is pending or failed); 409 cancelled without an invoice.
 */
export async function issueInvoiceNumber(
  db: Database,
  customerId: number,
  orderId: number,
  now = new Date(),
): Promise<IssuedInvoice> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: orders.status, number: orders.invoiceNumber, date: orders.invoiceDate })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), visible))
      .for('update');
    if (!row) throw notFound('Order not found.');
    if (row.number && row.date) return { number: row.number, date: row.date };
    if (row.status === 'cancelled') throw new AppError('conflict', NO_INVOICE_CANCELLED);
    const fy = financialYear(now);
    const [counter] = await tx
      .insert(invoiceCounters)
      .values({ financialYear: fy, lastNumber: 1 })
      .onConflictDoUpdate({
        target: invoiceCounters.financialYear,
        set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
      })
      .returning({ n: invoiceCounters.lastNumber });
    const number = formatInvoiceNumber(getConfig().INVOICE_PREFIX, fy, counter!.n);
    await tx.update(orders).set({ invoiceNumber: number, invoiceDate: now }).where(eq(orders.id, orderId));
    return { number, date: now };
  });
}
