/**
 * The customer's order routes (docs/orders-and-payments.md#orders-list): list, read,
 * cancel and reorder, the online payment's checkout callback and cancel (ADR 0075; the payments
 * feature settles the payment, the answer is the order), and the invoice's address. Re-exported
 * by contract.ts.
 */
import { z } from 'zod';
import { cartLineSchema, cartSummarySchema } from '#features/cart/contract.ts';
import { defineRoute, positiveId } from '#lib/http/contract.ts';
import { orderJsonSchema } from './order-schema.ts';

const orderId = positiveId('Invalid order id.');

/** GET /api/customer/my-orders: the customer's orders, newest first. */
export const myOrdersRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/my-orders',
  summary: 'Orders, newest first',
  description:
    'The orders the shop has, whatever became of them. An online order awaiting its payment (pending_payment) or released unpaid (payment_failed) is not listed.',
  auth: 'customer',
  response: z.object({ orders: z.array(orderJsonSchema) }),
});

/** GET /api/customer/orders/{id}: one of the customer's orders (404 for anyone else's). */
export const orderRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/orders/{id}',
  summary: "One order; 404 for another customer's",
  description:
    '404 also for an online order awaiting its payment (pending_payment) or released unpaid (payment_failed).',
  auth: 'customer',
  params: z.object({ id: orderId }),
  response: z.object({ order: orderJsonSchema }),
});

/** POST /api/customer/cancel-order: within 30 minutes while still placed; 409 otherwise. */
export const cancelOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/cancel-order',
  summary: 'Cancel within 30 minutes while placed (409 otherwise); stock, points, promo use and credit are given back',
  auth: 'customer',
  body: z.object({ order_id: orderId }),
  response: z.object({ order: orderJsonSchema }),
});

/** POST /api/customer/reorder: buy again; the message names what was left out. */
export const reorderRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/reorder',
  summary: "Buy again: in-stock items of an order into the cart (capped by stock); 404 for another customer's order",
  description:
    'data.added and data.skipped say what went into the cart and what was left out; data.my_cart and data.summary are the cart as it is now (as the cart API answers them).',
  auth: 'customer',
  body: z.object({ order_id: orderId }),
  response: z.object({
    added: z.array(
      z.object({
        product_id: z.number().int(),
        name: z.string(),
        qty: z.number().int(),
        requested_qty: z.number().int(),
      }),
    ),
    skipped: z.array(z.object({ product_id: z.number().int().nullable(), name: z.string(), reason: z.string() })),
    my_cart: z.array(cartLineSchema),
    summary: cartSummarySchema,
  }),
});

export const orderContracts = [myOrdersRoute, orderRoute, cancelOrderRoute, reorderRoute] as const;

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
    'The payment must be captured (an authorized one is captured) with the order’s amount and currency: 200 with the order once paid, order_status placed (also when the webhook confirmed it first).',
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
    'The gateway is asked first: a payment that went through confirms the order instead (status "paid", with the order, order_status placed). Otherwise the order is released (status "released"; its order_status is payment_failed and it is not listed among the customer’s orders): stock, slot, promo use and points go back and the cart is as it was. 404 for another customer’s gateway order.',
  auth: 'customer',
  body: z.object({ razorpay_order_id: gatewayId('razorpay_order_id') }),
  response: z.object({
    status: z.enum(['paid', 'released']),
    order_id: z.number().int(),
    order: orderJsonSchema.nullable().describe('The order, when it is paid'),
  }),
});

/** GET /api/customer/payments/pending: the customer's online order still awaiting its payment. */
export const pendingPaymentRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/payments/pending',
  summary: 'The online order still awaiting its payment, if any',
  description:
    'The customer’s newest online order awaiting its payment (order_status pending_payment), with its items: its cart lines are held by it until the payment resolves, so the cart and checkout show them read-only. null when there is none. Only the signed-in customer’s own orders.',
  auth: 'customer',
  response: z.object({ order: orderJsonSchema.nullable() }),
});

/** POST /api/customer/payments/check: where an online order awaiting its payment stands now. */
export const checkPaymentRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/payments/check',
  summary: 'Ask again where an online order’s payment stands',
  description:
    'While the order awaits its payment the gateway is asked: a payment that went through places it (status "paid", with the order, as verify answers). "pending" while it is still unresolved (also when the gateway cannot be asked); "released" once it was released unpaid (its items are back in the cart). Nothing is released by this call. 404 for an order that is not the customer’s online order.',
  auth: 'customer',
  body: z.object({ order_id: orderId }),
  response: z.object({
    status: z.enum(['pending', 'paid', 'released']),
    order_id: z.number().int(),
    order: orderJsonSchema.nullable().describe('The order while it is pending or once paid; null once released'),
  }),
});

export const orderPaymentContracts = [
  verifyPaymentRoute,
  cancelPaymentRoute,
  pendingPaymentRoute,
  checkPaymentRoute,
] as const;

/** An order as the islands read it. */
export type OrderJson = z.output<typeof orderJsonSchema>;

/** Where an order's invoice is (GET /api/customer/orders/{id}/invoice, the invoices feature's route). */
export const invoiceHref = (orderId: number) => `/api/customer/orders/${orderId}/invoice`;

/** Where one of an order's credit notes is (the invoices feature's route). */
export const creditNoteHref = (orderId: number, creditNoteId: number) =>
  `/api/customer/orders/${orderId}/credit-notes/${creditNoteId}`;
