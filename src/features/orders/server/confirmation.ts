/**
 * What other features do when an order is confirmed (placed, or its online payment paid), inside
 * the confirming transaction, so it happens exactly once with the order or not at all. Orders
 * declares the hook and calls it; a feature that needs it (invoices: the GST invoice number)
 * registers a listener at the server's start-up (src/server/wiring.ts), so orders imports none of them.
 */
import type { Transaction } from '#lib/db/index.ts';

/** Runs in the transaction that confirms order `orderId`, at `now`. */
export type OrderConfirmedListener = (tx: Transaction, orderId: number, now: Date) => Promise<void>;

const listeners = new Set<OrderConfirmedListener>();

/** Adds a listener (the same function twice counts once). */
export function onOrderConfirmed(listener: OrderConfirmedListener): void {
  listeners.add(listener);
}

/** Runs every listener, in the order they were added. */
export async function orderConfirmed(tx: Transaction, orderId: number, now = new Date()): Promise<void> {
  for (const listener of listeners) await listener(tx, orderId, now);
}
