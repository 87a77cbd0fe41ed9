/**
 * The customer's order routes (spec 001 §3 "Order as read", §4 cancel, §7 my-orders): list, read,
 * cancel and reorder, and the invoice's address. Re-exported by contract.ts.
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
  auth: 'customer',
  response: z.object({ orders: z.array(orderJsonSchema) }),
});

/** GET /api/customer/orders/{id}: one of the customer's orders (404 for anyone else's). */
export const orderRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/orders/{id}',
  summary: "One order; 404 for another customer's",
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

/** An order as the islands read it. */
export type OrderJson = z.output<typeof orderJsonSchema>;

/** Where an order's invoice is (GET /api/customer/orders/{id}/invoice, the invoices feature's route). */
export const invoiceHref = (orderId: number) => `/api/customer/orders/${orderId}/invoice`;
