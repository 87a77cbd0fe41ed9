/**
 * Checkout routes (docs/orders-and-payments.md#checkout): the one declaration of each, shared by
 * the server (routes.ts), the checkout islands (through `callRoute`, with `import type` only) and
 * the OpenAPI document. Zod only, no server import.
 *
 * Money travels as rupee strings with 2 decimals ("123.50"), as the storefront's clients send it;
 * the server computes every figure and the client sends them back unchanged with the order.
 */
import { z } from 'zod';
import { cartLineSchema, substitutionInput } from '#features/cart/contract.ts';
import { DELIVERY_MESSAGES, SLOT_ID } from '#features/delivery/rules.ts';
import { orderJsonSchema } from '#features/orders/contract.ts';
import { defineRoute, positiveId } from '#lib/http/contract.ts';
import { CHECKOUT_MESSAGES, PAYMENT_MODE_ALIASES } from './rules.ts';

/** Rupees as a 2-decimal string, e.g. "123.50". */
const rupees = z.string();

/** A client-sent amount, 0 to 9,999,999.99 rupees with up to 2 decimals: number or string → the trimmed string. */
const moneyIn = (message: string) =>
  z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .regex(/^\d{1,7}(\.\d{1,2})?$/, message),
    );

/** The server's figures for the current cart, as checkout-summary and a 409 send them. */
export const quoteSchema = z.object({
  subtotal: rupees,
  item_count: z.number().int(),
  discount: rupees,
  promocode: z.string().nullable(),
  /** Points redeemed, as a string ("0" when none). */
  points: z.string(),
  delivery_fee: rupees,
  paid_amount: rupees,
  /** The cart's version (16 hex): send it back as place-order's cart_version. */
  cart_version: z.string(),
});

/** What the browser opens the gateway's checkout with (Razorpay Standard Checkout's options). */
export const checkoutPaymentSchema = z.object({
  gateway: z.enum(['razorpay', 'simulator']),
  key_id: z.string().describe('The public key to open the checkout with'),
  order_id: z.string().describe('The gateway order, e.g. "order_…"'),
  amount: z.number().int().describe('Paise'),
  currency: z.string().describe('INR'),
});

/** An order as place-order answers it: the orders feature's order JSON. */
export const placedOrderSchema = orderJsonSchema;

/** POST /api/customer/check-promocode: a code checked against the current cart. */
export const checkPromocodeRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/check-promocode',
  summary: 'Check a promo code against the cart',
  description:
    '200 with the discount and "Promo code applied! N% discount applied."; 422 with the reason (unknown, expired, not active yet, used up, below the minimum order, already used, empty cart).',
  auth: 'customer',
  body: z.object({
    promocode: z
      .union([z.string(), z.number()], { error: CHECKOUT_MESSAGES.promoMissing })
      .transform(String)
      .pipe(z.string().trim().min(1, CHECKOUT_MESSAGES.promoMissing)),
  }),
  response: z.object({ promocode: z.string(), percent: z.number().int(), discount: rupees, subtotal: rupees }),
});

/**
 * GET /api/customer/checkout-summary: the server's figures, the points and credit balances, and
 * whether Pay Online is offered.
 */
export const checkoutSummaryRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/checkout-summary',
  summary: "The server's figures for the cart",
  description:
    'The figures place-order will charge for this promo code and points choice; 422 for an empty cart, a refused code or too many points. For an address outside every delivery zone no delivery fee is quoted and `delivery` is null: place-order refuses that address.',
  auth: 'customer',
  query: z.object({
    promocode: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    /** Points to redeem: 0 to 9,999,999 (empty means 0). */
    points: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || '0')
      .pipe(
        z
          .string()
          .regex(/^\d{1,7}$/, CHECKOUT_MESSAGES.pointsWhole)
          .transform(Number),
      ),
    /**
     * The address to deliver to (its zone's fee applies); absent: the Deliver-to PIN code, else the
     * default address.
     */
    address_id: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, 'address_id must be an address id.')
      .transform(Number)
      .optional(),
  }),
  response: z.object({
    summary: quoteSchema,
    /** The cart lines these figures price: the list checkout shows. */
    items: z.array(cartLineSchema),
    points_balance: z.number().int(),
    credit_balance: rupees,
    online_payment: z.boolean(),
    /**
     * The delivery zone these figures use; null when the address is outside every zone (then no
     * delivery fee is quoted: nothing is delivered there).
     */
    delivery: z
      .object({ zone: z.string(), min_order: rupees, min_order_remaining: rupees, free_delivery_from: rupees })
      .nullable()
      .optional(),
    /**
     * The zone whose fee these figures use while no address or PIN code is known yet (the first
     * zone's, an estimate); null when they are the customer's zone's.
     */
    delivery_estimate_zone: z.string().nullable().optional(),
  }),
});

