/**
 * The "Buy again" route: declared once with zod (server, the island by
 * `import type`, OpenAPI). Signed-in customers only (401 for a guest).
 */
import { z } from 'zod';
import { productCardSchema } from '#features/catalog/contract.ts';
import { defineRoute } from '#lib/http/contract.ts';

/** GET /api/customer/buy-again: products from the customer's delivered orders that can be bought now. */
export const buyAgainRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/buy-again',
  summary: "Buy again: products from the customer's delivered orders",
  description:
    'Products of delivered orders only, most often ordered first (a tie: the most recently delivered), active and in stock only, at most 12, as product cards (money in rupees) with `times_ordered`. Empty when nothing was delivered yet; 401 for a guest.',
  auth: 'customer',
  response: z.object({
    products: z.array(
      productCardSchema.extend({ times_ordered: z.number().int().describe('Delivered orders that held the product') }),
    ),
  }),
});

export const buyAgainContracts = [buyAgainRoute] as const;
