/** POST /api/customer/add-address (address payload, JSON or form): adds an address → 201 data.address. */
import { api, ok, readBody } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { addAddress } from '../../../lib/server/services/addresses.ts';
import { requireCustomer } from '../../../lib/server/session.ts';
import { addressJson } from '../../../lib/server/address-shapes.ts';
import { addressSchema, ADDRESS_MESSAGES } from '../../../lib/address-rules.ts';
import { NO_STORE } from '../../../lib/server/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const input = addressSchema.parse(await readBody(ctx.request));
  const address = await addAddress(await getDb(), customer.id, input);
  return ok({ address: addressJson(address) }, { status: 201, message: ADDRESS_MESSAGES.added, headers: NO_STORE });
});
