/**
 * GET /api/customer/address-list → the customer's addresses, default first, under every key the
 * spec's callers read: data.address_list, data.addresses and data.data.address_list.
 */
import { api, ok } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { listAddresses } from '../../../features/addresses/server/addresses.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { addressJson } from '../../../features/addresses/server/shapes.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const list = (await listAddresses(await getDb(), customer.id)).map(addressJson);
  return ok({ address_list: list, addresses: list, data: { address_list: list } }, { headers: NO_STORE });
});
