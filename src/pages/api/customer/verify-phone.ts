/**
 * POST /api/customer/verify-phone {mobile, otp}: confirms a mobile number change with the OTP
 * sent to the new number by update-profile; signs out the customer's other sessions.
 * 400 wrong or expired code, 409 number taken meanwhile.
 */
import { api, ok, readBody } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { verifyPhoneChange } from '../../../lib/server/services/account.ts';
import { throttleIp } from '../../../lib/server/services/auth.ts';
import { clientIp, requireCustomer } from '../../../lib/server/session.ts';
import { profileJson } from '../../../lib/server/account-shapes.ts';
import { otpLoginSchema } from '../../../lib/auth-rules.ts';
import { ACCOUNT_MESSAGES } from '../../../lib/account-rules.ts';
import { getConfig } from '../../../lib/server/config.ts';
import { NO_STORE } from '../../../lib/server/cache-control.ts';

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

