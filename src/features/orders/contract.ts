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
  /** What the packer picked, in `measure` (e.g. 0.85 "kg"); null when picked as ordered. */
  picked: z.number().nullable(),
  measure: z.string(),
  /** The product ordered, when the shop substituted the line (`product` is the substitute). */
  substituted_for: z.string().nullable(),
  /** The line's total as ordered, once packing changed it. */
  ordered_total: rupees.nullable(),
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
// ── The back office's order routes (staff only; ADR 0061) ───────────────────────────────────

const ORDER_STATUS_VALUES = ['placed', 'processed', 'out_for_delivery', 'delivered', 'cancelled'] as const;
const PAYMENT_MODE_VALUES = ['Cash', 'Card', 'Credit', 'Online'] as const;
const PAYMENT_STATUS_VALUES = ['unpaid', 'pending', 'paid', 'failed', 'refunded'] as const;

/** An order as the board lists it. */
export const boardOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUS_VALUES),
  payment_mode: z.enum(PAYMENT_MODE_VALUES),
  payment_status: z.enum(PAYMENT_STATUS_VALUES),
  paid_amount: rupees,
  customer_name: z.string().nullable(),
  customer_mobile: z.string().nullable(),
  zone: z.string().nullable(),
  slot_id: z.string().nullable(),
  slot_label: z.string().nullable().describe('e.g. "Thu 26 Nov, 7–9 AM" (shop time)'),
  items: z.number().int().describe('Lines in the order'),
  rider: z.string().nullable(),
  created_at: timestamp,
});

/** One zone's slot on the board. */
export const boardSlotSchema = z.object({
  zone_id: z.string(),
  zone: z.string(),
  slot_id: z.string().describe('"YYYY-MM-DDTHH:MM", shop time'),
  window: z.string().describe('e.g. "7–9 AM"'),
  capacity: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  counts: z.record(z.enum(ORDER_STATUS_VALUES), z.number().int()).describe('Orders per status (before filters)'),
  matching: z.number().int().describe('Orders of the slot matching the filters'),
  orders: z
    .array(boardOrderSchema)
    .describe(
      'The 20 newest orders matching the filters (listed by slot start, then order number); every one when the slot is in `open`',
    ),
});

/** GET /api/admin/board: today's and tomorrow's orders by slot, or a search's results. */
export const boardRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/board',
  summary: 'The order board: today’s and tomorrow’s orders grouped by delivery slot',
  description:
    'Each zone’s slots with capacity used and left and counts per status. Each slot lists its 20 newest matching orders; `open` names slots to list in full. Filters: status, payment_mode, payment_status, zone. `q` (an order number or a mobile number) searches every date instead and answers `results`.',
  permission: 'board.view',
  query: z.object({
    status: z.enum(ORDER_STATUS_VALUES, { error: 'Unknown status.' }).optional(),
    payment_mode: z.enum(PAYMENT_MODE_VALUES, { error: 'Unknown payment mode.' }).optional(),
    payment_status: z.enum(PAYMENT_STATUS_VALUES, { error: 'Unknown payment status.' }).optional(),
    zone: z.string().trim().max(40).optional(),
    q: z.string().trim().max(40, 'Search for an order number or a mobile number.').optional(),
    open: z
      .string()
      .max(2000, 'Too many open slots.')
      .optional()
      .describe('Comma-separated slots ("zone_id|slot_id") whose every matching order to list'),
  }),
  response: z.object({
    today: z.string().describe('YYYY-MM-DD, shop time'),
    version: z.string().describe('The board version this answer is at (GET /api/admin/board/version)'),
    days: z.array(z.object({ date: z.string(), label: z.string(), slots: z.array(boardSlotSchema) })),
    results: z.array(boardOrderSchema).nullable(),
  }),
});

