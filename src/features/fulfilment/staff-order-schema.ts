/**
 * The back office's order as the API answers it (ADR 0061): an order as the board lists it, a board
 * slot, and an order as staff read it, with the orders feature's status and payment values. Zod
 * only (browser-safe); re-exported by contract.ts.
 */
import { z } from 'zod';
import { SUBSTITUTIONS } from '#features/cart/rules.ts';
import { orderSlotSchema } from '#features/delivery/contract.ts';
import {
  ORDER_STATUS_VALUES,
  PAYMENT_MODE_VALUES,
  PAYMENT_STATUS_VALUES,
  REFUND_REASON_VALUES,
  rupees,
  timestamp,
} from '#features/orders/contract.ts';

/** An order as the board lists it. */
export const boardOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUS_VALUES),
  payment_mode: z.enum(PAYMENT_MODE_VALUES),
  payment_status: z.enum(PAYMENT_STATUS_VALUES),
  paid_amount: rupees,
  customer_name: z.string().nullable(),
  customer_mobile: z.string().nullable(),
  zone: z.string().nullable(),
  slot_id: z.string().nullable(),
  slot_label: z.string().nullable().describe('e.g. "Thu 26 Nov, 7–9 AM" (shop time)'),
  items: z.number().int().describe('Items in the order: units, the lines’ quantities added up'),
  rider: z.string().nullable(),
  created_at: timestamp,
  paid_online: z.boolean().describe('Paid online (the gateway confirmed the payment)'),
  payment_problem: z.boolean().describe('A gateway payment could not be accepted: see the order'),
  refund_failed: z.boolean().describe('A refund to the online payment failed and can be retried'),
});

/** One zone's slot on the board. */
export const boardSlotSchema = z.object({
  zone_id: z.string(),
  zone: z.string(),
  slot_id: z.string().describe('"YYYY-MM-DDTHH:MM", shop time'),
  window: z.string().describe('e.g. "7–9 AM"'),
  capacity: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  counts: z
    .partialRecord(z.enum(ORDER_STATUS_VALUES), z.number().int())
    .describe(
      'Orders per status (before filters): placed, processed, out_for_delivery, delivered and cancelled always; pending_payment and payment_failed only when the slot has such an order (one whose gateway payment could not be accepted)',
    ),
  matching: z.number().int().describe('Orders of the slot matching the filters'),
  orders: z
    .array(boardOrderSchema)
    .describe(
      'The 20 newest orders matching the filters (listed by slot start, then order number); every one when the slot is in `open`',
    ),
});

/** An order as the back office reads it. */
export const staffOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUS_VALUES),
  payment_mode: z.enum(PAYMENT_MODE_VALUES),
  payment_status: z.enum(PAYMENT_STATUS_VALUES),
  subtotal: rupees,
  discount: rupees,
  points_redeemed: z.number().int(),
  delivery_fee: rupees,
  paid_amount: rupees,
  amount_due: rupees.describe(
    'What the rider collects at the door: the total for cash or card not yet paid, else 0.00',
  ),
  promo_code: z.string().nullable(),
  payment_reference: z.string().nullable(),
  upi_qr_available: z
    .boolean()
    .describe('A Cash or Card order whose amount due may be collected by a UPI QR (a payment gateway is configured)'),
  /** The online payment: null for other payment modes. */
  payment: z
    .object({
      gateway: z.string().nullable().describe('razorpay or simulator (the configured gateway)'),
      gateway_order_id: z.string().nullable(),
      payment_id: z.string().nullable(),
      problem: z.string().nullable().describe('Why a gateway payment was not accepted (amount or currency)'),
      gateway_state: z
        .enum(['not_created', 'created', 'failed', 'authorized', 'captured', 'refunded', 'unknown'])
        .describe(
          'Where the payment stands at the gateway: asked live while the order is unpaid (unknown when the gateway cannot be asked); captured or refunded once paid',
        ),
      gateway_payments: z
        .array(z.object({ id: z.string(), status: z.string(), method: z.string().nullable() }))
        .describe('The payments the gateway lists for an unpaid order (none are asked for once paid)'),
    })
    .nullable(),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      reason: z.enum(REFUND_REASON_VALUES),
      amount_paise: z.number().int(),
      status: z.enum(['requested', 'sending', 'pending', 'processed', 'failed']),
      failure_reason: z.string().nullable(),
      gateway_refund_id: z.string().nullable(),
      created_at: timestamp,
      updated_at: timestamp,
    }),
  ),
  customer_note: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string().nullable(), mobile: z.string().nullable() }),
  address: z.record(z.string(), z.unknown()).nullable().describe('The delivery address as ordered'),
  map_url: z.string().nullable(),
  delivery_slot: orderSlotSchema.nullable(),
  rider: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      product_id: z.number().int().nullable(),
      name: z.string(),
      qty: z.number().int(),
      unit_price: rupees,
      total_amount: rupees,
      pack: z.string().nullable().describe('Pack size, e.g. "500 g"'),
      substitution: z.enum(SUBSTITUTIONS).nullable().describe('The customer’s choice if it is out of stock'),
      ordered: z.number().describe('What was ordered in the line’s measure (`measure`)'),
      measure: z.string().describe('The unit of `ordered` and `picked`, e.g. "kg", or "packs"'),
      picked: z.number().nullable().describe('What the packer picked, in `measure`; null when as ordered'),
      substituted_for: z.string().nullable().describe('The product ordered, when the line was substituted'),
      ordered_total: rupees.nullable().describe('The line’s total as ordered, once packing changed it'),
      handed_back: z.number().describe('Handed back at the door, in `measure` (0 when none): not charged'),
    }),
  ),
  history: z
    .array(
      z.object({
        kind: z
          .enum(['status', 'picked', 'substituted', 'rider', 'refund', 'refund_retried', 'door'])
          .describe('What the entry is about'),
        status: z.enum(ORDER_STATUS_VALUES).nullable().describe('The status reached (kind `status` only)'),
        text: z.string().describe('What happened, in words, e.g. "Picked 0.85 kg of Nendran Banana (ordered 1 kg)"'),
        at: timestamp,
        by: z.string().describe('Who did it: a staff member’s name, "Customer" or "Shop"'),
      }),
    )
    .describe(
      'Status changes, picks, substitutions, rider assignments, refunds and the rider’s outcomes at the door (kind `door`: recorded, undone, rescheduled), oldest first',
    ),
  /** Riders to assign, for a member who may. */
  riders: z.array(z.object({ id: z.number().int(), name: z.string() })),
  outcome: z
    .object({
      outcome: z.enum(['delivered', 'partly_delivered', 'not_at_home', 'refused']),
      note: z.string().nullable(),
      rider: z.string().nullable(),
      amount_due: rupees.describe('Due at the door after hand-backs'),
      collected: rupees.nullable().describe('What the rider took; null when nothing was due'),
      collected_method: z.enum(['cash', 'upi_qr', 'card']).nullable(),
      short: rupees
        .nullable()
        .describe('amount_due − collected for cash or card (negative: more was collected); null otherwise'),
      undoable: z.boolean().describe('Recorded today (Asia/Kolkata): an owner or manager may undo it'),
      at: timestamp,
    })
    .nullable()
    .describe('The rider’s outcome at the door (not undone), null before one'),
  reschedule_slots: z
    .array(z.object({ id: z.string(), label: z.string(), left: z.number().int() }))
    .describe('Open slots of the order’s zone, for an undelivered order (empty otherwise)'),
});

/** An order as the back office's islands read it. */
export type StaffOrderJson = z.output<typeof staffOrderSchema>;
