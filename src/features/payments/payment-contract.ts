/**
 * The online payment's routes that are not the customer's (ADR 0075): the gateway's webhook,
 * staff's retry of a failed refund and the rider's UPI QR (upi-qr-contract.ts). Re-exported by contract.ts. The customer's checkout callback
 * and cancel answer with the order: they are the orders feature's routes.
 */
import { z } from 'zod';
import { defineAdminRoute, defineRoute, positiveId } from '#lib/http/contract.ts';
import { upiQrContracts } from './upi-qr-contract.ts';

export * from './upi-qr-contract.ts';

/** POST /api/payments/razorpay/webhook: the gateway's signed events. */
export const paymentWebhookRoute = defineRoute({
  method: 'POST',
  path: '/api/payments/razorpay/webhook',
  summary: "The payment gateway's webhook",
  description:
    'The raw body is checked against X-Razorpay-Signature (HMAC-SHA256 with the webhook secret): 400 when missing or wrong, nothing changes. A body without created_at, or made more than 24 hours ago (the gateway retry window), is refused with 400. Events are de-duplicated by x-razorpay-event-id and by the event type and entity ids (refund id, payment id, order id and payment id for order.paid), so one replayed under a new event id is a repeat too: a repeat answers 200 (outcome duplicate) and changes nothing. payment.captured, payment.authorized, order.paid, payment.failed, refund.created, refund.processed, refund.failed and qr_code.credited (a UPI QR paid at the door: the order paid once; a payment on a closed QR or for another amount refunded in full and flagged on the order) are handled in any order; 503 when the gateway could not be asked (it retries).',
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

export const onlinePaymentContracts = [paymentWebhookRoute, retryRefundRoute, ...upiQrContracts] as const;
