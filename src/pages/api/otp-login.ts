/**
 * POST /api/otp-login {key: phone, otp}: checks the OTP of a login or a sign-up and starts a
 * session in the HttpOnly session cookie (spec 000 §7). The token itself is in the body
 * (`data.token`, for `Authorization: Bearer`) only when the client asks for it with the header
 * `X-Token-Transport: bearer`; browsers never need it. Wrong code: 400 "Invalid OTP".
 */
import { api, ok, readBody } from '../../lib/http/envelope.ts';
import { getDb } from '../../lib/db/index.ts';
import { otpLoginSchema } from '../../features/auth/rules.ts';
import { completeOtpLogin, throttleIp } from '../../features/auth/server/otp-and-sessions.ts';
import { clientIp, setSessionCookie } from '../../features/auth/server/session.ts';
import { getConfig } from '../../lib/config.ts';
import { NO_STORE } from '../../lib/cache/cache-control.ts';
import { customerJson } from '../../features/auth/server/shapes.ts';

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
