/** POST /api/customer/delete-address (form address_id): deletes an address; 404 when not the customer's. */
import { api, ok, parseId, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { deleteAddress } from '../../../features/addresses/server/addresses.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { ADDRESS_MESSAGES } from '../../../features/addresses/rules.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const addressId = parseId((await readBody(ctx.request)).address_id, ADDRESS_MESSAGES.idRequired);
  await deleteAddress(await getDb(), customer.id, addressId);
  return ok({}, { message: ADDRESS_MESSAGES.deleted, headers: NO_STORE });
});
