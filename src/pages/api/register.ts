/**
 * POST /api/register {name, email, mobile} (JSON, form or multipart): starts a sign-up and
 * sends an OTP to the phone; `/api/otp-login` with that code creates the account (spec 000 §7;
 * the spec's browser-made sign-up OTP is replaced by this server one). 409 when the phone
 * already has an account.
 */
import { api, ok, readBody } from '../../lib/server/http.ts';
import { getDb } from '../../lib/server/db/index.ts';
import { signupSchema } from '../../lib/auth-rules.ts';
import { startSignup, throttleIp } from '../../lib/server/services/auth.ts';
import { clientIp } from '../../lib/server/session.ts';
import { NO_STORE } from '../../lib/server/cache-control.ts';
import { otpSentJson } from '../../lib/server/auth-shapes.ts';

export const POST = api(async (ctx) => {
  const input = signupSchema.parse(await readBody(ctx.request));
  const db = await getDb();
  await throttleIp(db, clientIp(ctx));
  const sent = await startSignup(db, input);
  return ok(otpSentJson(sent), { message: `We sent an OTP to ${input.mobile}.`, headers: NO_STORE });
});
