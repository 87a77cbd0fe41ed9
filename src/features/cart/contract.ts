/**
 * Cart routes (docs/storefront-rules.md#cart): the one declaration of each, shared by the
 * server (routes.ts), the cart store and the OpenAPI document. Every route answers with the
 * cart as it is after the call (`data.my_cart`, `data.summary`; money in rupees, 2 decimals) and
 * refreshes the `ff_cart` count hint cookie. Inputs are the spec's: multipart or form-urlencoded
 * `product_id`, `qty`, `cart_id` (JSON works too), ids as numbers or digit strings.
 * Zod only; islands import these with `import type` (see src/lib/http/client.ts).
 */
import { z } from 'zod';
import { defineRoute, positiveId } from '#lib/http/contract.ts';
import { CART_MESSAGES, MAX_ADD_QTY, MIN_LINE_QTY } from './rules.ts';
import { SUBSTITUTION_INVALID, SUBSTITUTIONS } from './substitution.ts';

/** One cart line, with its id under both names the storefront's clients read. */
export const cartLineSchema = z.object({
  cart_id: z.number().int(),
  /** Same as cart_id (the spec's clients read either). */
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  /** Same as product_name (the checkout island reads it). */
  name: z.string(),
  product_image: z.string(),
  qty: z.number().int(),
  /** MRP per unit, rupees. */
  price: z.number(),
  /** Selling price per unit (what is charged), rupees. */
  offer_price: z.number(),
  stock: z.number().int(),
  weight: z.number().nullable(),
  unit: z.string().nullable(),
  /** offer_price × qty, rupees. */
  line_total: z.number(),
  /** If out of stock: replace, refund or call; null = the order's choice. */
  substitution: z.enum(SUBSTITUTIONS).nullable(),
  /** false once the product left the shop (archived, switched off, its category hidden): checkout refuses the cart (409) until it is removed. */
  available: z.boolean(),
});

/** The cart's totals, computed on the server with the delivery zone's fee, rupees. */
export const cartSummarySchema = z.object({
  /** Units in the cart. */
  item_count: z.number().int(),
  subtotal: z.number(),
  delivery_fee: z.number(),
  total: z.number(),
  free_delivery_from: z.number(),
  free_delivery_remaining: z.number(),
  /** The delivery zone's minimum order (0: none) and how much more reaches it; optional for older clients' mocks. */
  min_order: z.number().default(0),
  min_order_remaining: z.number().default(0),
  /**
   * The zone whose fee these totals use while no address or PIN code is known yet (the first
   * zone's, an estimate); null when they are the customer's zone's.
   */
  delivery_estimate_zone: z.string().nullable().default(null),
});

/** The cart every cart route answers with (also reused by routes that change the cart elsewhere, e.g. reorder). */
export const cartDataSchema = z.object({ my_cart: z.array(cartLineSchema), summary: cartSummarySchema });

/** A quantity to add: 1 to 999 as a number or a string of digits. */
const addQuantity = z.union([z.number(), z.string()], { error: CART_MESSAGES.badQuantity }).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  const n = /^\d{1,3}$/.test(text) ? Number(text) : 0;
  if (n < MIN_LINE_QTY || n > MAX_ADD_QTY) {
    ctx.addIssue({ code: 'custom', message: CART_MESSAGES.badQuantity });
    return z.NEVER;
  }
  return n;
});

const cartIdBody = z.object({
  cart_id: positiveId(CART_MESSAGES.invalidCartId).describe('Cart line id (`cart_id` of a line)'),
});

/** GET /api/customer/my-cart: the signed-in customer's cart, oldest line first. */
export const myCartRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/my-cart',
  summary: 'The cart: lines and server-computed totals',
  auth: 'customer',
  response: cartDataSchema,
});

