/**
 * The payments feature's routes: the simulator's checkout, reached through the shop (the browser
 * never talks to the simulator itself), and the gateway's webhook and staff's refund retry
 * (payment-contract.ts, re-exported here). Declared once with zod (server, the payment modal and
 * the staff's order page by `import type`, OpenAPI).
 */
import { z } from 'zod';
import { defineRoute } from '#lib/http/contract.ts';

export * from './payment-contract.ts';

/** Ways to pay in the simulator's checkout, as Razorpay names them. */
export const SIMULATOR_METHODS = ['upi', 'card', 'netbanking', 'wallet'] as const;

/** The checkout callback's fields (Razorpay's names), as the verify route takes them. */
export const checkoutCallbackSchema = z.object({
  razorpay_payment_id: z.string().describe("The payment's id (`pay_…`)"),
  razorpay_order_id: z.string().describe("The gateway order's id (`order_…`)"),
  razorpay_signature: z.string().describe('HMAC-SHA256 of `order_id|payment_id` with the key secret, hex'),
});

/** POST /api/payments/simulator/pay: pays a gateway order in the simulator's checkout. */
export const simulatorPayRoute = defineRoute({
  method: 'POST',
  path: '/api/payments/simulator/pay',
  summary: "Pay in the payment simulator's checkout (PAYMENT_GATEWAY=simulator only)",
  description:
    'Test payments only: 404 unless the shop runs the payment simulator. Pays the gateway order `order_id` (data.payment.order_id of place-order) by `method`, succeeding or declined as `outcome` says, and answers Razorpay\'s checkout callback fields, to be sent to the verify route. A declined payment answers 402 "Payment processing failed." with the gateway\'s reason in `data.description`; an order the simulator did not create answers 400. Signed-in customers only.',
  auth: 'customer',
  body: z.object({
    order_id: z
      .string({ error: 'order_id is required.' })
      .regex(/^order_[A-Za-z0-9]{1,40}$/, 'order_id must be a gateway order id (order_…).'),
    method: z.enum(SIMULATOR_METHODS, { error: 'method must be upi, card, netbanking or wallet.' }),
    outcome: z.enum(['success', 'decline'], { error: 'outcome must be success or decline.' }),
  }),
  response: checkoutCallbackSchema,
});

export const paymentContracts = [simulatorPayRoute] as const;
