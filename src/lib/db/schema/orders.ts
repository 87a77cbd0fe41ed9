/**
 * Promo codes, orders and their lines, and the credit and points ledgers; part of the one schema,
 * src/lib/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { createdAt, requiredRef, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { addresses, SUBSTITUTIONS } from './shopping.ts';
import { staff } from './staff.ts';

/**
 * A promo code: a percentage or a fixed amount off the subtotal (exactly one of the two) inside
 * an active window, with limits. Ending a code early sets `ends_at` to the moment it ended.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    description: text('description'),
    /** Percent off the subtotal (1–100); null for an amount code. */
    percentOff: integer('percent_off'),
    /** Paise off the subtotal (never more than the subtotal); null for a percent code. */
    amountOffPaise: integer('amount_off_paise'),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Total uses allowed across all customers; null means unlimited. */
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    /** Uses allowed per customer; null means unlimited. */
    perCustomerLimit: integer('per_customer_limit'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(t.code),
    check('promo_codes_percent_range', sql`${t.percentOff} > 0 AND ${t.percentOff} <= 100`),
    check('promo_codes_amount_positive', sql`${t.amountOffPaise} > 0`),
    check('promo_codes_one_kind', sql`(${t.percentOff} IS NULL) <> (${t.amountOffPaise} IS NULL)`),
  ],
);

/**
 * Order status state machine: placed → processed → out_for_delivery → delivered; placed or processed →
 * cancelled; out_for_delivery → undelivered (not at home, refused: back at the shop), then processed
 * again (rescheduled to a slot) or cancelled. An online order starts as pending_payment (created, not yet paid; it holds its stock, slot and
 * promo use) and becomes placed once paid, or payment_failed when it is released unpaid (declined,
 * abandoned or expired: everything given back). `placed` means the shop has the order.
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'placed',
  'processed',
  'out_for_delivery',
  'delivered',
  'undelivered',
  'cancelled',
  'payment_failed',
] as const;
/** Payment modes as stored and sent (clients send cod → Cash, card → Card, credit → Credit, online → Online). */
export const PAYMENT_MODES = ['Cash', 'Card', 'Credit', 'Online'] as const;
/** Payment states of an order (see orders.paymentStatus). */
export const PAYMENT_STATUSES = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const;
/** Credit approval states, the Wallet panel's tabs. */
export const PAYMENT_APPROVALS = ['Due', 'Pending', 'Paid'] as const;

