/**
 * The customer's profile (docs/account-rules.md#profile): name, email, phone
 * and balances, and the profile edit that saves name and email at once and starts a phone change
 * by sending OTPs to the current and the new number (phone-change.ts completes it).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { findCustomerByPhone, issueOtp, type OtpSent } from '#features/auth/index.ts';
import type { Database } from '#lib/db/index.ts';
import { customers } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import type { ProfileInput } from '../profile-schema.ts';
import { ACCOUNT_MESSAGES } from '../rules.ts';

/** Profile and balances of a customer (money in paise). */
export interface Profile {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  pointsBalance: number;
  creditLimitPaise: number;
  creditBalancePaise: number;
  /** Language of order status SMS (notifications feature). */
  smsLanguage: 'en' | 'ml';
}

/** The signed-in customer's profile and balances; 404 when the account is gone. */
export async function getProfile(db: Database, customerId: number): Promise<Profile> {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
      pointsBalance: customers.pointsBalance,
      creditLimitPaise: customers.creditLimitPaise,
      creditBalancePaise: customers.creditBalancePaise,
      smsLanguage: customers.smsLanguage,
    })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  if (!row) throw notFound('Account not found.');
  return row;
}

/** Outcome of a profile edit: saved, or waiting for the OTPs sent to the current and the new number. */
export type ProfileUpdate =
  | { profile: Profile; otpRequired: false }
  | { profile: Profile; otpRequired: true; sent: OtpSent; mobile: string; currentSent: OtpSent; currentMobile: string };

/** 409 when `phone` belongs to an account other than `customerId`. */
export async function assertPhoneFree(db: Database, customerId: number, phone: string): Promise<void> {
  const owner = await findCustomerByPhone(db, phone);
  if (owner && owner.id !== customerId) throw new AppError('conflict', ACCOUNT_MESSAGES.phoneTaken);
}

/**
 * Saves name and email at once. A changed mobile number is not saved yet: one OTP goes to the
 * NEW number (purpose `phone_change`) and one to the CURRENT number (`phone_change_current`),
 * so a stolen session alone cannot move the account; `verifyPhoneChange` completes it. 409 when
 * the new number belongs to another account; 429 from the OTP throttles, which count per client `ip`.
 */
export async function updateProfile(
  db: Database,
  customerId: number,
  input: ProfileInput,
  ip = 'unknown',
): Promise<ProfileUpdate> {
  const current = await getProfile(db, customerId);
  await db
    .update(customers)
    .set({ name: input.name, email: input.email.toLowerCase() })
    .where(eq(customers.id, customerId));
  const profile = await getProfile(db, customerId);
  if (input.mobile === current.phone || !current.phone) return { profile, otpRequired: false };
  await assertPhoneFree(db, customerId, input.mobile);
  const language = current.smsLanguage;
  const sent = await issueOtp(db, input.mobile, 'phone_change', { customerId }, ip, { language });
  const currentSent = await issueOtp(
    db,
    current.phone,
    'phone_change_current',
    { customerId, newPhone: input.mobile },
    ip,
    { language },
  );
  return { profile, otpRequired: true, sent, mobile: input.mobile, currentSent, currentMobile: current.phone };
}
