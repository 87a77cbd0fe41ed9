/**
 * Online payments' own records: refunds to an online payment with their status, and the gateway
 * webhook events already acted on; part of the one schema, src/lib/db/schema.ts. The order's own
 * payment fields (mode, status, gateway order, problem) stay on orders.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, updatedAt } from './columns.ts';
import { orderAdjustments, orders } from './orders.ts';

/** Why money goes back to an online payment. */
/** `return`: a return, refund or hand-back after delivery (an adjustment, as packing's). */
export const PAYMENT_REFUND_REASONS = ['cancel', 'packing', 'late_payment', 'return'] as const;
/**
 * A refund's life: requested (written with the change that owes it) → sending (claimed by the one
 * process that asks the gateway) → pending (the gateway took it) → processed or failed (settled by
 * webhook or by fetching it); a failed one goes back to requested, as its next attempt, when
 * staff retry it.
 */
export const PAYMENT_REFUND_STATUSES = ['requested', 'sending', 'pending', 'processed', 'failed'] as const;

/**
 * A refund to an online payment: a cancellation's (the whole amount paid), a packing
 * adjustment's (the difference), or a late payment's (a payment that arrived for an order
 * already released, or a second payment of one order: all of it). At most one per cancelled
 * order, per adjustment and per late payment id.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: requiredRef('order_id', () => orders.id, 'cascade'),
    adjustmentId: integer('adjustment_id').references(() => orderAdjustments.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: PAYMENT_REFUND_REASONS }).notNull(),
    /** The gateway payment refunded (Razorpay `pay_…`). */
    paymentId: text('payment_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: PAYMENT_REFUND_STATUSES }).notNull().default('requested'),
    /** The gateway's refund (Razorpay `rfnd_…`), once it took it. */
    gatewayRefundId: text('gateway_refund_id'),
    /** Why the gateway refused or failed it (failed only). */
    failureReason: text('failure_reason'),
    /**
     * Which attempt the row stands for: 1, then one more each time staff retry a failed refund.
     * The gateway knows an attempt by `<id>-<attempt>` in the refund's `notes.refund_id`, so an
     * earlier attempt's answer never settles a later one (ADR 0108).
     */
    attempt: integer('attempt').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payment_refunds_order_idx').on(t.orderId),
    index('payment_refunds_open_idx').on(t.updatedAt).where(sql`${t.status} IN ('requested', 'sending', 'pending')`),
    uniqueIndex('payment_refunds_gateway_refund_id_key').on(t.gatewayRefundId),
    uniqueIndex('payment_refunds_adjustment_key').on(t.adjustmentId),
    uniqueIndex('payment_refunds_cancel_key').on(t.orderId).where(sql`${t.reason} = 'cancel'`),
    uniqueIndex('payment_refunds_late_payment_key').on(t.paymentId).where(sql`${t.reason} = 'late_payment'`),
    check('payment_refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('payment_refunds_attempt_positive', sql`${t.attempt} >= 1`),
    check('payment_refunds_reason_valid', sql`${t.reason} IN ('cancel', 'packing', 'late_payment', 'return')`),
    check(
      'payment_refunds_status_valid',
      sql`${t.status} IN ('requested', 'sending', 'pending', 'processed', 'failed')`,
    ),
  ],
);

/**
 * Gateway webhook events already acted on, by the gateway's delivery id (`x-razorpay-event-id`)
 * and by the event's own key (its type and entity ids, inside the signature: webhookEventKey;
 * null for an event that names no entity): inserted in the transaction that acts on the event,
 * so a repeated delivery, or a replay under a new delivery id, changes nothing.
 */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventKey: text('event_key').unique('payment_webhook_events_event_key_unique'),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
