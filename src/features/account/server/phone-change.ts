/**
 * Completing a phone change (docs/account-rules.md#profile): the codes sent by `updateProfile` to
 * the current and the new number are checked, the number saved, the customer's other sessions
 * signed out and the replaced number told by SMS.
 */
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { OTP_KILLED, OTP_WRONG, verifyOtp } from '#features/auth/index.ts';
import { getSmsSender, renderSms, type SmsTemplateLanguage, smsMessageOff } from '#features/sms/index.ts';
import type { Database } from '#lib/db/index.ts';
import { customers, otps, sessions } from '#lib/db/schema.ts';
import { AppError, isAppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';
import { ACCOUNT_MESSAGES } from '../rules.ts';
import { assertPhoneFree, getProfile, type Profile } from './profile.ts';

const NO_ACTIVE_OTP = 'No active OTP for this number. Please request a new one.';

/**
 * The codes of this change can no longer be used (`data.otp_spent`: the dialog takes them off the
 * screen): both are asked for again, as a new request sends both.
 */
const codesSpent = (message: string) => new AppError('bad_request', message, { data: { otp_spent: true } });

/**
 * A code killed by wrong tries, whichever of the two, asks for new codes (a new request sends
 * both, and the new number's needs the current number's again); other failures pass through.
 */
function rethrowKilled(err: unknown): never {
  if (isAppError(err, OTP_KILLED)) throw codesSpent(ACCOUNT_MESSAGES.codesSpent);
  throw err;
}

/** `+91••••••45`: a number as an SMS to someone else may show it. */
function maskedPhone(phone: string): string {
  return `${phone.slice(0, 3)}${'•'.repeat(Math.max(0, phone.length - 5))}${phone.slice(-2)}`;
}

/** The live phone-change OTP of `customerId` to `mobile`, or null. */
async function pendingChange(db: Database, customerId: number, mobile: string) {
  const [row] = await db
    .select({ id: otps.id, payload: otps.payload })
    .from(otps)
    .where(and(eq(otps.phone, mobile), eq(otps.purpose, 'phone_change'), isNull(otps.consumedAt)))
    .orderBy(desc(otps.createdAt), desc(otps.id))
    .limit(1);
  return row && (row.payload as { customerId?: unknown } | null)?.customerId === customerId ? row : null;
}

type PendingChange = NonNullable<Awaited<ReturnType<typeof pendingChange>>>;

/**
 * Checks `currentCode` from the current number and marks the pending change to `mobile` as
 * confirmed by it. 400 naming the current code when it is missing or wrong.
 */
async function confirmCurrentNumber(
  db: Database,
  customerId: number,
  currentPhone: string | null,
  pending: PendingChange,
  mobile: string,
  currentCode: string | undefined,
  ip: string,
): Promise<void> {
  if (!currentCode || !currentPhone)
    throw new AppError('bad_request', ACCOUNT_MESSAGES.currentOtpRequired, {
      errors: { current_otp: ACCOUNT_MESSAGES.currentOtpRequired },
    });
  const confirmed = await verifyOtp(db, currentPhone, currentCode, ['phone_change_current'], ip).catch(
    (err: unknown) => {
      // Say which of the two codes was wrong, while it can be tried again (and how many more times).
      if (isAppError(err, OTP_WRONG))
        throw new AppError('bad_request', ACCOUNT_MESSAGES.currentOtpWrong, {
          errors: { current_otp: ACCOUNT_MESSAGES.currentOtpWrong },
          data: err.data,
        });
      return rethrowKilled(err);
    },
  );
  const p = confirmed.payload as { customerId?: unknown; newPhone?: unknown } | null;
  if (p?.customerId !== customerId || p.newPhone !== mobile) throw codesSpent(NO_ACTIVE_OTP);
  await db
    .update(otps)
    .set({ payload: { ...pending.payload, currentConfirmed: true } })
    .where(eq(otps.id, pending.id));
}

/**
 * Confirms a phone change with both codes: `currentCode` from the current number (checked first;
 * once right, the pending change remembers it, so a mistyped new code needs only the new code
 * again) and `code` from the new number. Then saves the number, signs out the customer's other
 * sessions (the number is how they log in) and tells the old number by SMS that it was replaced.
 * 400 for a missing, wrong, expired or foreign code; a code that can no longer be used (killed by
 * wrong tries: "Too many wrong attempts. Please request new OTPs.", expired, or none pending)
 * answers with `data.otp_spent`; 409 when the number was taken meanwhile.
 * Wrong codes count per client `ip` (verifyOtp).
 */
export async function verifyPhoneChange(
  db: Database,
  customerId: number,
  sessionId: number,
  mobile: string,
  code: string,
  currentCode: string | undefined,
  ip = 'unknown',
): Promise<Profile> {
  const current = await getProfile(db, customerId);
  const pending = await pendingChange(db, customerId, mobile);
  if (!pending) throw codesSpent(NO_ACTIVE_OTP);
  if ((pending.payload as { currentConfirmed?: unknown }).currentConfirmed !== true)
    await confirmCurrentNumber(db, customerId, current.phone, pending, mobile, currentCode, ip);
  const otp = await verifyOtp(db, mobile, code, ['phone_change'], ip).catch(rethrowKilled);
  const payload = otp.payload as { customerId?: unknown; currentConfirmed?: unknown } | null;
  if (payload?.customerId !== customerId || payload.currentConfirmed !== true) {
    throw codesSpent(NO_ACTIVE_OTP);
  }
  await assertPhoneFree(db, customerId, mobile);
  try {
    await db.update(customers).set({ phone: mobile, phoneVerifiedAt: new Date() }).where(eq(customers.id, customerId));
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505') throw new AppError('conflict', ACCOUNT_MESSAGES.phoneTaken);
    throw err;
  }
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.customerId, customerId), ne(sessions.id, sessionId), isNull(sessions.revokedAt)));
  if (current.phone) await tellOldNumber(current.phone, mobile, current.smsLanguage);
  return getProfile(db, customerId);
}

/**
 * The SMS to the replaced number (the registered phone_changed template, in the customer's SMS
 * language, naming the new number masked); the change is saved whatever the gateway answers, and
 * nothing is sent while that message is off (no registered template).
 */
async function tellOldNumber(oldPhone: string, newPhone: string, language: SmsTemplateLanguage): Promise<void> {
  if (smsMessageOff('phone_changed')) return;
  try {
    await getSmsSender().send(oldPhone, renderSms('phone_changed', language, { phone: maskedPhone(newPhone) }));
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'phone-replaced SMS not sent');
  }
}
