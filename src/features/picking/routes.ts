/**
 * The picking list's route handlers (contracts in contract.ts; mounted by
 * src/pages/api/admin/picking.ts and src/pages/api/admin/picking/csv.ts).
 */
import { implement, implementFile } from '#lib/http/handler.ts';
import { getDb } from '#lib/db/index.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { pickingCsvRoute, pickingListRoute } from './contract.ts';
import { slotQuery } from './rules.ts';
import { currentPickingList, pickingCsv } from './server/picking-list.ts';
import { pickingListJson } from './server/picking-json.ts';

export const pickingListEndpoint = implement(pickingListRoute, async ({ query }) => ({
  data: pickingListJson(await currentPickingList(await getDb(), slotQuery(query))),
  headers: NO_STORE,
}));

export const pickingCsvEndpoint = implementFile(pickingCsvRoute, async ({ query }) => ({
  body: new TextEncoder().encode(pickingCsv(await currentPickingList(await getDb(), slotQuery(query)))),
  filename: `picking-${slotQuery(query).slotId.replace('T', '-').replace(':', '')}.csv`,
  headers: NO_STORE,
}));
