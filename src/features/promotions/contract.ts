/**
 * The back office's promo code routes: list, create and end, with a promo code as staff see it.
 * Re-exported by contract.ts.
 */
import { z } from 'zod';
import { defineAdminRoute, positiveId } from '#lib/http/contract.ts';
import { promoCreateSchema } from './rules.ts';

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
