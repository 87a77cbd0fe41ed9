/**
 * POST /api/register {name, email, mobile} (JSON, form or multipart): starts a sign-up and
 * sends an OTP to the phone; `/api/otp-login` with that code creates the account (spec 000 §7;
 * the spec's browser-made sign-up OTP is replaced by this server one). 409 when the phone
 * already has an account (look-ups are limited per IP), 503 when no SMS sender is configured.
 */
import { api, ok, readBody } from '../../lib/http/envelope.ts';
import { getDb } from '../../lib/db/index.ts';
import { signupSchema } from '../../features/auth/rules.ts';
import { guardOtpSend, startSignup } from '../../features/auth/server/otp-and-sessions.ts';
import { clientIp } from '../../features/auth/server/session.ts';
import { NO_STORE } from '../../lib/cache/cache-control.ts';
import { otpSentJson } from '../../features/auth/server/shapes.ts';

export const POST = api(async (ctx) => {
  const input = signupSchema.parse(await readBody(ctx.request));
  const db = await getDb();
  const ip = clientIp(ctx);
  await guardOtpSend(db, ip, input.mobile);
  const sent = await startSignup(db, input, ip);
  return ok(otpSentJson(sent), { message: `We sent an OTP to ${input.mobile}.`, headers: NO_STORE });
});
