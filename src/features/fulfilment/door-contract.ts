/**
 * The rider at the door and the day-end cash (ADR 0140): a delivery's outcome and its quote, undo,
 * rescheduling an undelivered order, and the riders' cash handover. Re-exported by contract.ts. Zod
 * only (browser-safe). Money in answers is rupees with 2 decimals as elsewhere in the back office;
 * amounts sent are rupees too (at most 2 decimals), turned into paise on the server.
 */
import { z } from 'zod';
import { rupees, timestamp } from '#features/orders/contract.ts';
import { RETURN_REASON_VALUES, type ReturnReason } from '#features/returns/rules.ts';
import { defineAdminRoute, positiveId } from '#lib/http/contract.ts';
import { staffOrderSchema } from './staff-order-schema.ts';

/** How a delivery ends at the door (the schema's delivery_outcomes.outcome). */
export const DELIVERY_OUTCOME_VALUES = ['delivered', 'partly_delivered', 'not_at_home', 'refused'] as const;
/**
 * How each reason (the returns feature's, the schema's order_adjustments.reason) reads to a rider
 * choosing why an item was handed back at the door, and in the order's history.
 */
export const DOOR_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  spoiled: 'Spoiled or not fresh',
  wrong_item: 'Wrong item',
  short_weight: 'Short weight',
  not_delivered: 'Missing from the bag',
  goodwill: 'Customer did not want it',
};

const params = z.object({ id: positiveId('Invalid order id.') });
const orderAnswer = z.object({ order: staffOrderSchema });

/** An amount in rupees sent by a form (e.g. 245.5), as paise. */
const rupeesIn = (message: string) =>
  z.coerce
    .number({ error: message })
    .min(0, message)
    .max(10_000_000, message)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'At most 2 decimals (paise).')
    .transform((n) => Math.round(n * 100));

/** What is handed back at the door, per line. */
const handBackSchema = z
  .array(
    z.object({
      line_id: positiveId('Choose the order’s items.'),
      qty: z.coerce
        .number({ error: 'Enter how much was handed back.' })
        .positive('Enter how much was handed back.')
        .max(100000, 'Enter how much was handed back.')
        .transform((n) => Math.round(n * 1000) / 1000)
        .describe('In the line’s measure: packs, or its weight unit (e.g. 0.5 for half a kg)'),
      reason: z
        .enum(RETURN_REASON_VALUES, { error: 'Unknown reason.' })
        .optional()
        .describe('Why it was handed back; the rider’s screen asks it for every line, the API keeps it optional'),
    }),
  )
  .max(200)
  .default([]);

/** POST /api/admin/orders/{id}/outcome/quote: what the door takes, before confirming. */
export const doorQuoteRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/outcome/quote',
  summary: 'What to collect at the door, with the items handed back',
  description:
    'Records nothing: the amount the hand-backs take off and the amount due after them, worked out by the server as the outcome will be. 409 unless out for delivery; 400 a quantity more than the line holds.',
  permission: 'orders.deliver',
  params,
  body: z.object({ hand_back: handBackSchema }),
  response: z.object({ hand_back_total: rupees, due_before: rupees, amount_due: rupees }),
});

/** POST /api/admin/orders/{id}/outcome: how the delivery ended. */
export const recordOutcomeRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/outcome',
  summary: 'Record how a delivery ended at the door',
  description:
    '`delivered` (nothing handed back), `partly_delivered` (`hand_back` lines: not charged, refunded as packing refunds — credit, the online or UPI payment, cash given back, or the amount due drops — with one credit note for them on an invoiced order), `not_at_home` or `refused` (the order becomes undelivered, back at the shop; the customer gets an SMS). For a Cash or Card order with something due, `collected` (rupees) is required; the order is paid only when it equals the amount due, and a difference stays on the outcome for the day-end handover. An order already paid by UPI QR records method `upi_qr`; `collected_method: upi_qr` without `collected` (a gateway configured) delivers it unpaid and the rider then shows the customer a UPI QR for the amount due, which pays it. The same `idempotency_key` again changes nothing; another outcome once one is recorded is 409. A rider records only the orders assigned to them (404 otherwise).',
  permission: 'orders.deliver',
  params,
  body: z.object({
    outcome: z.enum(DELIVERY_OUTCOME_VALUES, { error: 'Choose how the delivery ended.' }),
    note: z.string().trim().max(500, 'A note has at most 500 characters.').optional(),
    hand_back: handBackSchema,
    collected: rupeesIn('Enter the amount collected in rupees.').optional(),
    collected_method: z.enum(['cash', 'card', 'upi_qr'], { error: 'Cash, card or UPI QR.' }).optional(),
    idempotency_key: z
      .string({ error: 'An idempotency key is required.' })
      .trim()
      .min(8, 'An idempotency key is required.')
      .max(100, 'An idempotency key is required.'),
  }),
  response: orderAnswer,
});

