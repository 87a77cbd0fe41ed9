/** GET /api/customer/profile → data.user {name, email, mobile} and data.account {points_balance, credit_balance, credit_limit} (spec 001 §3, §7). */
import { api, ok } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { getProfile } from '../../../lib/server/services/account.ts';
import { requireCustomer } from '../../../lib/server/session.ts';
import { profileJson } from '../../../lib/server/account-shapes.ts';
import { NO_STORE } from '../../../lib/server/cache-control.ts';

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  return ok(profileJson(await getProfile(await getDb(), customer.id)), { headers: NO_STORE });
});