/** POST /api/customer/add-product: adds `qty` (default 1) of a product, merging with its line. */
export const addProductRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/add-product',
  summary: 'Add a product to the cart (merges with its line)',
  description:
    'Multipart `product_id`, `qty` (1 to 999, default 1); `productId` and `quantity` are read too. 404 unknown product; 409 out of stock or over the stock (`data.stock`).',
  auth: 'customer',
  body: z
    .object({
      product_id: positiveId(CART_MESSAGES.invalidProductId)
        .describe('Product id (required unless productId is given)')
        .optional(),
      productId: positiveId(CART_MESSAGES.invalidProductId).describe('Same as product_id').optional(),
      qty: addQuantity.describe('Units to add, 1 to 999; default 1').optional(),
      quantity: addQuantity.describe('Same as qty').optional(),
    })
    .refine((b) => b.product_id !== undefined || b.productId !== undefined, {
      message: CART_MESSAGES.invalidProductId,
      path: ['product_id'],
    }),
  response: cartDataSchema,
});

/** POST /api/customer/increase-qty: one more of a line (409 over the stock). */
export const increaseQtyRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/increase-qty',
  summary: 'One more unit of a cart line',
  description: "Form-urlencoded `cart_id`. 404 for a line that is not the customer's; 409 over the stock.",
  auth: 'customer',
  body: cartIdBody,
  response: cartDataSchema,
});

/** POST /api/customer/decrease-qty: one fewer of a line, never below 1 (422). */
export const decreaseQtyRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/decrease-qty',
  summary: 'One fewer unit of a cart line (never below 1)',
  description: "Form-urlencoded `cart_id`. 404 for a line that is not the customer's; 422 below 1.",
  auth: 'customer',
  body: cartIdBody,
  response: cartDataSchema,
});

/** POST /api/customer/set-qty: a line's quantity set outright (quick taps coalesced into one request). */
export const setQtyRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/set-qty',
  summary: 'Set a cart line to a quantity',
  description:
    "`cart_id` and `qty` (1 to 999). The cart's own screens send the final quantity after quick taps, so every tap counts and no request is lost. 404 for a line that is not the customer's; 409 over the stock (`Only N left…`).",
  auth: 'customer',
  body: cartIdBody.extend({ qty: addQuantity.describe('The quantity the line should have, 1 to 999') }),
  response: cartDataSchema,
});

/** POST /api/customer/delete-product: removes a line. */
export const deleteProductRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/delete-product',
  summary: 'Remove a cart line',
  description: "Multipart `cart_id`. 404 for a line that is not the customer's.",
  auth: 'customer',
  body: cartIdBody,
  response: cartDataSchema,
});

/** POST /api/customer/clear-cart: empties the cart (empty body). */
export const clearCartRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/clear-cart',
  summary: 'Empty the cart',
  auth: 'customer',
  response: cartDataSchema,
});

export const cartContracts = [
  myCartRoute,
  addProductRoute,
  increaseQtyRoute,
  decreaseQtyRoute,
  setQtyRoute,
  deleteProductRoute,
  clearCartRoute,
] as const;

/** The substitution choice as an API input: one of SUBSTITUTIONS (case and spaces ignored); anything else is a 400. */
export const substitutionInput = z
  .string({ error: SUBSTITUTION_INVALID })
  .trim()
  .toLowerCase()
  .pipe(z.enum(SUBSTITUTIONS, { error: SUBSTITUTION_INVALID }));

/** POST /api/customer/set-substitution: a line's choice, or back to the order's (empty, null or "order"). */
export const setSubstitutionRoute = defineRoute({
  method: 'POST',
  path: '/api/customer/set-substitution',
  summary: "A cart line's choice if its item is out of stock",
  description:
    "`cart_id` and `substitution`: replace (a similar item), refund (don't replace) or call (call me); an empty string, null or \"order\" makes the line follow the order's choice made at checkout. 400 for another value; 404 for a line that is not the customer's. Answers with the cart as it is now.",
  auth: 'customer',
  body: z.object({
    cart_id: positiveId(CART_MESSAGES.invalidCartId).describe('Cart line id (`cart_id` of a line)'),
    substitution: z
      .union([z.literal(''), z.literal('order'), z.null(), substitutionInput], { error: SUBSTITUTION_INVALID })
      .transform((v) => (v === '' || v === 'order' ? null : v))
      .describe('replace, refund, call; empty or "order" for the order\'s choice'),
  }),
  response: cartDataSchema,
});

export const substitutionContracts = [setSubstitutionRoute] as const;
