/** POST /api/logout: revokes the current session on the server and clears the cookie. Always 200. */
import { api, ok } from '../../lib/http/envelope.ts';
import { getDb } from '../../lib/db/index.ts';
import { revokeSession } from '../../features/auth/server/otp-and-sessions.ts';
import { clearSessionCookie, getCustomer } from '../../features/auth/server/session.ts';
import { NO_STORE } from '../../lib/cache/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await getCustomer(ctx);
  if (customer) await revokeSession(await getDb(), customer.sessionId);
  clearSessionCookie(ctx.cookies, ctx);
  return ok({}, { message: 'You have been logged out.', headers: NO_STORE });
});
