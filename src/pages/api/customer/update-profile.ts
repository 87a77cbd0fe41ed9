/**
 * POST /api/customer/update-profile {name, email, mobile} (JSON, form or multipart): all required
 * ("Please fill in all fields"). Name and email are saved at once; a changed mobile answers
 * `{otp_required: true, demo_otp?}` after sending an OTP to the NEW number, and
 * /api/customer/verify-phone completes the change. 409 when the number belongs to another account
 * (look-ups of new numbers are limited per IP); 503 for a new number when no SMS sender is configured.
 */
import { api, ok, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { updateProfile } from '../../../features/account/server/account.ts';
import { guardOtpSend } from '../../../features/auth/server/otp-and-sessions.ts';
import { clientIp, requireCustomer } from '../../../features/auth/server/session.ts';
import { profileJson } from '../../../features/account/server/shapes.ts';
import { otpSentJson } from '../../../features/auth/server/shapes.ts';
import { ACCOUNT_MESSAGES, profileSchema } from '../../../features/account/rules.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const input = profileSchema.parse(await readBody(ctx.request));
  const db = await getDb();
  const ip = clientIp(ctx);
  if (input.mobile !== customer.phone) await guardOtpSend(db, ip, input.mobile);
  const result = await updateProfile(db, customer.id, input, ip);
  if (!result.otpRequired) {
    return ok({ ...profileJson(result.profile), otp_required: false }, { message: ACCOUNT_MESSAGES.profileUpdated, headers: NO_STORE });
  }
  return ok(
    { ...profileJson(result.profile), otp_required: true, mobile: result.mobile, ...otpSentJson(result.sent) },
    { message: `We sent an OTP to ${result.mobile}. Enter it to confirm your new mobile number.`, headers: NO_STORE },
  );
});
