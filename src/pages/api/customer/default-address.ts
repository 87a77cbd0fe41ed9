/** POST /api/customer/default-address (form address_id): makes it the default; 404 when not the customer's. */
import { api, ok, parseId, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { setDefaultAddress } from '../../../features/addresses/server/addresses.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { ADDRESS_MESSAGES } from '../../../features/addresses/rules.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const addressId = parseId((await readBody(ctx.request)).address_id, ADDRESS_MESSAGES.idRequired);
  await setDefaultAddress(await getDb(), customer.id, addressId);
  return ok({}, { message: ADDRESS_MESSAGES.defaultSet, headers: NO_STORE });
});
