/**
 * The fulfilment feature's shared rules: the query that names one delivery slot of one day (the
 * picking list's and the packing slips'), and the amount a rider collects with its words. Browser-safe
 * (zod and the money formatter only).
 */
import { z } from 'zod';
import { formatPaise } from '#lib/money.ts';

/** Texts of the picking list and the packing slips. */
export const PICKING_MESSAGES = {
  date: 'Choose a date (YYYY-MM-DD).',
  slot: 'Choose a delivery slot (its start, e.g. 07:00).',
  slotDate: 'The slot is on another date than the one chosen.',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SLOT = /^(?:(\d{4}-\d{2}-\d{2})T)?(\d{2}:\d{2})$/;

/**
 * A day and one of its delivery slots, as `?date=YYYY-MM-DD&slot=<id>`: the slot is the board's
 * slot id ("2026-11-26T07:00", on that date) or its start alone ("07:00"); slotQuery reads it.
 */
export const slotQuerySchema = z
  .object({
    date: z.iso.date({ error: PICKING_MESSAGES.date }),
    slot: z
      .string({ error: PICKING_MESSAGES.slot })
      .trim()
      .regex(SLOT, PICKING_MESSAGES.slot)
      .refine((s) => {
        const [h, m] = (SLOT.exec(s)?.[2] ?? '').split(':').map(Number);
        return h! < 24 && m! < 60;
      }, PICKING_MESSAGES.slot),
  })
  .superRefine((q, ctx) => {
    const on = SLOT.exec(q.slot)?.[1];
    if (on && DATE.test(q.date) && on !== q.date)
      ctx.addIssue({ code: 'custom', path: ['slot'], message: PICKING_MESSAGES.slotDate });
  });

/** A day and a slot id ("YYYY-MM-DDTHH:MM", shop time). */
export interface SlotQuery {
  date: string;
  slotId: string;
}

/** The day and slot id of a query that slotQuerySchema accepted. */
export function slotQuery(q: z.output<typeof slotQuerySchema>): SlotQuery {
  return { date: q.date, slotId: `${q.date}T${SLOT.exec(q.slot)?.[2] ?? q.slot}` };
}

/**
 * What the rider collects on delivery, paise: the order's amount when it is paid at the door
 * (cash or card, not yet paid), nothing when it was paid online or goes on the customer's credit.
 */
export function dueOnDelivery(order: { paymentMode: string; paymentStatus: string; paidAmountPaise: number }): number {
  if (order.paymentMode !== 'Cash' && order.paymentMode !== 'Card') return 0;
  return order.paymentStatus === 'paid' || order.paymentStatus === 'refunded' ? 0 : order.paidAmountPaise;
}

/**
 * What handing back `qty` of a line takes off it (paise): its charged total in proportion to the
 * amount it holds (`amount`, in its measure), the whole total when all of it goes back.
 * @example handBackPaise(12000, 1, 3) // 4000
 */
export function handBackPaise(chargedPaise: number, qty: number, amount: number): number {
  if (qty >= amount) return chargedPaise;
  return Math.round((chargedPaise * qty) / amount);
}

/**
 * What the rider reads under "To pay" (the order page, the packing slip, the deliveries list): the
 * amount to collect at the door (`duePaise`, dueOnDelivery), or why there is none, so a prepaid
 * order is never collected twice and one already paid at the door is not called prepaid.
 * @example collectText(4550, { paymentMode: 'Cash', paymentStatus: 'pending' }) // '₹45.50'
 * @example collectText(0, { paymentMode: 'Online', paymentStatus: 'paid' }) // 'Prepaid — collect nothing'
 * @example collectText(0, { paymentMode: 'Cash', paymentStatus: 'paid' }) // 'Paid at the door — nothing to collect'
 */
export function collectText(duePaise: number, order: { paymentMode: string; paymentStatus: string }): string {
  if (duePaise > 0) return formatPaise(duePaise);
  if (order.paymentMode === 'Cash' || order.paymentMode === 'Card') return 'Paid at the door — nothing to collect';
  if (order.paymentStatus === 'paid') return 'Prepaid — collect nothing';
  if (order.paymentMode === 'Credit') return 'On credit — collect nothing';
  return 'Nothing to collect';
}
