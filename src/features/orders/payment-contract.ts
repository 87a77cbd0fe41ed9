/**
 * The online payment's routes (ADR 0075): the customer's checkout callback and cancel, the
 * gateway's webhook, and staff's retry of a failed refund. Re-exported by contract.ts.
 */
import { z } from 'zod';
import { defineAdminRoute, defineRoute, positiveId } from '#lib/http/contract.ts';
import { orderJsonSchema } from './order-schema.ts';

/** A Razorpay id as the checkout sends it (`order_…`, `pay_…`): letters, digits, underscores. */
const gatewayId = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .regex(/^[\w-]{1,64}$/, { error: `${label} is not valid.` });

/** POST /api/customer/payments/razorpay/verify: the checkout's callback. */
export const verifyPaymentRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/payments/razorpay/verify',
  summary: 'Confirm an online payment with the checkout callback',
  description: [
    "Razorpay's checkout callback fields. The signature (HMAC-SHA256 of order_id|payment_id with the key secret) is checked first: 400 when it is not valid, and nothing changes.",
    'The payment must be captured (an authorized one is captured) with the order’s amount and currency: 200 with the order once paid (also when the webhook confirmed it first).',
    '402 "Payment processing failed." when it did not go through; 409 when its amount differs from the order’s, or the order was released before it arrived (it is refunded); 404 for another customer’s order; 503 when the gateway cannot be asked (the order is settled within minutes).',
  ].join(' '),
  auth: 'customer',
  body: z.object({
    razorpay_order_id: gatewayId('razorpay_order_id'),
    razorpay_payment_id: gatewayId('razorpay_payment_id'),
    razorpay_signature: z
      .string({ error: 'razorpay_signature is required.' })
      .trim()
      .regex(/^[0-9a-f]{1,128}$/i, { error: 'razorpay_signature is not valid.' }),
  }),
  response: z.object({ order: orderJsonSchema, order_id: z.number().int(), success: z.literal(true) }),
});

/** POST /api/customer/payments/razorpay/cancel: the customer declined or abandoned the checkout. */
export const cancelPaymentRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/payments/razorpay/cancel',
  summary: 'Release an order whose online payment was declined or abandoned',
  description:
    'The gateway is asked first: a payment that went through confirms the order instead (status "paid", with the order). Otherwise the order is released (status "released"): stock, slot, promo use and points go back and the cart is as it was. 404 for another customer’s gateway order.',
  auth: 'customer',
  body: z.object({ razorpay_order_id: gatewayId('razorpay_order_id') }),
  response: z.object({
    status: z.enum(['paid', 'released']),
    order_id: z.number().int(),
    order: orderJsonSchema.nullable().describe('The order, when it is paid'),
  }),
});

/** POST /api/payments/razorpay/webhook: the gateway's signed events. */
export const paymentWebhookRoute = defineRoute({
  method: 'POST',
  path: '/api/payments/razorpay/webhook',
  summary: "The payment gateway's webhook",
  description:
    'The raw body is checked against X-Razorpay-Signature (HMAC-SHA256 with the webhook secret): 400 when missing or wrong, nothing changes. Events are de-duplicated by x-razorpay-event-id: a repeat answers 200 and changes nothing. payment.captured, payment.authorized, order.paid, payment.failed, refund.created, refund.processed and refund.failed are handled in any order; 503 when the gateway could not be asked (it retries).',
  auth: 'none',
  response: z.object({ outcome: z.string().describe('What the event did, e.g. paid, duplicate, refund_settled') }),
});

/** POST /api/admin/orders/{id}/refunds/{refundId}/retry: staff retry a failed refund. */
export const retryRefundRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/refunds/{refundId}/retry',
  summary: 'Retry a failed refund to the online payment',
  description: 'Only a failed refund (409 otherwise); it is asked of the gateway again at once. Audited.',
  permission: 'orders.cancel',
  params: z.object({ id: positiveId('Invalid order id.'), refundId: positiveId('Invalid refund id.') }),
  response: z.object({
    refund: z.object({
      id: z.number().int(),
      status: z.enum(['requested', 'sending', 'pending', 'processed', 'failed']),
      failure_reason: z.string().nullable(),
    }),
  }),
});

export const orderPaymentContracts = [
  verifyPaymentRoute,
  cancelPaymentRoute,
  paymentWebhookRoute,
  retryRefundRoute,
] as const;
