/**
 * GST invoice numbers (CGST Rule 46(b): consecutive, unique per financial year), issued when the
 * order is confirmed — placed, or for an online payment paid — inside the transaction that
 * confirms it (docs/adr/0059-invoice-number-at-confirmation.md). The allocation bumps the
 * financial year's counter row with one upsert: confirmations queue on that row, so numbers are
 * consecutive and gap-free (a rolled-back order rolls its number back too), across server
 * processes on one PostgreSQL. Reading an invoice never issues a number.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { confirmedOrders } from '#features/orders/index.ts';
import { getConfig } from '#lib/config.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { invoiceCounters, orders } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { financialYear, formatInvoiceNumber } from '../rules.ts';

/** 409 for a cancelled order that never had an invoice (nothing was supplied). */
export const NO_INVOICE_CANCELLED =
  'This order was cancelled before an invoice was issued, so there is no invoice for it.';
/** 409 for an order without an invoice number (placed before numbers were issued at confirmation). */
export const NO_INVOICE_YET = 'The invoice for this order is not ready yet. Please contact us if you need it.';

/** An issued invoice's number and date. */
export interface IssuedInvoice {
  number: string;
  date: Date;
}

/**
 * Issues the next invoice number of the financial year of `now` to order `orderId`, inside the
 * confirming transaction `tx`; an order that has a number keeps it. Registered with the orders
 * feature's confirmation hook (src/server/wiring.ts).
 */
export async function allocateInvoiceNumber(tx: Transaction, orderId: number, now = new Date()): Promise<void> {
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
  const set = await tx
    .update(orders)
    .set({ invoiceNumber: number, invoiceDate: now })
    .where(and(eq(orders.id, orderId), isNull(orders.invoiceNumber)))
    .returning({ id: orders.id });
  // The order had a number already: give this one back (the counter row is still locked by tx).
  if (!set.length)
    await tx
      .update(invoiceCounters)
      .set({ lastNumber: sql`${invoiceCounters.lastNumber} - 1` })
      .where(eq(invoiceCounters.financialYear, fy));
}

/**
 * The invoice number and date of the customer's order; reads only.
 * Errors: 404 not the customer's order (or an online one awaiting its payment or released unpaid); 409
 * cancelled without an invoice, or no number yet.
 */
export async function invoiceNumberOf(
  db: Database,
  customerId: number | null,
  orderId: number,
): Promise<IssuedInvoice> {
  const [row] = await db
    .select({ status: orders.status, number: orders.invoiceNumber, date: orders.invoiceDate })
    .from(orders)
    .where(
      and(eq(orders.id, orderId), customerId === null ? undefined : eq(orders.customerId, customerId), confirmedOrders),
    );
  if (!row) throw notFound('Order not found.');
  if (row.number && row.date) return { number: row.number, date: row.date };
  throw new AppError('conflict', row.status === 'cancelled' ? NO_INVOICE_CANCELLED : NO_INVOICE_YET);
}

/** The invoice number of order `orderId` (any customer's, for staff), or null when it has none. */
export async function staffInvoiceNumber(db: Database, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ number: orders.invoiceNumber })
    .from(orders)
    .where(and(eq(orders.id, orderId), confirmedOrders));
  return row?.number ?? null;
}
