/**
 * POST /api/otp-login {key: phone, otp}: checks the OTP of a login or a sign-up and starts a
 * session in the HttpOnly session cookie (spec 000 §7). The token itself is in the body
 * (`data.token`, for `Authorization: Bearer`) only when the client asks for it with the header
 * `X-Token-Transport: bearer`; browsers never need it. Wrong code: 400 "Invalid OTP".
 */
import { api, ok, readBody } from '../../lib/server/http.ts';
import { getDb } from '../../lib/server/db/index.ts';
import { otpLoginSchema } from '../../lib/auth-rules.ts';
import { completeOtpLogin, throttleIp } from '../../lib/server/services/auth.ts';
import { clientIp, setSessionCookie } from '../../lib/server/session.ts';
import { getConfig } from '../../lib/server/config.ts';
import { NO_STORE } from '../../lib/server/cache-control.ts';
import { customerJson } from '../../lib/server/auth-shapes.ts';

/** Request header with which an API client asks for `data.token` (value `bearer`). */
export const TOKEN_TRANSPORT_HEADER = 'x-token-transport';

export const POST = api(async (ctx) => {
  const { key, otp } = otpLoginSchema(getConfig().OTP_LENGTH).parse(await readBody(ctx.request));
  const db = await getDb();
  const ip = clientIp(ctx);
  await throttleIp(db, ip);
  const { token, customer, created } = await completeOtpLogin(db, key, otp, ip);
  setSessionCookie(ctx.cookies, ctx, token);
  const bearer = ctx.request.headers.get(TOKEN_TRANSPORT_HEADER)?.trim().toLowerCase() === 'bearer';
  return ok(
    { ...(bearer ? { token } : {}), customer: customerJson(customer), created },
    { message: 'You have logged in successfully', headers: NO_STORE },
  );
});
