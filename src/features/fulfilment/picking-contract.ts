/**
 * The picking list's routes (staff only): one declaration each, shared by the server
 * (routes.ts), the OpenAPI document and the tests. Zod only; re-exported by contract.ts.
 */
import { z } from 'zod';
import { defineAdminRoute } from '#lib/http/contract.ts';
import { slotQuerySchema } from './rules.ts';

/** One product's total in a slot's picking list. */
export const pickingLineSchema = z.object({
  product_id: z.number().int().nullable().describe('null once the product is gone from the catalogue'),
  sku: z.string().nullable(),
  name: z.string(),
  unit: z.string().nullable().describe('Pack size, e.g. "500 g"'),
  qty: z.number().int().describe('Packs to pick, summed over the slot’s orders'),
  orders: z.number().int().describe('Orders that have it'),
});

/** GET /api/admin/picking: a slot's picking list. */
export const pickingListRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/picking',
  summary: 'A delivery slot’s picking list',
  description:
    'Every product of the slot’s orders still to pick (placed or processed; not cancelled, not waiting on an online payment), in every zone, summed and grouped by category. `slot` is the board’s slot id (`2026-11-26T07:00`) or its start (`07:00`) on `date`.',
  permission: 'picking.view',
  query: slotQuerySchema,
  response: z.object({
    date: z.string().describe('YYYY-MM-DD, shop time'),
    slot_id: z.string().describe('"YYYY-MM-DDTHH:MM", shop time'),
    slot_label: z.string().describe('e.g. "Thu 26 Nov, 7–9 AM"'),
    orders: z.number().int().describe('Orders in the list'),
    categories: z.array(z.object({ name: z.string(), lines: z.array(pickingLineSchema) })),
  }),
});

/** GET /api/admin/picking/csv: the same list as a CSV download. */
export const pickingCsvRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/picking/csv',
  summary: 'A delivery slot’s picking list as CSV',
  description:
    'text/csv with `Content-Disposition: attachment; filename="picking-2026-11-26-0700.csv"`: a header row (Category, SKU, Product, Unit, Quantity, Orders), then one row per product, quoted as RFC 4180 says. Query as GET /api/admin/picking. Audited: each download adds a `picking.exported` entry naming the slot.',
  permission: 'picking.view',
  query: slotQuerySchema,
  response: z.never(),
  produces: 'text/csv; charset=utf-8',
});

export const pickingContracts = [pickingListRoute, pickingCsvRoute] as const;

/** A picking list as the API answers it. */
export type PickingListJson = z.output<typeof pickingListRoute.response>;
