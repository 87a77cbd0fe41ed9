/** POST /api/customer/add-address (address payload, JSON or form): adds an address → 201 data.address. */
import { api, ok, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { addAddress } from '../../../features/addresses/server/addresses.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { addressJson } from '../../../features/addresses/server/shapes.ts';
import { addressSchema, ADDRESS_MESSAGES } from '../../../features/addresses/rules.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const input = addressSchema.parse(await readBody(ctx.request));
  const address = await addAddress(await getDb(), customer.id, input);
  return ok({ address: addressJson(address) }, { status: 201, message: ADDRESS_MESSAGES.added, headers: NO_STORE });
});
