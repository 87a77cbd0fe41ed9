/**
 * What other features do when an order that has an invoice is cancelled (after confirmation),
 * inside the cancelling transaction, so it happens exactly once with the cancellation or not at
 * all. Orders declares the hook and calls it; the invoices feature registers its credit note for
 * the whole invoice at the server's start-up (src/server/wiring.ts), so orders imports none of them.
 */
import type { Transaction } from '#lib/db/index.ts';

/** Runs in the transaction that cancels invoiced order `orderId`, at `now`, with the cancellation's reason. */
export type InvoicedOrderCancelledListener = (
  tx: Transaction,
  orderId: number,
  now: Date,
  reason: string | null,
) => Promise<void>;

const listeners = new Set<InvoicedOrderCancelledListener>();

/** Adds a listener (the same function twice counts once). */
export function onInvoicedOrderCancelled(listener: InvoicedOrderCancelledListener): void {
  listeners.add(listener);
}

/** Runs every listener, in the order they were added. */
export async function invoicedOrderCancelled(
  tx: Transaction,
  orderId: number,
  now: Date,
  reason: string | null,
): Promise<void> {
  for (const listener of listeners) await listener(tx, orderId, now, reason);
}
