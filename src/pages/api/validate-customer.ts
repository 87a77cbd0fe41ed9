/**
 * POST /api/validate-customer {key: phone, otp: ""}: the login step that sends an OTP to a
 * known customer's phone (spec 000 §7). Unknown phone: 404 with a message.
 */
import { api, ok, readBody } from '../../lib/server/http.ts';
import { getDb } from '../../lib/server/db/index.ts';
import { loginSchema } from '../../lib/auth-rules.ts';
import { startLogin, throttleIp } from '../../lib/server/services/auth.ts';
import { clientIp } from '../../lib/server/session.ts';
import { NO_STORE } from '../../lib/server/cache-control.ts';
import { otpSentJson } from '../../lib/server/auth-shapes.ts';

export const POST = api(async (ctx) => {
  const { key } = loginSchema.parse(await readBody(ctx.request));
  const db = await getDb();
  await throttleIp(db, clientIp(ctx));
  const sent = await startLogin(db, key);
  return ok(otpSentJson(sent), { message: `We sent an OTP to ${key}.`, headers: NO_STORE });
});
