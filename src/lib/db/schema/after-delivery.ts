/**
 * What happens at and after the doorstep: the rider's delivery outcomes and cash, day-end cash
 * handovers, UPI QR codes shown at the door, credit notes and their series, and customers'
 * complaints; part of the one schema, src/lib/db/schema.ts. Money is integer paise.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, updatedAt } from './columns.ts';
import { customers } from './customers.ts';
import { orders } from './orders.ts';
import { staff } from './staff.ts';

/** How a delivery ended at the door. */
export const DELIVERY_OUTCOMES = ['delivered', 'partly_delivered', 'not_at_home', 'refused'] as const;
/** How the money due at the door was taken. */
export const DOOR_PAYMENT_METHODS = ['cash', 'upi_qr', 'card'] as const;

/**
 * A rider's record of how one delivery ended, with the rider's note and the money taken at the
 * door. At most one live (not undone) outcome per order; an owner or manager may undo it the same
 * day with a reason, which puts the order back out for delivery.
 */
export const deliveryOutcomes = pgTable(
  'delivery_outcomes',
  {
    id: serial('id').primaryKey(),
    orderId: requiredRef('order_id', () => orders.id, 'cascade'),
    riderId: integer('rider_id').references(() => staff.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: DELIVERY_OUTCOMES }).notNull(),
    note: text('note'),
    /** What the customer owed at the door after any hand-back (paise); 0 when prepaid or not delivered. */
    amountDuePaise: integer('amount_due_paise').notNull().default(0),
    /** What the rider took (paise); null when nothing was due or the order was not delivered. */
    collectedPaise: integer('collected_paise'),
    collectedMethod: text('collected_method', { enum: DOOR_PAYMENT_METHODS }),
    idempotencyKey: text('idempotency_key'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: integer('undone_by').references(() => staff.id, { onDelete: 'set null' }),
    undoReason: text('undo_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('delivery_outcomes_live_key').on(t.orderId).where(sql`${t.undoneAt} IS NULL`),
    uniqueIndex('delivery_outcomes_idempotency_key').on(t.orderId, t.idempotencyKey),
    index('delivery_outcomes_rider_idx').on(t.riderId, t.createdAt),
    check(
      'delivery_outcomes_outcome_valid',
      sql`${t.outcome} IN ('delivered', 'partly_delivered', 'not_at_home', 'refused')`,
    ),
    check('delivery_outcomes_method_valid', sql`${t.collectedMethod} IN ('cash', 'upi_qr', 'card')`),
    check('delivery_outcomes_collected_nonnegative', sql`${t.collectedPaise} >= 0`),
  ],
);

/**
 * A rider's day-end cash handover: the cash the shop expected (collected at the door that day,
 * less cash the rider gave back) against what was received, the difference's reason. One per rider
 * and business day (Asia/Kolkata).
 */
export const cashHandovers = pgTable(
  'cash_handovers',
  {
    id: serial('id').primaryKey(),
    riderId: requiredRef('rider_id', () => staff.id, 'restrict'),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    expectedPaise: integer('expected_paise').notNull(),
    receivedPaise: integer('received_paise').notNull(),
    /** Why received differs from expected; required when they differ. */
    differenceReason: text('difference_reason'),
    recordedBy: integer('recorded_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cash_handovers_rider_day_key').on(t.riderId, t.businessDate),
    check('cash_handovers_received_nonnegative', sql`${t.receivedPaise} >= 0`),
  ],
);

/** A UPI QR code's life: active (shown at the door), closed (the amount changed or it expired), paid. */
export const QR_CODE_STATUSES = ['active', 'closed', 'paid'] as const;

/**
 * A single-use UPI QR code for exactly the amount due at the door, made through the gateway's QR
 * Codes API (Razorpay `qr_…`). At most one active per order; a changed amount closes it and makes
 * a new one. Paid by its `qr_code.credited` webhook (or by asking the gateway when that is late).
 */
export const paymentQrCodes = pgTable(
  'payment_qr_codes',
  {
    id: serial('id').primaryKey(),
    orderId: requiredRef('order_id', () => orders.id, 'cascade'),
    gatewayQrId: text('gateway_qr_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status', { enum: QR_CODE_STATUSES }).notNull().default('active'),
    /** The gateway's QR image (a URL). */
    imageUrl: text('image_url'),
    closeBy: timestamp('close_by', { withTimezone: true }).notNull(),
    /** The gateway payment (Razorpay `pay_…`) that paid it. */
    paymentId: text('payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_qr_codes_gateway_qr_id_key').on(t.gatewayQrId),
    uniqueIndex('payment_qr_codes_payment_id_key').on(t.paymentId),
    uniqueIndex('payment_qr_codes_active_key').on(t.orderId).where(sql`${t.status} = 'active'`),
    check('payment_qr_codes_amount_positive', sql`${t.amountPaise} > 0`),
    check('payment_qr_codes_status_valid', sql`${t.status} IN ('active', 'closed', 'paid')`),
  ],
);

/** Why a credit note was issued (the adjustment kinds). */
export const CREDIT_NOTE_REASONS = [
  'packing',
  'hand_back',
  'return',
  'refund',
  'cancellation',
  'price_correction',
] as const;

/** One line of a credit note, as on the invoice: taxable value and tax at the line's rate (paise). */
export interface CreditNoteLine {
  orderItemId: number | null;
  description: string;
  hsnCode: string | null;
  /** How much of the line is credited, in its measure; null for a whole-line or fee credit. */
  qty: number | null;
  unit: string | null;
  taxPercent: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * A GST credit note (CGST Act s.34, rule 53): every reduction after an invoice. Numbered in its
 * own gapless series per financial year (credit_note_counters), naming the original invoice.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    /** e.g. FF/CN/26-27/000012 */
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    orderId: requiredRef('order_id', () => orders.id, 'restrict'),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: timestamp('invoice_date', { withTimezone: true }).notNull(),
    reason: text('reason', { enum: CREDIT_NOTE_REASONS }).notNull(),
    note: text('note'),
    lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull().default(0),
    sgstPaise: integer('sgst_paise').notNull().default(0),
    igstPaise: integer('igst_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    index('credit_notes_order_idx').on(t.orderId),
    // A cancellation credits the whole invoice once.
    uniqueIndex('credit_notes_cancellation_key').on(t.orderId).where(sql`${t.reason} = 'cancellation'`),
    check('credit_notes_total_positive', sql`${t.totalPaise} > 0`),
  ],
);

/** The last credit note number issued in each financial year, as invoice_counters. */
export const creditNoteCounters = pgTable('credit_note_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** Why a customer complains. */
export const COMPLAINT_REASONS = [
  'damaged',
  'spoiled',
  'wrong_item',
  'short_weight',
  'missing_item',
  'not_delivered',
  'late_delivery',
  'billing',
  'other',
] as const;
/** A complaint's life: new → acknowledged → resolved. */
export const COMPLAINT_STATUSES = ['new', 'acknowledged', 'resolved'] as const;

/** A complained-about line: the order line and how many of it. */
export interface ComplaintLine {
  orderItemId: number;
  qty: number;
}

/**
 * A customer's complaint (Consumer Protection (E-Commerce) Rules 2020 rule 4(5)): a ticket number
 * shown and sent by SMS, acknowledged within 48 hours and resolved within a month. About one order
 * ("Report a problem") or not (/grievance). The photo is private: shown only to its customer and
 * staff, deleted after the retention period.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    /** e.g. C-26-000042 */
    ticketNumber: text('ticket_number').notNull(),
    customerId: requiredRef('customer_id', () => customers.id, 'restrict'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: COMPLAINT_REASONS }).notNull(),
    description: text('description'),
    lines: jsonb('lines').$type<ComplaintLine[]>(),
    /** The photo's file name under the private media folder; null when none or deleted. */
    photoPath: text('photo_path'),
    photoDeletedAt: timestamp('photo_deleted_at', { withTimezone: true }),
    status: text('status', { enum: COMPLAINT_STATUSES }).notNull().default('new'),
    acknowledgeBy: timestamp('acknowledge_by', { withTimezone: true }).notNull(),
    resolveBy: timestamp('resolve_by', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => staff.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => staff.id, { onDelete: 'set null' }),
    /** What the shop did, as the customer reads it. */
    resolution: text('resolution'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('complaints_ticket_number_key').on(t.ticketNumber),
    uniqueIndex('complaints_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('complaints_customer_idx').on(t.customerId, t.createdAt),
    index('complaints_order_idx').on(t.orderId),
    index('complaints_open_idx').on(t.createdAt).where(sql`${t.status} <> 'resolved'`),
    check('complaints_status_valid', sql`${t.status} IN ('new', 'acknowledged', 'resolved')`),
  ],
);