/** POST /api/admin/orders/{id}/outcome/undo: an owner or manager undoes the rider's outcome. */
export const undoOutcomeRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/outcome/undo',
  summary: 'Undo a rider’s outcome the same day',
  description:
    'The order goes back out for delivery; hand-backs that only lowered the amount due are removed; a door payment is unmarked; points credited on delivery are taken back. 409 on another day (Asia/Kolkata), once the order moved on (rescheduled, cancelled), or when a handed-back item has money already gone back or a credit note (every hand-back on an invoiced order gets one, which is never deleted: a delivery in part is not undone).',
  permission: 'orders.refund',
  params,
  body: z.object({
    reason: z
      .string({ error: 'Please give a reason.' })
      .trim()
      .min(3, 'Give a reason of at least 3 characters.')
      .max(200, 'A reason has at most 200 characters.'),
  }),
  response: orderAnswer,
});

/** POST /api/admin/orders/{id}/reschedule: an undelivered order gets a new slot. */
export const rescheduleRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/reschedule',
  summary: 'Reschedule an undelivered order to a slot',
  description:
    'The order is processed again in an open slot of its zone (the place taken as an order takes one, the old one given back). 409 unless undelivered, or the slot is full or closed; 400 a slot the zone does not offer.',
  permission: 'orders.refund',
  params,
  body: z.object({
    slot_id: z
      .string({ error: 'Choose a slot.' })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Choose a slot.'),
  }),
  response: orderAnswer,
});

/** One rider's cash for a day. */
const riderCashSchema = z.object({
  rider_id: z.number().int(),
  rider: z.string(),
  outcomes: z.number().int().describe('Deliveries ended that day (live outcomes)'),
  collected: rupees.describe('Cash collected at the door'),
  given_back: rupees.describe(
    'Cash the rider gave back to customers that day (refund_to cash, given by the rider; the shop’s till refunds not counted)',
  ),
  expected: rupees.describe('collected − given_back'),
  handover: z
    .object({
      expected: rupees.describe('What was expected when the handover was recorded'),
      received: rupees,
      difference: rupees.describe('received − expected (negative when short)'),
      stale: z
        .boolean()
        .describe('True when the expected cash changed after the handover was recorded: record it again'),
      reason: z.string().nullable(),
      recorded_by: z.string().nullable(),
      updated_at: timestamp,
    })
    .nullable(),
});

const cashDate = z.iso.date({ error: 'Choose a day (YYYY-MM-DD).' });

/** GET /api/admin/cash: a day's cash per rider. */
export const cashDayRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/cash',
  summary: 'A day’s cash per rider: expected against received',
  description: 'Every active rider and anyone with cash that day; `recent` lists the last 30 handovers recorded.',
  permission: 'cash.handover',
  query: z.object({ date: cashDate.optional().describe('YYYY-MM-DD (shop time); today when absent') }),
  response: z.object({
    date: z.string(),
    today: z.string(),
    riders: z.array(riderCashSchema),
    recent: z.array(
      z.object({
        date: z.string(),
        rider: z.string(),
        expected: rupees,
        received: rupees,
        difference: rupees,
        reason: z.string().nullable(),
      }),
    ),
  }),
});

/** PUT /api/admin/cash: records a rider's handover for a day. */
export const recordHandoverRoute = defineAdminRoute({
  method: 'PUT',
  path: '/api/admin/cash',
  summary: 'Record a rider’s day-end cash handover',
  description:
    'The expected cash is worked out by the server when it records; `difference_reason` is required when `received` differs. Recording again for the same rider and day corrects it (audited each time). 400 a day in the future.',
  permission: 'cash.handover',
  body: z.object({
    rider_id: positiveId('Choose one of the shop’s riders.'),
    date: cashDate,
    received: rupeesIn('Enter the cash received in rupees.'),
    difference_reason: z.string().trim().max(300, 'A reason has at most 300 characters.').optional(),
  }),
  response: cashDayRoute.response,
});

export const doorContracts = [
  doorQuoteRoute,
  recordOutcomeRoute,
  undoOutcomeRoute,
  rescheduleRoute,
  cashDayRoute,
  recordHandoverRoute,
] as const;

/** The cash page's answer. */
export type CashDayJson = z.output<typeof cashDayRoute.response>;
