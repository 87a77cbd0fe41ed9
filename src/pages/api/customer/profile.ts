/** GET /api/customer/profile → data.user {name, email, mobile} and data.account {points_balance, credit_balance, credit_limit} (spec 001 §3, §7). */
import { api, ok } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { getProfile } from '../../../features/account/server/account.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { profileJson } from '../../../features/account/server/shapes.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  return ok(profileJson(await getProfile(await getDb(), customer.id)), { headers: NO_STORE });
});