/**
 * An order. Money columns are the server's own figures at placement time. After account
 * deletion `customer_id` stays (for the books) but the customer row holds no personal data and
 * the address snapshot is blanked.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: requiredRef('customer_id', () => customers.id, 'restrict'),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    /** Copy of the delivery address as it was when the order was placed. */
    addressSnapshot: jsonb('address_snapshot').$type<Record<string, unknown> | null>(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('placed'),
    paymentMode: text('payment_mode', { enum: PAYMENT_MODES }).notNull(),
    /**
     * unpaid (Cash/Card/Credit until settled), paid, refunded; for an online payment `pending`
     * while it awaits the customer's payment (status pending_payment: reserved but not shown to the
     * customer nor on the board) and `failed` when it was released unpaid (status payment_failed:
     * declined, abandoned or expired, its goods given back).
     */
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    subtotalPaise: integer('subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    pointsRedeemed: integer('points_redeemed').notNull().default(0),
    deliveryFeePaise: integer('delivery_fee_paise').notNull().default(0),
    /** What the customer pays: subtotal − discount − points + delivery fee. */
    paidAmountPaise: integer('paid_amount_paise').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    promoCode: text('promo_code'),
    customerNote: text('customer_note'),
    /** If an item is out of stock: replace, refund or call; null for orders placed before the choice existed. */
    substitution: text('substitution', { enum: SUBSTITUTIONS }),
    pointsEarned: integer('points_earned').notNull().default(0),
    /** When the earned points were added to the customer's balance (on delivery). */
    pointsCreditedAt: timestamp('points_credited_at', { withTimezone: true }),
    /** The gateway's payment id (Razorpay `pay_…`) that paid an online order. */
    paymentReference: text('payment_reference'),
    /** The gateway order (Razorpay `order_…`) the customer pays an online order into; set once it is created. */
    gatewayOrderId: text('gateway_order_id'),
    /**
     * When the payments job last asked the gateway about this order's payment (null: never); an
     * order is asked at most once a minute, however many processes run the job.
     */
    paymentCheckedAt: timestamp('payment_checked_at', { withTimezone: true }),
    /**
     * Why a payment for this order could not be accepted (the gateway's amount or currency differs
     * from the order's): shown to staff; null when there is none.
     */
    paymentProblem: text('payment_problem'),
    /** Client-chosen key: the same key from the same customer returns the same order. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 (hex) of the canonical place-order request sent with the idempotency key. */
    requestHash: text('request_hash'),
    /** Delivery zone (src/features/delivery) the address was in when the order was placed. */
    deliveryZoneId: text('delivery_zone_id'),
    /** Delivery slot id ("YYYY-MM-DDTHH:MM", shop time) holding a place in delivery_slot_usage. */
    deliverySlotId: text('delivery_slot_id'),
    deliverySlotStart: timestamp('delivery_slot_start', { withTimezone: true }),
    deliverySlotEnd: timestamp('delivery_slot_end', { withTimezone: true }),
    /** GST invoice number, e.g. FF/26-27/000123: assigned once, at the first download (invoices feature). */
    invoiceNumber: text('invoice_number'),
    invoiceDate: timestamp('invoice_date', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    outForDeliveryAt: timestamp('out_for_delivery_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the rider last brought it back undelivered (not at home, refused); null otherwise. */
    undeliveredAt: timestamp('undelivered_at', { withTimezone: true }),
    /** When it was cancelled, or (payment_failed) released unpaid. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why the shop cancelled it (the staff member's reason); null when the customer cancelled. */
    cancelReason: text('cancel_reason'),
    /** The rider (staff) who delivers it; set by staff on the order page. */
    riderId: integer('rider_id').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // The order board reads a day's orders by slot; a rider's list by rider.
    index('orders_slot_start_idx').on(t.deliverySlotStart),
    index('orders_rider_idx').on(t.riderId, t.deliverySlotStart),
    uniqueIndex('orders_idempotency_key').on(t.customerId, t.idempotencyKey),
    check('orders_substitution_valid', sql`${t.substitution} IN ('replace', 'refund', 'call')`),
    uniqueIndex('orders_invoice_number_key').on(t.invoiceNumber),
    uniqueIndex('orders_gateway_order_id_key').on(t.gatewayOrderId),
    // The payments job reads the orders awaiting their online payment.
    index('orders_payment_pending_idx').on(t.createdAt).where(sql`${t.paymentStatus} = 'pending'`),
    // The payments job watches orders released in the last half hour for a payment that still arrives.
    index('orders_payment_released_idx')
      .on(t.cancelledAt)
      .where(sql`${t.paymentStatus} = 'failed' AND ${t.gatewayOrderId} IS NOT NULL`),
  ],
);

/** A line item of an order, priced and named as at placement. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: requiredRef('order_id', () => orders.id, 'cascade'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    productImage: text('product_image'),
    qty: integer('qty').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** The product's HSN code when ordered (for the invoice). */
    hsnCode: text('hsn_code'),
    /** Pack size when ordered, e.g. 500 "g", for the invoice's unit column. */
    weight: numeric('weight', { precision: 10, scale: 3, mode: 'number' }),
    weightUnit: text('weight_unit'),
    totalAmountPaise: integer('total_amount_paise').notNull(),
    /**
     * The out-of-stock choice in force for this line when ordered (its own, else the order's); null
     * for lines ordered before the choice existed.
     */
    substitution: text('substitution', { enum: SUBSTITUTIONS }),
    /**
     * What the packer picked, in the line's measure: its weight unit for a line with a pack weight
     * (qty × weight ordered, e.g. 0.85 of 1 "kg"), else packs; null when picked as ordered.
     */
    pickedAmount: numeric('picked_amount', { precision: 10, scale: 3, mode: 'number' }),
    /** The product the line was ordered as, when the packer substituted it (its name then); null otherwise. */
    substitutedFor: text('substituted_for'),
    /** The line's total as ordered (paise), kept once packing changed `total_amount_paise`; null until then. */
    orderedTotalPaise: integer('ordered_total_paise'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_qty_positive', sql`${t.qty} >= 1`),
    check('order_items_substitution_valid', sql`${t.substitution} IN ('replace', 'refund', 'call')`),
  ],
);

/** A credit transaction: an order paid with the customer's credit line, or its reversal. */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: serial('id').primaryKey(),
    customerId: requiredRef('customer_id', () => customers.id, 'restrict'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** `adjustment`: staff moved the available balance by `amount_paise` (signed) with a `note`. */
    kind: text('kind', { enum: ['debit', 'reversal', 'repayment', 'adjustment'] })
      .notNull()
      .default('debit'),
    amountPaise: integer('amount_paise').notNull(),
    paymentApproval: text('payment_approval', { enum: PAYMENT_APPROVALS }).notNull().default('Pending'),
    /** Why staff adjusted the balance (adjustments only). */
    note: text('note'),
    /** The staff member's idempotency key of an adjustment: the same key never adjusts twice. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('credit_transactions_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('credit_transactions_idempotency_key').on(t.idempotencyKey),
  ],
);

/** Points ledger: points earned on orders, redeemed at checkout, restored on cancellation. */
export const pointsTransactions = pgTable(
  'points_transactions',
  {
    id: serial('id').primaryKey(),
    customerId: requiredRef('customer_id', () => customers.id, 'restrict'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Signed: positive when earned or restored, negative when redeemed or revoked. */
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['earned', 'redeemed', 'restored', 'revoked', 'adjust'] }).notNull(),
    /** Why staff adjusted the balance (`adjust` only). */
    note: text('note'),
    /** The staff member's idempotency key of an adjustment: the same key never adjusts twice. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('points_transactions_customer_idx').on(t.customerId),
    uniqueIndex('points_transactions_idempotency_key').on(t.idempotencyKey),
  ],
);

/** What reduced an order: packing (a lighter pick or cheaper substitute), a line handed back at the door, a return or refund after delivery, a cancellation after confirmation, a price correction. */
export const ADJUSTMENT_KINDS = [
  'packing',
  'hand_back',
  'return',
  'refund',
  'cancellation',
  'price_correction',
] as const;
/** Why staff took something back or refunded it after delivery (returns and refunds, and hand-backs). */
export const RETURN_REASONS = [
  'damaged',
  'spoiled',
  'wrong_item',
  'short_weight',
  'not_delivered',
  'goodwill',
] as const;
/** Where an adjustment's money went: the credit line, the online payment, a pay-on-delivery amount dropped, or cash given back by the rider. */
export const REFUND_DESTINATIONS = ['credit', 'original_payment', 'due', 'cash'] as const;

/**
 * An order's reduction and its refund: the difference a lower picked quantity or a cheaper
 * substitute takes off an order (packing), a line handed back at the door, a return or refund
 * after delivery, and where the money went. Written in the change's transaction with its credit
 * note (when the order has an invoice); an online refund is then asked of the gateway once.
 */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    id: serial('id').primaryKey(),
    orderId: requiredRef('order_id', () => orders.id, 'cascade'),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    /** What the line's total fell by (paise). */
    amountPaise: integer('amount_paise').notNull(),
    /** What went back to the customer (paise): at most what the order still charged. */
    refundPaise: integer('refund_paise').notNull(),
    /** credit: the credit line; original_payment: the online payment; due: a pay-on-delivery amount dropped; cash: given back by the rider. */
    refundTo: text('refund_to', { enum: REFUND_DESTINATIONS }).notNull(),
    kind: text('kind', { enum: ADJUSTMENT_KINDS }).notNull().default('packing'),
    /** Why (returns, refunds and hand-backs); null for packing. */
    reason: text('reason', { enum: RETURN_REASONS }),
    /** How much of the line went back, in its measure (packs, or its weight unit); null for packing and whole-order changes. */
    qty: numeric('qty', { precision: 10, scale: 3, mode: 'number' }),
    /** The staff member's or rider's note. */
    note: text('note'),
    /** Who recorded it (null: the packing screen before this column, or the command line). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The client's idempotency key of the request that recorded it: the same key records nothing twice. */
    idempotencyKey: text('idempotency_key'),
    /**
     * Cash given back (refund_to 'cash'): the rider who handed it over, which their day-end handover
     * counts; null when the shop paid it from the till (or the money went elsewhere).
     */
    cashGivenBy: integer('cash_given_by').references(() => staff.id, { onDelete: 'set null' }),
    /** The complaint it settles, if any (complaints feature). */
    complaintId: integer('complaint_id'),
    /** The credit note it is part of (null: made before credit notes existed, or an order without an invoice). */
    creditNoteId: integer('credit_note_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_adjustments_order_idx').on(t.orderId),
    uniqueIndex('order_adjustments_idempotency_key').on(t.orderId, t.idempotencyKey),
    check(
      'order_adjustments_kind_valid',
      sql`${t.kind} IN ('packing', 'hand_back', 'return', 'refund', 'cancellation', 'price_correction')`,
    ),
  ],
);

/**
 * The last GST invoice number issued in each financial year (April–March, Asia/Kolkata), e.g.
 * `2026-27` → 123. Bumped with one upsert in the transaction that stamps the order, so numbers
 * are consecutive and never reused, whatever runs in parallel.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** Order events that send the customer an SMS. */
export const ORDER_NOTIFICATION_EVENTS = [
  'confirmed',
  'out_for_delivery',
  'delivered',
  'cancelled',
  // A payment that arrived after its order was released is refunded: the customer is told.
  'payment_refunded',
  // The rider brought the order back (not at home, refused).
  'undelivered',
  // A complaint was received: its ticket number (complaint_id set).
  'complaint_received',
] as const;

/**
 * The order status SMS outbox: one row per order and event (unique), written in the transaction
 * that changes the order, so the SMS is owed exactly when the change committed. The dispatcher
 * (notifications feature) sends due rows: `attempts` counts tries, `next_attempt_at` is when the
 * row is due (a claimed row is pushed ahead while it is being sent), `last_error` says why the
 * last try failed; `sent_at` or `failed_at` (tries used up, or no phone) ends it.
 */
export const orderNotifications = pgTable(
  'order_notifications',
  {
    id: serial('id').primaryKey(),
    /** The order the SMS is about; null for a complaint's SMS not about one order. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    /** The complaint the SMS is about (complaint_received); null otherwise. */
    complaintId: integer('complaint_id'),
    event: text('event', { enum: ORDER_NOTIFICATION_EVENTS }).notNull(),
    language: text('language').notNull(),
    /**
     * The number the SMS goes to (E.164): the customer's number when it was queued, replaced by the
     * number each try is sent to (written as the try is claimed, before the gateway is called), so a
     * sent SMS keeps the number it went to whatever the customer changes later. Null where it
     * cannot be known (rows from before the column whose number may since have changed) and once
     * the customer's account is deleted.
     */
    toPhone: text('to_phone'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_notifications_order_event_key').on(t.orderId, t.event),
    uniqueIndex('order_notifications_complaint_event_key').on(t.complaintId, t.event),
    // The dispatcher reads the rows still owed, by when they are due.
    index('order_notifications_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);
