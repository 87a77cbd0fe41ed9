/**
 * The search route (spec 000 §7 search-products, issue 2 "Search"): its one declaration, shared
 * by the server (routes.ts), the search box (with `import type`) and the OpenAPI document.
 * Browser-safe: zod only.
 */
import { z } from 'zod';
import { defineRoute } from '../../lib/http/contract.ts';
import { productCardSchema } from '../catalog/contract.ts';
import { queryParam } from '../catalog/listing-query.ts';
import { normalizeSearchText, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_MESSAGES } from './rules.ts';

/** A search hit: a product card plus the names the spec's search mapping reads. */
export const searchResultSchema = productCardSchema.extend({
  product_id: z.number().int(),
  product_name: z.string(),
  category_name: z.string().nullable(),
});

/** GET /api/customer/search-products?product={text}&limit=: ranked, typo-tolerant product search. */
export const searchProductsRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/search-products',
  summary: 'Products whose name contains the text (any case), then near misses for typos, ranked',
  description: `Text is trimmed, whitespace collapsed and cut at 100 characters; empty text is a 400. limit 1–${SEARCH_MAX_LIMIT} (default ${SEARCH_DEFAULT_LIMIT}). Public and cacheable for a minute.`,
  auth: 'none',
  query: z.object({
    product: z.string({ error: SEARCH_MESSAGES.empty }).refine((text) => normalizeSearchText(text) !== '', SEARCH_MESSAGES.empty),
    limit: queryParam(
      z
        .string()
        .trim()
        .regex(/^\d{1,3}$/, SEARCH_MESSAGES.badLimit)
        .transform(Number)
        .refine((n) => n >= 1 && n <= SEARCH_MAX_LIMIT, SEARCH_MESSAGES.badLimit),
      SEARCH_DEFAULT_LIMIT,
    ),
  }),
  response: z.object({ products: z.array(searchResultSchema) }),
});

/** Every search route. */
export const searchContracts = [searchProductsRoute] as const;
