/**
 * The customer's order as the API answers it, and the small schemas the
 * orders feature's route declarations share. Zod only (browser-safe); re-exported by contract.ts.
 */
import { z } from 'zod';
import { SUBSTITUTIONS } from '#features/cart/rules.ts';
import { orderSlotSchema } from '#features/delivery/contract.ts';

/**
 * An order's status, in the order of its life (ADR 0099): an online order is pending_payment until
 * paid (then placed) or released unpaid (payment_failed); placed means the shop has the order.
 */
export const ORDER_STATUS_VALUES = [
  'pending_payment',
  'placed',
  'processed',
  'out_for_delivery',
  'delivered',
  'undelivered',
  'cancelled',
  'payment_failed',
] as const;
/** An order's payment mode and payment status as the answers name them. */
export const PAYMENT_MODE_VALUES = ['Cash', 'Card', 'Credit', 'Online'] as const;
export const PAYMENT_STATUS_VALUES = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const;

export const rupees = z.string().describe('rupees with 2 decimals, e.g. "149.00"');
export const timestamp = z.string().describe('ISO 8601 time');

/** An order line: id, qty, total_amount, product with title and image. */
export const orderItemJsonSchema = z.object({
  id: z.number().int(),
  qty: z.number().int(),
  total_amount: rupees,
  /** The product as it was ordered; id null once the product is gone from the catalogue. */
  product: z.object({ id: z.number().int().nullable(), title: z.string(), image: z.string().nullable() }),
  /** If out of stock: the choice in force for this line; null for orders placed before it existed. */
  substitution: z.enum(SUBSTITUTIONS).nullable(),
  /** What the packer picked, in `measure` (e.g. 0.85 "kg"); null when picked as ordered. */
  picked: z.number().nullable(),
  measure: z.string(),
  /** The product ordered, when the shop substituted the line (`product` is the substitute). */
  substituted_for: z.string().nullable(),
  /** The line's total as ordered, once packing changed it. */
  ordered_total: rupees.nullable(),
  /** Handed back to the rider at the door, in `measure` (0 when none): not charged. */
  handed_back: z.number(),
  /** What the hand-back took off the bill; null when nothing was handed back. */
  handed_back_amount: rupees.nullable(),
  /** Returns and refunds after delivery on this line, one per kind and reason; empty when none. */
  returns: z.array(
    z.object({
      kind: z.enum(['return', 'refund']),
      reason: z.string().nullable().describe('damaged, spoiled, wrong_item, short_weight, not_delivered or goodwill'),
      /** How much, in the line's `measure`. */
      qty: z.number(),
      /** What went back to the customer for it. */
      amount: rupees,
    }),
  ),
});

/** Why money went back to an online payment. */
export const REFUND_REASON_VALUES = ['cancel', 'packing', 'late_payment', 'return'] as const;

/** A refund to the online payment as the customer sees it (requested and sending read as pending). */
export const customerRefundSchema = z.object({
  id: z.number().int(),
  reason: z.enum(REFUND_REASON_VALUES),
  amount_paise: z.number().int().describe('Paise'),
  status: z.enum(['pending', 'processed', 'failed']),
  created_at: timestamp,
});

/** An order as the API answers it, with the tracking times and `cancellable`. */
export const orderJsonSchema = z.object({
  id: z.number().int(),
  created_at: timestamp,
  order_status: z
    .enum(ORDER_STATUS_VALUES)
    .describe(
      "placed, processed, out_for_delivery, delivered or cancelled; pending_payment in place-order's answer while an online order awaits its payment (an order released unpaid, payment_failed, is never answered)",
    ),
  payment_mode: z.string().describe('Cash, Card, Credit or Online'),
  payment_status: z
    .string()
    .describe("unpaid, paid or refunded (pending in place-order's answer while it awaits its online payment)"),
  promocode: z.string().nullable(),
  subtotal: rupees,
  discount: rupees,
  /** Points redeemed (1 point = ₹1). */
  points: z.number().int(),
  delivery_fee: rupees,
  paid_amount: rupees,
  customer_note: z.string().nullable(),
  /**
   * If an item is out of stock, for lines without their own choice: replace, refund or call; null
   * before it existed.
   */
  substitution: z.enum(SUBSTITUTIONS).nullable(),
  points_earned: z.number().int(),
  address_id: z.number().int().nullable(),
  /** The delivery address as it was when the order was placed. */
  address: z.record(z.string(), z.unknown()).nullable(),
  processed_at: timestamp.nullable(),
  out_for_delivery_at: timestamp.nullable(),
  /** When the rider last brought it back undelivered (not at home, refused); null otherwise (also after an undo). */
  undelivered_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  /** Whether the customer may still cancel it (placed, less than 30 minutes old). */
  cancellable: z.boolean(),
  /** The delivery slot; null for orders placed before slots. */
  delivery_slot: orderSlotSchema.nullable(),
  /** GST invoice number once issued (at its first download), e.g. FF/26-27/000123. */
  invoice_number: z.string().nullable(),
  /** Where to download the invoice PDF; null for an order cancelled before it had one. */
  invoice_url: z.string().nullable(),
  /** The order's GST credit notes (reductions after its invoice: packing, cancellation, returns, refunds), oldest first. */
  credit_notes: z.array(
    z.object({
      id: z.number().int(),
      number: z.string().describe('e.g. FFC/26-27/000012'),
      date: timestamp,
      reason: z.string().describe('packing, hand_back, return, refund, cancellation or price_correction'),
      total: rupees,
      url: z.string().describe('Where to download its PDF'),
    }),
  ),
  /** What a cancelled order, packing, or a return or refund after delivery gave back, where and when (empty otherwise). */
  refund: z.array(
    z.object({
      to: z.enum(['credit', 'original_payment', 'points', 'cash']),
      amount: rupees.nullable(),
      points: z.number().int().nullable(),
      text: z.string().describe('e.g. "₹120.00 refunded to your FarmFresh credit — available now"'),
    }),
  ),
  /** Refunds to the online payment, each with its status at the gateway. */
  refunds: z.array(customerRefundSchema),
  order_items: z.array(orderItemJsonSchema),
});
