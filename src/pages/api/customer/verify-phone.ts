/**
 * POST /api/customer/verify-phone {mobile, otp}: confirms a mobile number change with the OTP
 * sent to the new number by update-profile; signs out the customer's other sessions.
 * 400 wrong or expired code, 409 number taken meanwhile.
 */
import { api, ok, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { verifyPhoneChange } from '../../../features/account/server/account.ts';
import { throttleIp } from '../../../features/auth/server/otp-and-sessions.ts';
import { clientIp, requireCustomer } from '../../../features/auth/server/session.ts';
import { profileJson } from '../../../features/account/server/shapes.ts';
import { otpLoginSchema } from '../../../features/auth/rules.ts';
import { ACCOUNT_MESSAGES } from '../../../features/account/rules.ts';
import { getConfig } from '../../../lib/config.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const body = await readBody(ctx.request);
  const { key, otp } = otpLoginSchema(getConfig().OTP_LENGTH).parse({ key: body.mobile ?? body.key, otp: body.otp });
  const db = await getDb();
  const ip = clientIp(ctx);
  await throttleIp(db, ip);
  const profile = await verifyPhoneChange(db, customer.id, customer.sessionId, key, otp, ip);
  return ok(profileJson(profile), { message: ACCOUNT_MESSAGES.phoneUpdated, headers: NO_STORE });
});

