/**
 * The returns route (staff): a return or refund on a delivered order, per line and quantity, with
 * a reason, refunded once to where the order was paid from, with its credit note. Zod only.
 */
import { z } from 'zod';
import { defineAdminRoute, positiveId } from '#lib/http/contract.ts';
import { returnRequestSchema } from './rules.ts';

/** POST /api/admin/orders/{id}/returns. */
export const recordReturnRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/returns',
  summary: 'Record a return or refund on a delivered order',
  description:
    'Per line and quantity (packs; up to 3 decimals for part of a pack), with a reason, an optional note and complaint_id (the complaint it settles, of this order). Each line refunds its net amount (after its share of discounts) × qty / ordered packs, never more than is left of it; the money goes back once, where the order was paid from: a Credit order to the credit line at once, an order paid online or by UPI QR to that payment through the gateway (reason `return`), a Cash or Card order paid at the door in cash by hand (refund_to `cash`; `cash_given_by` says who hands it over: `shop`, the default, from the till, counted in no handover, or `rider`, the order’s rider on the pick-up, counted in that rider’s handover of the day; 400 `rider` on an order without one), an unpaid one off what is due. A credit note names the invoice. Exactly once per idempotency_key: a retry, or a parallel request with the same key, answers the first one’s result (data.replayed true). Audited. 404 unknown order or line; 409 not delivered, or more than is left; 400 a bad request.',
  permission: 'orders.refund',
  params: z.object({ id: positiveId('Invalid order id.') }),
  body: returnRequestSchema,
  response: z.object({
    refund_paise: z.number().int().describe('What went back in all (paise)'),
    refund_to: z.enum(['credit', 'original_payment', 'cash', 'due']),
    credit_note: z.object({ id: z.number().int(), number: z.string() }).nullable(),
    replayed: z.boolean().describe('True when this idempotency_key was recorded already: nothing changed'),
  }),
});

export const returnsContracts = [recordReturnRoute] as const;
