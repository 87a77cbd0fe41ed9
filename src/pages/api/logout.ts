/** POST /api/logout: revokes the current session on the server and clears the cookie. Always 200. */
import { api, ok } from '../../lib/server/http.ts';
import { getDb } from '../../lib/server/db/index.ts';
import { revokeSession } from '../../lib/server/services/auth.ts';
import { clearSessionCookie, getCustomer } from '../../lib/server/session.ts';
import { NO_STORE } from '../../lib/server/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await getCustomer(ctx);
  if (customer) await revokeSession(await getDb(), customer.sessionId);
  clearSessionCookie(ctx.cookies, ctx);
  return ok({}, { message: 'You have been logged out.', headers: NO_STORE });
});