/** GET /api/admin/board/version: changes whenever an order of the board's days is placed or changes. */
export const boardVersionRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/board/version',
  summary: 'The order board’s version, for polling',
  description:
    'A short text that changes whenever an order of today’s or tomorrow’s slots is placed or changes, on any server process. Open boards poll it every few seconds and reload when it moves.',
  permission: 'board.view',
  response: z.object({ version: z.string() }),
});

/** GET /api/admin/deliveries: the signed-in rider's orders. */
export const deliveriesRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/deliveries',
  summary: 'The orders assigned to me (today’s and later first)',
  permission: 'deliveries.own',
  response: z.object({ orders: z.array(boardOrderSchema) }),
});

/** An order as the back office reads it. */
export const staffOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUS_VALUES),
  payment_mode: z.enum(PAYMENT_MODE_VALUES),
  payment_status: z.enum(PAYMENT_STATUS_VALUES),
  subtotal: rupees,
  discount: rupees,
  points_redeemed: z.number().int(),
  delivery_fee: rupees,
  paid_amount: rupees,
  promo_code: z.string().nullable(),
  payment_reference: z.string().nullable(),
  refund_reference: z.string().nullable(),
  customer_note: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string().nullable(), mobile: z.string().nullable() }),
  address: z.record(z.string(), z.unknown()).nullable().describe('The delivery address as ordered'),
  map_url: z.string().nullable(),
  delivery_slot: orderSlotSchema.nullable(),
  rider: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  lines: z.array(
    z.object({
      id: z.number().int(),
      product_id: z.number().int().nullable(),
      name: z.string(),
      qty: z.number().int(),
      unit_price: rupees,
      total_amount: rupees,
      pack: z.string().nullable().describe('Pack size, e.g. "500 g"'),
      substitution: z.enum(SUBSTITUTIONS).nullable().describe('The customer’s choice if it is out of stock'),
      ordered: z.number().describe('What was ordered in the line’s measure (`measure`)'),
      measure: z.string().describe('The unit of `ordered` and `picked`, e.g. "kg", or "packs"'),
      picked: z.number().nullable().describe('What the packer picked, in `measure`; null when as ordered'),
      substituted_for: z.string().nullable().describe('The product ordered, when the line was substituted'),
      ordered_total: rupees.nullable().describe('The line’s total as ordered, once packing changed it'),
    }),
  ),
  history: z.array(z.object({ status: z.enum(ORDER_STATUS_VALUES), at: timestamp, by: z.string() })),
  /** Riders to assign, for a member who may. */
  riders: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

const staffOrderParams = z.object({ id: positiveId('Invalid order id.') });
const staffOrderAnswer = z.object({ order: staffOrderSchema });

/** GET /api/admin/orders/{id}: one order (a rider: only one assigned to them). */
export const staffOrderRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/orders/{id}',
  summary: 'One order, for staff',
  description:
    'Lines with the customer’s substitution choice, customer, address, slot, payment, rider and history. 404 for a rider’s order that is not assigned to them.',
  permission: 'deliveries.own',
  params: staffOrderParams,
  response: staffOrderAnswer,
});

const moveDescription =
  'Only as the next step of placed → processed → out for delivery → delivered (409 otherwise); repeated when already there, it changes nothing. The customer’s status SMS goes out as for every status change.';

/** POST /api/admin/orders/{id}/processed. */
export const markProcessedRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/processed',
  summary: 'Mark an order processed (packed)',
  description: moveDescription,
  permission: 'orders.process',
  params: staffOrderParams,
  response: staffOrderAnswer,
});

/** POST /api/admin/orders/{id}/out-for-delivery. */
export const markOutForDeliveryRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/out-for-delivery',
  summary: 'Mark an order out for delivery',
  description: `${moveDescription} A rider may move only the orders assigned to them.`,
  permission: 'orders.deliver',
  params: staffOrderParams,
  response: staffOrderAnswer,
});

/** POST /api/admin/orders/{id}/delivered. */
export const markDeliveredRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/delivered',
  summary: 'Mark an order delivered',
  description: `${moveDescription} A rider may move only the orders assigned to them.`,
  permission: 'orders.deliver',
  params: staffOrderParams,
  response: staffOrderAnswer,
});

