/**
 * The back office's promo code routes (contracts in contract.ts; mounted by
 * src/pages/api/admin/promos.ts and src/pages/api/admin/promos/[id]/end.ts).
 */

import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implement } from '#lib/http/handler.ts';
import { adminPromosRoute, createPromoRoute, endPromoRoute } from './contract.ts';
import { createPromo, endPromo, listAdminPromos } from './server/admin-promos.ts';

export const adminPromosEndpoint = implement(adminPromosRoute, async () => ({
  data: { promos: await listAdminPromos(await getDb()) },
  headers: NO_STORE,
}));

export const createPromoEndpoint = implement(createPromoRoute, async ({ body, actor }) => ({
  data: { promo: await createPromo(await getDb(), body, actor) },
  status: 201,
  message: `Promo code ${body.code} created.`,
  headers: NO_STORE,
}));

export const endPromoEndpoint = implement(endPromoRoute, async ({ params, actor }) => {
  const promo = await endPromo(await getDb(), params.id, actor);
  return { data: { promo }, message: `Promo code ${promo.code} ended.`, headers: NO_STORE };
});
