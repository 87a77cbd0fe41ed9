/**
 * The search routes (search-products for the dropdown, and the results page's API): their
 * declarations, shared by the server (routes.ts), the search box (with `import type`) and the
 * OpenAPI document. Browser-safe: zod only.
 */
import { z } from 'zod';
import { positiveInt, productCardSchema, queryParam } from '#features/catalog/contract.ts';
import { defineRoute } from '#lib/http/contract.ts';
import {
  normalizeSearchText,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZE,
} from './rules.ts';

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
  description: `Text is trimmed, whitespace collapsed and cut at 100 characters; empty text is a 400. limit 1–${SEARCH_MAX_LIMIT} (default ${SEARCH_DEFAULT_LIMIT}). Public; a shared cache may reuse it for a second.`,
  auth: 'none',
  query: z.object({
    product: z
      .string({ error: SEARCH_MESSAGES.empty })
      .refine((text) => normalizeSearchText(text) !== '', SEARCH_MESSAGES.empty),
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

/** Query of the search results page and its API. */
export const searchPageQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_MESSAGES.empty })
    .max(500, 'q must be at most 500 characters.')
    .refine((text) => normalizeSearchText(text) !== '', SEARCH_MESSAGES.empty),
  category: queryParam(positiveInt('category')),
  brand: queryParam(z.string().trim().max(100, 'brand must be at most 100 characters.')),
  sort: queryParam(z.enum(['asc', 'desc'], { message: 'sort must be asc or desc.' })),
  page: queryParam(positiveInt('page'), 1),
});

const facetCount = z.number().int().min(1);

/** GET /api/customer/search?q=&category=&brand=&sort=&page=: one page of the search results page. */
export const searchPageRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/search',
  summary: 'One page of ranked search results with category and brand filters (the /search page)',
  description: `Ranked by relevance (whole words, synonyms such as aloo → potato, typo corrections against catalogue words, category and brand matches) or by price (sort=asc|desc). ${SEARCH_PAGE_SIZE} per page. Empty q or a bad filter is a 400. Public; a shared cache may reuse it for a second.`,
  auth: 'none',
  query: searchPageQuerySchema,
  response: z.object({
    query: z.string(),
    corrected_query: z.string().nullable(),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    page_size: z.number().int().min(1),
    total_pages: z.number().int().min(1),
    products: z.array(searchResultSchema),
    categories: z.array(z.object({ id: z.number().int(), name: z.string(), count: facetCount })),
    brands: z.array(z.object({ name: z.string(), count: facetCount })),
    suggestions: z.array(z.string()).describe('Words to try when nothing matched and the text is not a known term'),
    unstocked: z
      .object({
        name: z.string().describe('What the known term means, e.g. "okra" for "bhindi"'),
        category: z
          .object({ id: z.number().int(), name: z.string(), url: z.string() })
          .nullable()
          .describe('The shop’s category of its kind, or null when the shop has none'),
      })
      .nullable()
      .describe('Set when nothing matched a term the shop’s synonyms know: "We don’t stock okra (bhindi) yet."'),
  }),
});

/** Every search route. */
export const searchContracts = [searchProductsRoute, searchPageRoute] as const;
