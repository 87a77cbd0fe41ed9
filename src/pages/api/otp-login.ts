/**
 * POST /api/otp-login {key: phone, otp}: checks the OTP of a login or a sign-up and starts a
 * session: `data.token` for API clients (Bearer) and the HttpOnly session cookie for the web
 * (spec 000 §7). Wrong code: 400 "Invalid OTP".
 */
import { api, ok, readBody } from '../../lib/server/http.ts';
import { getDb } from '../../lib/server/db/index.ts';
import { otpLoginSchema } from '../../lib/auth-rules.ts';
import { completeOtpLogin, throttleIp } from '../../lib/server/services/auth.ts';
import { clientIp, setSessionCookie } from '../../lib/server/session.ts';
import { getConfig } from '../../lib/server/config.ts';
import { NO_STORE } from '../../lib/server/cache-control.ts';
import { customerJson } from '../../lib/server/auth-shapes.ts';

export const POST = api(async (ctx) => {
  const { key, otp } = otpLoginSchema(getConfig().OTP_LENGTH).parse(await readBody(ctx.request));
  const db = await getDb();
  await throttleIp(db, clientIp(ctx));
  const { token, customer, created } = await completeOtpLogin(db, key, otp);
  setSessionCookie(ctx.cookies, ctx, token);
  return ok(
    { token, customer: customerJson(customer), created },
    { message: 'You have logged in successfully', headers: NO_STORE },
  );
});
