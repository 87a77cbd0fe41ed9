/**
 * The customer's account (spec 001 §2 My Account, Edit Profile, Wallet panel, §3 Profile and
 * Credit transaction, §4 account deletion): profile and balances, profile edits with a phone
 * change confirmed by OTPs sent to the current and the new number, credit transactions read as orders,
 * buying an order again, and deleting the account.
 *
 * Deletion keeps the shop's books and nothing personal: the customer row stays (orders and
 * ledgers point at it) with name, email and phone set to null; addresses, cart, wishlist, OTPs
 * and the throttle rows keyed by the account's own phone are deleted; orders keep their figures
 * but lose the address snapshot and the note; every session is revoked. The phone is then free
 * for a new sign-up, but a number that had a credit line stays in credit_grants (as a keyed
 * hash) and gets no new one. An account that owes credit is not deleted (docs/adr/0058).
 */
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import {
  addresses,
  cartItems,
  creditTransactions,
  customers,
  orders,
  otps,
  rateLimitEvents,
  sessions,
  wishlistItems,
} from '#lib/db/schema.ts';
import { AppError, badRequest, notFound } from '#lib/http/envelope.ts';
import {
  findCustomerByPhone,
  getSmsSender,
  issueOtp,
  recordCreditGrant,
  verifyOtp,
  type OtpSent,
} from '#features/auth/index.ts';
import { logger } from '#lib/log.ts';
import { AUTH_MESSAGES } from '#features/auth/rules.ts';
import { getConfig } from '#lib/config.ts';
import { ACCOUNT_MESSAGES, creditOwedMessage, phoneReplacedSms } from '../rules.ts';
import type { ProfileInput } from '../profile-schema.ts';

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

async function assertPhoneFree(db: Database, customerId: number, phone: string): Promise<void> {
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
  const sent = await issueOtp(db, input.mobile, 'phone_change', { customerId }, ip);
  const currentSent = await issueOtp(
    db,
    current.phone,
    'phone_change_current',
    { customerId, newPhone: input.mobile },
    ip,
  );
  return { profile, otpRequired: true, sent, mobile: input.mobile, currentSent, currentMobile: current.phone };
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

/**
 * Confirms a phone change with both codes: `currentCode` from the current number (checked first;
 * once right, the pending change remembers it, so a mistyped new code needs only the new code
 * again) and `code` from the new number. Then saves the number, signs out the customer's other
 * sessions (the number is how they log in) and tells the old number by SMS that it was replaced.
 * 400 for a missing, wrong, expired or foreign code; 409 when the number was taken meanwhile.
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
  if (!pending) throw badRequest('No active OTP for this number. Please request a new one.');
  if ((pending.payload as { currentConfirmed?: unknown }).currentConfirmed !== true) {
    if (!currentCode || !current.phone)
      throw new AppError('bad_request', ACCOUNT_MESSAGES.currentOtpRequired, {
        errors: { current_otp: ACCOUNT_MESSAGES.currentOtpRequired },
      });
    const confirmed = await verifyOtp(db, current.phone, currentCode, ['phone_change_current'], ip).catch(
      (err: unknown) => {
        // Say which of the two codes was wrong.
        if (err instanceof AppError && err.message === AUTH_MESSAGES.otpWrong)
          throw new AppError('bad_request', ACCOUNT_MESSAGES.currentOtpWrong, {
            errors: { current_otp: ACCOUNT_MESSAGES.currentOtpWrong },
          });
        throw err;
      },
    );
    const p = confirmed.payload as { customerId?: unknown; newPhone?: unknown } | null;
    if (p?.customerId !== customerId || p.newPhone !== mobile)
      throw badRequest('No active OTP for this number. Please request a new one.');
    await db
      .update(otps)
      .set({ payload: { ...pending.payload, currentConfirmed: true } })
      .where(eq(otps.id, pending.id));
  }
  const otp = await verifyOtp(db, mobile, code, ['phone_change'], ip);
  const payload = otp.payload as { customerId?: unknown; currentConfirmed?: unknown } | null;
  if (payload?.customerId !== customerId || payload.currentConfirmed !== true) {
    throw badRequest('No active OTP for this number. Please request a new one.');
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
  if (current.phone) await tellOldNumber(current.phone, mobile);
  return getProfile(db, customerId);
}

/** The SMS to the replaced number; the change is saved whatever the gateway answers. */
async function tellOldNumber(oldPhone: string, newPhone: string): Promise<void> {
  const { SHOP_NAME, SHOP_PHONE } = getConfig();
  try {
    await getSmsSender().send(oldPhone, phoneReplacedSms(SHOP_NAME, maskedPhone(newPhone), SHOP_PHONE));
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'phone-replaced SMS not sent');
  }
}

