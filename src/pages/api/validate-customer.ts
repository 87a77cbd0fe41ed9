/**
 * POST /api/validate-customer {key: phone, otp: ""}: the login step that sends an OTP to a
 * known customer's phone (spec 000 §7). Unknown phone: 404 with a message (the spec's flow; the
 * answer reveals whether the phone has an account, so look-ups are limited per IP). 503 when no
 * SMS sender is configured; 429 over a sign-in limit (README "Sign-in limits").
 */
import { api, ok, readBody } from '../../lib/http/envelope.ts';
import { getDb } from '../../lib/db/index.ts';
import { loginSchema } from '../../features/auth/rules.ts';
import { guardOtpSend, startLogin } from '../../features/auth/server/otp-and-sessions.ts';
import { clientIp } from '../../features/auth/server/session.ts';
import { NO_STORE } from '../../lib/cache/cache-control.ts';
import { otpSentJson } from '../../features/auth/server/shapes.ts';

export const POST = api(async (ctx) => {
  const { key } = loginSchema.parse(await readBody(ctx.request));
  const db = await getDb();
  const ip = clientIp(ctx);
  await guardOtpSend(db, ip, key);
  const sent = await startLogin(db, key, ip);
  return ok(otpSentJson(sent), { message: `We sent an OTP to ${key}.`, headers: NO_STORE });
});
