/** The "Buy again" handler (contract.ts; mounted by src/pages/api/customer/buy-again.ts). Personal: no-store. */

import { productJson } from '#features/catalog/index.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implement } from '#lib/http/handler.ts';
import { buyAgainRoute } from './contract.ts';
import { buyAgain } from './server.ts';

export const buyAgainEndpoint = implement(buyAgainRoute, async ({ customer }) => ({
  data: {
    products: (await buyAgain(await getDb(), customer.id)).map((b) => ({
      ...productJson(b.product),
      times_ordered: b.timesOrdered,
    })),
  },
  headers: NO_STORE,
}));