/** A Credit order as the Wallet panel reads it (spec 001 §3 "Credit transaction (an order)"). */
export interface CreditOrder {
  id: number;
  addressId: number | null;
  paidAmountPaise: number;
  paymentApproval: string;
  paymentMode: string;
  orderStatus: string;
  createdAt: Date;
  pointsEarned: number;
  address: Record<string, unknown> | null;
}

/**
 * The customer's orders paid with credit, newest first. The approval is that of the order's
 * latest credit transaction: Pending after placing, Paid once settled or reversed (cancelled).
 */
export async function listCreditOrders(db: Database, customerId: number): Promise<CreditOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.paymentMode, 'Credit')))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (!rows.length) return [];
  const txs = await db
    .select({ orderId: creditTransactions.orderId, approval: creditTransactions.paymentApproval })
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.customerId, customerId),
        inArray(
          creditTransactions.orderId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id));
  const approval = new Map<number, string>();
  for (const t of txs) if (t.orderId !== null) approval.set(t.orderId, t.approval);
  return rows.map((r) => ({
    id: r.id,
    addressId: r.addressId,
    paidAmountPaise: r.paidAmountPaise,
    paymentApproval: approval.get(r.id) ?? 'Pending',
    paymentMode: r.paymentMode,
    orderStatus: r.status,
    createdAt: r.createdAt,
    pointsEarned: r.pointsEarned,
    address: r.addressSnapshot ?? null,
  }));
}

/**
 * Deletes the customer's account: revokes every session and removes the personal data while
 * the orders stay, anonymised, for the shop's books. Idempotent for an already deleted account.
 */
export async function deleteAccount(db: Database, customerId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .select({
        phone: customers.phone,
        creditLimitPaise: customers.creditLimitPaise,
        creditBalancePaise: customers.creditBalancePaise,
      })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    if (!customer) throw notFound('Account not found.');
    const owedPaise = customer.creditLimitPaise - customer.creditBalancePaise;
    if (owedPaise > 0) throw new AppError('unprocessable', creditOwedMessage(owedPaise, getConfig().SHOP_PHONE));
    // A line given before grants were recorded (or set by the shop) is remembered too.
    if (customer.phone && customer.creditLimitPaise > 0)
      await recordCreditGrant(tx, customer.phone, customer.creditLimitPaise);
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
    await tx.delete(cartItems).where(eq(cartItems.customerId, customerId));
    await tx.delete(wishlistItems).where(eq(wishlistItems.customerId, customerId));
    await tx
      .update(orders)
      .set({ addressSnapshot: null, customerNote: null, addressId: null })
      .where(eq(orders.customerId, customerId));
    await tx.delete(addresses).where(eq(addresses.customerId, customerId));
    // OTPs to the account's phone, and phone-change codes it sent to another number.
    const otpOwned = sql`${otps.payload} ->> 'customerId' = ${String(customerId)}`;
    await tx.delete(otps).where(customer.phone ? or(eq(otps.phone, customer.phone), otpOwned) : otpOwned);
    // Throttle rows keyed by the account's own phone (the phone, or `phone|ip`). Those of other
    // numbers stay, also of numbers this account sent phone-change codes to: they count SMS to
    // those numbers, and deleting an account must not reset them.
    if (customer.phone) {
      await tx
        .delete(rateLimitEvents)
        .where(
          or(
            eq(rateLimitEvents.key, customer.phone),
            sql`left(${rateLimitEvents.key}, ${customer.phone.length + 1}) = ${`${customer.phone}|`}`,
          ),
        );
    }
    await tx
      .update(customers)
      .set({ name: null, email: null, phone: null, phoneVerifiedAt: null, deletedAt: now })
      .where(eq(customers.id, customerId));
  });
}
