/**
 * The substitution route: a cart line's own "if out of stock" choice. Declared once
 * here with zod (server, islands by `import type`, OpenAPI). The order-level choice travels with
 * place-order (checkout/contract.ts `substitution`).
 */
import { z } from 'zod';
import { defineRoute, positiveId } from '#lib/http/contract.ts';
import { cartDataSchema } from '#features/cart/contract.ts';
import { CART_MESSAGES } from '#features/cart/rules.ts';
import { SUBSTITUTION_INVALID } from './rules.ts';
import { substitutionInput } from './substitution-input.ts';

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