/** POST /api/admin/orders/{id}/cancel: the shop cancels an order with a reason. */
export const staffCancelRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/orders/{id}/cancel',
  summary: 'Cancel an order with a reason',
  description:
    'While placed or processed. Stock, slot, promo use, points and credit go back; an online payment is refunded; the customer gets the SMS. 409 once out for delivery, delivered or cancelled.',
  permission: 'orders.cancel',
  params: staffOrderParams,
  body: z.object({
    reason: z
      .string({ error: 'Please give a reason.' })
      .trim()
      .min(3, 'Please give a reason.')
      .max(200, 'A reason has at most 200 characters.'),
  }),
  response: staffOrderAnswer,
});

/** PUT /api/admin/orders/{id}/rider: assigns a rider (or none). */
export const assignRiderRoute = defineAdminRoute({
  method: 'PUT',
  path: '/api/admin/orders/{id}/rider',
  summary: 'Assign an order to a rider',
  description:
    '`rider_id` null takes the order off its rider. 400 for anyone but an active rider; 409 once delivered or cancelled.',
  permission: 'orders.assign_rider',
  params: staffOrderParams,
  body: z.object({
    rider_id: z
      .union([positiveId('Choose one of the shop’s riders.'), z.null()])
      .describe('A rider’s staff id, or null'),
  }),
  response: staffOrderAnswer,
});

const packingLineParams = z.object({
  id: positiveId('Invalid order id.'),
  line: positiveId('Invalid line id.'),
});
const packingDescription =
  'While the order is placed or processed (409 after). The line’s total, the order’s amount, the invoice and the tracking page follow; the difference goes back once (credit at once, an online payment to its method, a pay-on-delivery amount drops). Sending the same target again changes nothing.';

/** PUT /api/admin/orders/{id}/lines/{line}/picked: records a line's picked quantity. */
export const setPickedRoute = defineAdminRoute({
  method: 'PUT',
  path: '/api/admin/orders/{id}/lines/{line}/picked',
  summary: 'Record a line’s picked quantity',
  description: `\`picked\` is in the line’s measure: its weight unit when it has a pack weight (e.g. 0.85 for a 1 kg line), else packs; lower than ordered, 0 when none. It can only go lower. ${packingDescription}`,
  permission: 'orders.pack',
  params: packingLineParams,
  body: z.object({
    picked: z.coerce
      .number({ error: 'Enter the picked quantity.' })
      .min(0, 'The picked quantity cannot be negative.')
      .max(100000, 'Enter the picked quantity.')
      .transform((n) => Math.round(n * 1000) / 1000),
  }),
  response: staffOrderAnswer,
});

/** PUT /api/admin/orders/{id}/lines/{line}/substitute: substitutes a line with another product. */
export const substituteLineRoute = defineAdminRoute({
  method: 'PUT',
  path: '/api/admin/orders/{id}/lines/{line}/substitute',
  summary: 'Substitute a line with another product',
  description: `Same quantity; the customer pays no more than the line as ordered. 422 when the customer chose “don’t replace”. ${packingDescription}`,
  permission: 'orders.pack',
  params: packingLineParams,
  body: z.object({ product_id: positiveId('Choose a product.') }),
  response: staffOrderAnswer,
});

export const orderAdminContracts = [
  boardRoute,
  boardVersionRoute,
  deliveriesRoute,
  staffOrderRoute,
  markProcessedRoute,
  markOutForDeliveryRoute,
  markDeliveredRoute,
  staffCancelRoute,
  assignRiderRoute,
  setPickedRoute,
  substituteLineRoute,
] as const;

/** The board as the islands read it. */
export type BoardJson = z.output<typeof boardRoute.response>;
/** An order as the back office's islands read it. */
export type StaffOrderJson = z.output<typeof staffOrderSchema>;