/** The place-order payload: payment_mode cod → Cash, card → Card, credit → Credit, online → Online. */
export const placeOrderBodySchema = z.object({
  address_id: positiveId(CHECKOUT_MESSAGES.noAddress),
  payment_mode: z
    .string({ error: CHECKOUT_MESSAGES.noMethod })
    .trim()
    .toLowerCase()
    .refine((m) => Object.hasOwn(PAYMENT_MODE_ALIASES, m), CHECKOUT_MESSAGES.noMethod)
    .transform((m) => PAYMENT_MODE_ALIASES[m]!),
  /** Rupees with up to 2 decimals: must equal the server's figure. */
  paid_amount: moneyIn('paid_amount must be an amount with up to 2 decimals.'),
  /** Rupees; when sent, must equal the server's discount. */
  discount: moneyIn('discount must be an amount with up to 2 decimals.').optional(),
  customer_note: z.string().max(500, 'Order notes can be at most 500 characters.').optional(),
  promocode: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || undefined),
  /** Points to redeem, 0 to 9,999,999 ("0" or empty when unused). */
  points: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(
      z
        .string()
        .trim()
        .regex(/^\d{0,7}$/, CHECKOUT_MESSAGES.pointsWhole),
    )
    .optional()
    .transform((v) => Number(v || '0')),
  /**
   * The summary's cart_version as the page showed it; when sent and the cart has changed since, 409
   * with the new items.
   */
  cart_version: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{16}$/, 'cart_version must be the cart_version of checkout-summary.')
    .optional(),
  /** If an item is out of stock: replace, refund or call, for lines without their own choice; default replace. */
  substitution: substitutionInput
    .optional()
    .describe(
      "replace (a similar item), refund (don't replace) or call (call me); applies to lines without their own choice; default replace",
    ),
  /** The delivery slot id from delivery-slots; absent: the earliest open slot with room. */
  delivery_slot: z.string().trim().regex(SLOT_ID, DELIVERY_MESSAGES.slotId).optional(),
});

/** POST /api/customer/place-order: the order at the server's figures. */
export const placeOrderRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/place-order',
  summary: 'Place an order',
  description: [
    'Optional header Idempotency-Key (8 to 100 letters, digits, dots, colons, dashes or underscores): the same key and body give the same order (200), the key with another body a 422.',
    'cart_version (from checkout-summary): when sent and the cart changed since, 409 "Your cart has changed…" with the figures and data.items, the cart as it is now; no order is made.',
    "201 with data.order for a new order. 409 with the server's figures in data (subtotal, item_count, discount, promocode, points, delivery_fee, paid_amount) when the client's differ; 409 when a parallel request already ordered this cart.",
    '409 "Sorry, {name} is no longer available. Please remove it from your cart." (for several: "Sorry, {A}, {B} and {C} are no longer available. Please remove them from your cart.") with data.product_id (the first) and data.product_ids (all) when lines\' products have left the shop (archived, switched off, or their category or subcategory deactivated; the cart marks them available: false); no order is made.',
    "delivery_slot (from GET /api/customer/delivery-slots for the address's PIN code): 400 when the zone does not offer it, 409 when it has closed or is full; absent, the earliest open slot with room is taken. 422 when the subtotal is below the zone's minimum order.",
    'Online (only when the shop has a payment gateway): 201 with the order awaiting its payment (order_status pending_payment, payment_status pending: it holds its stock, slot, promo use and points, and the shop does not have it until paid) and data.payment, what the gateway checkout opens with; the same Idempotency-Key while it awaits gives the same order and payment. The checkout then calls POST /api/customer/payments/razorpay/verify (or …/cancel). 503 "Payment initialization failed." when the gateway order cannot be created (nothing is kept, the cart is restored).',
  ].join(' '),
  auth: 'customer',
  body: placeOrderBodySchema,
  response: z.object({
    order: placedOrderSchema,
    order_id: z.number().int(),
    success: z.literal(true),
    payment: checkoutPaymentSchema.nullable().describe('Online only: the gateway checkout to open'),
  }),
});

/** Every checkout route, for the route table and the OpenAPI document. */
export const checkoutContracts = [checkPromocodeRoute, checkoutSummaryRoute, placeOrderRoute] as const;
