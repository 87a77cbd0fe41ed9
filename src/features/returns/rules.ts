/**
 * Returns and refunds on a delivered order (ADR 0142), the rules the staff form and the server
 * share: why, what kind, where the money goes, and the request's shape. Pure and browser-safe.
 */
import { z } from 'zod';

/** Why staff take something back or refund it after delivery. */
export const RETURN_REASON_VALUES = [
  'damaged',
  'spoiled',
  'wrong_item',
  'short_weight',
  'not_delivered',
  'goodwill',
] as const;
export type ReturnReason = (typeof RETURN_REASON_VALUES)[number];

/** How each reason reads on the staff form. */
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  spoiled: 'Spoiled',
  wrong_item: 'Wrong item',
  short_weight: 'Short weight',
  not_delivered: 'Not delivered',
  goodwill: 'Goodwill',
};

/** return: the goods came back; refund: money back without them (short weight, spoiled, goodwill). */
export const RETURN_KIND_VALUES = ['return', 'refund'] as const;
export type ReturnKind = (typeof RETURN_KIND_VALUES)[number];

/** Where a return's money goes: the credit line, the payment it was paid with, cash by hand, or an unpaid amount dropped. */
export type RefundTo = 'credit' | 'original_payment' | 'cash' | 'due';

/** What the staff form says of where the money goes. */
export const REFUND_TO_TEXT: Record<RefundTo, string> = {
  credit: 'to the customer’s FarmFresh credit, at once',
  original_payment: 'to the original payment (online or UPI), through the payment gateway',
  cash: 'in cash, given back to the customer',
  due: 'off the amount the customer still owes',
};

/** The most packs of one line a return names (a guard, not a business limit). */
const MAX_QTY = 10_000;

/** One line of a return: the order line and how much of it (in its packs; up to 3 decimals for part of a pack). */
export const returnLineSchema = z
  .object({
    line_id: z.number({ error: 'Choose an order line.' }).int().positive('Choose an order line.'),
    qty: z
      .number({ error: 'Give a quantity.' })
      .positive('Give a quantity above 0.')
      .max(MAX_QTY, 'Give a smaller quantity.')
      .refine((n) => Math.round(n * 1000) === n * 1000, 'Give at most 3 decimals.'),
  })
  .strict();

/** POST /api/admin/orders/{id}/returns: the request. */
export const returnRequestSchema = z
  .object({
    kind: z.enum(RETURN_KIND_VALUES, { error: 'Choose return or refund.' }).default('return'),
    reason: z.enum(RETURN_REASON_VALUES, { error: 'Choose a reason.' }),
    lines: z
      .array(returnLineSchema, { error: 'Choose at least one line.' })
      .min(1, 'Choose at least one line.')
      .max(100, 'Too many lines.')
      .refine((ls) => new Set(ls.map((l) => l.line_id)).size === ls.length, 'Name each line once.'),
    note: z.string().trim().max(500, 'Keep the note to 500 characters.').optional(),
    complaint_id: z.number().int().positive('Invalid complaint.').optional(),
    /** Cash refunds only: who hands the cash over, the order's rider (picking a return up) or the shop's till (when absent). */
    cash_given_by: z.enum(['shop', 'rider'], { error: 'Choose who gives the cash: the shop or the rider.' }).optional(),
    idempotency_key: z
      .string({ error: 'Missing idempotency key.' })
      .regex(/^[\w.:-]{8,100}$/, 'Invalid idempotency key.'),
  })
  .strict();
export type ReturnRequest = z.output<typeof returnRequestSchema>;

/** A line as the staff form offers it: what is left to return and what a pack of it refunds (paise). */
export interface ReturnableLine {
  id: number;
  name: string;
  qty: number;
  /** Packs already returned, refunded or handed back. */
  returnedQty: number;
  /** What the customer paid for the line, after its share of discounts (paise). */
  netPaise: number;
}

/**
 * What `qty` packs of a line refund (paise): its net amount × qty / ordered packs, to the paisa.
 * @example refundFor({ qty: 2, netPaise: 9000 }, 1) // 4500
 */
export function refundFor(line: { qty: number; netPaise: number }, qty: number): number {
  return Math.round((line.netPaise * qty) / line.qty);
}
