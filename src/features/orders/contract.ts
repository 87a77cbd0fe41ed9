/**
 * Order routes (spec 001 §3 "Order as read", §4 status, §7 my-orders): the one declaration of
 * each, shared by the server (routes.ts), the islands (types only) and the OpenAPI document.
 * Money is sent as 2-decimal rupee strings, like the spec's answers. Zod only; islands import
 * these with `import type` (src/lib/http/client.ts).
 */
import { orderSlotSchema } from '#features/delivery/contract.ts';
import { z } from 'zod';
import { cartLineSchema, cartSummarySchema } from '#features/cart/contract.ts';
import { defineAdminRoute, defineRoute, positiveId } from '#lib/http/contract.ts';
import { promoCreateSchema } from './admin-promo-rules.ts';
import { SUBSTITUTIONS } from '#features/cart/rules.ts';

export * from './admin-promo-rules.ts';

const rupees = z.string().describe('rupees with 2 decimals, e.g. "149.00"');
const timestamp = z.string().describe('ISO 8601 time');

/** An order line (spec 001 §3: id, qty, total_amount, product with title and image). */
export const orderItemJsonSchema = z.object({
  id: z.number().int(),
  qty: z.number().int(),
  total_amount: rupees,
  /** The product as it was ordered; id null once the product is gone from the catalogue. */
  product: z.object({ id: z.number().int().nullable(), title: z.string(), image: z.string().nullable() }),
  /** If out of stock: the choice in force for this line; null for orders placed before it existed. */
  substitution: z.enum(SUBSTITUTIONS).nullable(),
});

/** An order as the API answers it (spec 001 §3 "Order as read", plus the tracking times and `cancellable`). */
export const orderJsonSchema = z.object({
  id: z.number().int(),
  created_at: timestamp,
  order_status: z.string().describe('placed, processed, out_for_delivery, delivered or cancelled'),
  payment_mode: z.string().describe('Cash, Card, Credit or Online'),
  payment_status: z.string().describe('unpaid, paid or refunded'),
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
  /** What a cancelled order gave back, where and when (empty otherwise). */
  refund: z.array(
    z.object({
      to: z.enum(['credit', 'original_payment', 'points']),
      amount: rupees.nullable(),
      points: z.number().int().nullable(),
      text: z.string().describe('e.g. "₹120.00 refunded to your FarmFresh credit — available now"'),
    }),
  ),
  order_items: z.array(orderItemJsonSchema),
});

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

/** A promo code as staff see it (money in paise, times ISO). */
export const adminPromoSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string().nullable(),
  percentOff: z.number().int().nullable(),
  amountOffPaise: z.number().int().nullable(),
  minOrderPaise: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  usesCount: z.number().int(),
  perCustomerLimit: z.number().int().nullable(),
  state: z.enum(['scheduled', 'active', 'ended', 'used_up', 'off']),
  createdAt: z.string(),
});

/** GET /api/admin/promos: every promo code, newest first. */
export const adminPromosRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/promos',
  summary: 'Every promo code with its state and uses',
  permission: 'promos.manage',
  response: z.object({ promos: z.array(adminPromoSchema) }),
});

/** POST /api/admin/promos: creates a promo code. */
export const createPromoRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/promos',
  summary: 'Create a promo code: percent or amount off, minimum order, start and end, uses per customer and in total',
  description: '409 when the code exists; 422 an end already past. Audited.',
  permission: 'promos.manage',
  body: promoCreateSchema,
  response: z.object({ promo: adminPromoSchema }),
});

/** POST /api/admin/promos/{id}/end: ends a promo code now. */
export const endPromoRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/promos/{id}/end',
  summary: 'End a promo code now',
  description: 'Orders already placed keep their discount. 409 when it has already ended. Audited.',
  permission: 'promos.manage',
  params: z.object({ id: positiveId('Invalid promo code id.') }),
  response: z.object({ promo: adminPromoSchema }),
});

export const adminPromoContracts = [adminPromosRoute, createPromoRoute, endPromoRoute] as const;
