/**
 * Sign-up and login with a one-time password, and sessions (spec 000 §2, §4, §5, §7;
 * ARCHITECTURE "Auth and sessions").
 *
 * OTPs: `crypto.randomInt`, OTP_LENGTH digits (6; 4 in demo mode), stored as a salted SHA-256
 * hash, single use, 5 minutes of life, a new code cancels older ones, dead after 5 wrong tries.
 * Sign-up is verified by a server OTP too (the spec's browser-made OTP is a defect).
 *
 * Throttles (in the database, so they hold across processes and restarts; README "Sign-in
 * limits" gives the attacker's odds). They are keyed on the phone and on (phone, client IP), so
 * one address can neither lock a phone's owner out nor be locked out by its neighbours behind
 * carrier-grade NAT; per-IP limits are high backstops only:
 * - sends: 5 per (phone, IP) and 10 per phone per hour;
 * - wrong codes: 10 per (phone, IP) per 24 h; once a phone has had 100 wrong codes in 24 h from
 *   all addresses, 3 per (phone, IP) — an address that has not been guessing still gets in;
 *   300 per IP per hour across all phones;
 * - distinct phones looked up (sign-in, sign-up, number change): AUTH_LOOKUP_LIMIT (100) per IP
 *   per hour; all sign-in requests: AUTH_IP_LIMIT (1000) per IP per 10 minutes (floods).
 *
 * Sessions: 256-bit random opaque token, stored as its SHA-256 hash, 30 days of absolute life,
 * a new token at every login, revoked on logout. Codes and tokens never reach the logs.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../lib/db/index.ts';
import { customers, otps, sessions } from '../../../lib/db/schema.ts';
import { AppError } from '../../../lib/http/envelope.ts';
import { getConfig } from '../../../lib/config.ts';
import { assertSmsAvailable, getSmsSender } from './sms.ts';
import { consume, countEvents, lockKey, assertUnderLimit, recordEvent, tooMany, type ThrottleRule } from '../../../lib/db/throttle.ts';
import { AUTH_MESSAGES } from '../rules.ts';

export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
export const SESSION_TTL_MS = 30 * 86_400_000;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const SEND_MESSAGE = 'Too many OTP requests for this number. Please try again later.';
const FAIL_MESSAGE = 'Too many wrong OTP attempts for this number. Please try again tomorrow.';

/** OTP sends per (phone, client IP): 5 per hour. Key `phone|ip`. */
export const OTP_SEND_PAIR_LIMIT: ThrottleRule = { bucket: 'otp_send:phone_ip', limit: 5, windowMs: HOUR_MS, message: SEND_MESSAGE };
/** OTP sends per phone from all addresses: 10 per hour (caps SMS to one number). */
export const OTP_SEND_LIMIT: ThrottleRule = { bucket: 'otp_send:phone', limit: 10, windowMs: HOUR_MS, message: SEND_MESSAGE };
/** Wrong codes per (phone, client IP): 10 per 24 h. Key `phone|ip`. */
export const OTP_FAIL_PAIR_LIMIT: ThrottleRule = { bucket: 'otp_fail:phone_ip', limit: 10, windowMs: DAY_MS, message: FAIL_MESSAGE };
/** Wrong codes per phone from all addresses: past 100 per 24 h, each address gets OTP_FAIL_PAIR_LIMIT_GUARDED. */
export const OTP_FAIL_LIMIT: ThrottleRule = { bucket: 'otp_fail:phone', limit: 100, windowMs: DAY_MS, message: FAIL_MESSAGE };
/** Wrong codes per (phone, IP) per 24 h once the phone has reached OTP_FAIL_LIMIT (the owner's typos). */
export const OTP_FAIL_PAIR_LIMIT_GUARDED = 3;
/** Wrong codes per client IP across all phones: 300 per hour (spraying guesses over many numbers). */
export const OTP_FAIL_IP_LIMIT: ThrottleRule = {
  bucket: 'otp_fail:ip',
  limit: 300,
  windowMs: HOUR_MS,
  message: 'Too many wrong OTP attempts from your network. Please try again in an hour.',
};
/** Flood backstop on all sign-in requests per client IP: AUTH_IP_LIMIT (default 1000) per 10 minutes. */
export const authIpLimit = (): ThrottleRule => ({
  bucket: 'auth:ip',
  limit: getConfig().AUTH_IP_LIMIT,
  windowMs: 10 * 60_000,
  message: 'Too many sign-in attempts from your network. Please wait a few minutes and try again.',
});
/** Distinct phone numbers one client IP may look up per hour: AUTH_LOOKUP_LIMIT (default 100). */
export const lookupIpLimit = (): ThrottleRule => ({
  bucket: 'lookup:ip',
  limit: getConfig().AUTH_LOOKUP_LIMIT,
  windowMs: HOUR_MS,
  message: 'Too many different mobile numbers from your network. Please try again in an hour.',
});
const LOOKUP_SEEN: ThrottleRule = { bucket: 'lookup:ip_phone', limit: 1, windowMs: HOUR_MS, message: '' };

export type OtpPurpose = 'login' | 'signup' | 'phone_change';

/** What a send returns: life, digits, and `demoCode` only with the console SMS sender (demo mode). */
export interface OtpSent {
  expiresInSeconds: number;
  length: number;
  demoCode?: string;
}

/** The signed-in customer as the session knows it. */
export interface SessionCustomer {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  sessionId: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function hashCode(code: string): string {
  const salt = randomBytes(8).toString('hex');
  return `${salt}:${sha256(`${salt}:${code}`)}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const a = Buffer.from(sha256(`${salt}:${code}`), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A random code of OTP_LENGTH digits (leading zeros allowed). */
export function generateOtp(length = getConfig().OTP_LENGTH): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** Counts one auth request from `ip` (429 when over the per-IP flood backstop, AUTH_IP_LIMIT per 10 minutes). */
export async function throttleIp(db: Database, ip: string): Promise<void> {
  await consume(db, authIpLimit(), ip);
}

/**
 * Counts a look-up of `phone` from `ip` (the answer tells whether the phone has an account):
 * 429 once `ip` has looked up AUTH_LOOKUP_LIMIT distinct phones within an hour. Asking again
 * for a phone already looked up from `ip` within the hour is free (retries, resends).
 */
export async function throttleLookup(db: Database, ip: string, phone: string): Promise<void> {
  const rule = lookupIpLimit();
  const now = new Date();
  await db.transaction(async (tx) => {
    await lockKey(tx, rule.bucket, ip);
    const pair = `${phone}|${ip}`;
    if ((await countEvents(tx, LOOKUP_SEEN, pair, now)).n > 0) return;
    await assertUnderLimit(tx, rule, ip, now);
    await recordEvent(tx, rule, ip, now);
    await recordEvent(tx, LOOKUP_SEEN, pair, now);
  });
}

/**
 * The checks every OTP-sending endpoint makes before it answers anything about `phone`:
 * 503 when no SMS sender is configured, then the per-IP flood backstop and the look-up limit.
 */
export async function guardOtpSend(db: Database, ip: string, phone: string): Promise<void> {
  assertSmsAvailable();
  await throttleIp(db, ip);
  await throttleLookup(db, ip, phone);
}

/** An active (not deleted) customer by phone, or null. */
export async function findCustomerByPhone(db: Database, phone: string) {
  const [row] = await db.select().from(customers).where(and(eq(customers.phone, phone), isNull(customers.deletedAt)));
  return row ?? null;
}

/**
 * Issues a new OTP for `phone` and sends it by SMS; `ip` is the requesting client's address.
 * Older live codes for the phone are cancelled. Throws 503 without an SMS sender, 429 after
 * 5 sends per (phone, IP) or 10 per phone within an hour.
 */
export async function issueOtp(db: Database, phone: string, purpose: OtpPurpose, payload?: Record<string, unknown>, ip = 'unknown'): Promise<OtpSent> {
  const sender = getSmsSender();
  const length = getConfig().OTP_LENGTH;
  const code = generateOtp(length);
  const now = new Date();
  const pair = `${phone}|${ip}`;
  await db.transaction(async (tx) => {
    await lockKey(tx, OTP_SEND_LIMIT.bucket, phone);
    await assertUnderLimit(tx, OTP_SEND_PAIR_LIMIT, pair, now);
    await assertUnderLimit(tx, OTP_SEND_LIMIT, phone, now);
    await recordEvent(tx, OTP_SEND_PAIR_LIMIT, pair, now);
    await recordEvent(tx, OTP_SEND_LIMIT, phone, now);
    await tx
      .update(otps)
      .set({ consumedAt: now })
      .where(and(eq(otps.phone, phone), isNull(otps.consumedAt)));
    await tx.insert(otps).values({
      phone,
      purpose,
      codeHash: hashCode(code),
      payload: payload ?? null,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    });
  });
  await sender.send(phone, `${code} is your FarmFresh verification code. It expires in 5 minutes. Never share it.`);
  return { expiresInSeconds: OTP_TTL_MS / 1000, length, ...(sender.kind === 'console' ? { demoCode: code } : {}) };
}

/**
 * Checks `code` against the phone's live OTP of one of `purposes`, from client address `ip`.
 * Right: the code is consumed (single use, also under concurrency) and its row returned.
 * Wrong: a try is counted on the code, the phone, (phone, IP) and the IP; the fifth wrong try
 * kills the code. Throws 400 "Invalid OTP", 400 for a dead or expired code, or 429 (checked
 * before the code) after 10 wrong tries per (phone, IP) per 24 h — 3 once the phone has had 100
 * from all addresses — or 300 wrong tries per IP per hour.
 */
export async function verifyOtp(db: Database, phone: string, code: string, purposes: OtpPurpose[], ip = 'unknown') {
  const now = new Date();
  const pair = `${phone}|${ip}`;
  return db.transaction(async (tx) => {
    await lockKey(tx, 'otp_verify', phone);
    await assertUnderLimit(tx, OTP_FAIL_IP_LIMIT, ip, now);
    const pairFails = await countEvents(tx, OTP_FAIL_PAIR_LIMIT, pair, now);
    if (pairFails.n >= OTP_FAIL_PAIR_LIMIT.limit) throw tooMany(OTP_FAIL_PAIR_LIMIT, pairFails.oldest, now);
    if (pairFails.n >= OTP_FAIL_PAIR_LIMIT_GUARDED && (await countEvents(tx, OTP_FAIL_LIMIT, phone, now)).n >= OTP_FAIL_LIMIT.limit) {
      throw tooMany(OTP_FAIL_PAIR_LIMIT, pairFails.oldest, now);
    }
    const [otp] = await tx
      .select()
      .from(otps)
      .where(and(eq(otps.phone, phone), inArray(otps.purpose, purposes), isNull(otps.consumedAt)))
      .orderBy(desc(otps.createdAt), desc(otps.id))
      .limit(1);
    if (!otp) throw new AppError('bad_request', 'No active OTP for this number. Please request a new one.');
    if (otp.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('bad_request', 'This OTP has expired. Please request a new one.');
    }
    if (otp.attempts >= OTP_MAX_ATTEMPTS) {
      throw new AppError('bad_request', 'Too many wrong attempts. Please request a new OTP.');
    }
    if (!codeMatches(otp.codeHash, code)) {
      await tx.update(otps).set({ attempts: sql`${otps.attempts} + 1` }).where(eq(otps.id, otp.id));
      await recordEvent(tx, OTP_FAIL_LIMIT, phone, now);
      await recordEvent(tx, OTP_FAIL_PAIR_LIMIT, pair, now);
      await recordEvent(tx, OTP_FAIL_IP_LIMIT, ip, now);
      return null;
    }
    const [consumed] = await tx
      .update(otps)
      .set({ consumedAt: now })
      .where(and(eq(otps.id, otp.id), isNull(otps.consumedAt)))
      .returning();
    return consumed ?? null;
  }).then((row) => {
    // The wrong-try count must be committed, so the 400 is thrown after the transaction.
    if (!row) throw new AppError('bad_request', AUTH_MESSAGES.otpWrong);
    return row;
  });
}

/** Starts a sign-up from `ip`: refuses a phone that already has an account (409) and sends an OTP. */
export async function startSignup(db: Database, input: { name: string; email: string; mobile: string }, ip = 'unknown'): Promise<OtpSent> {
  if (await findCustomerByPhone(db, input.mobile)) {
    throw new AppError('conflict', 'An account with this mobile number already exists. Please log in.');
  }
  return issueOtp(db, input.mobile, 'signup', { name: input.name, email: input.email.toLowerCase() }, ip);
}

/** Starts a login from `ip`: the phone must belong to a customer (404 "Invalid user" otherwise); sends an OTP. */
export async function startLogin(db: Database, phone: string, ip = 'unknown'): Promise<OtpSent> {
  if (!(await findCustomerByPhone(db, phone))) {
    throw new AppError('not_found', 'No account found for this mobile number. Please sign up first.');
  }
  return issueOtp(db, phone, 'login', undefined, ip);
}

/**
 * Completes a login or a sign-up with the OTP typed at client address `ip`: a sign-up code
 * creates the customer (phone verified) first. Returns a new session token (the only time it
 * exists in clear).
 */
export async function completeOtpLogin(db: Database, phone: string, code: string, ip = 'unknown'): Promise<{ token: string; customer: SessionCustomer; created: boolean }> {
  const otp = await verifyOtp(db, phone, code, ['login', 'signup'], ip);
  let customer = await findCustomerByPhone(db, phone);
  let created = false;
  if (!customer) {
    if (otp.purpose !== 'signup') throw new AppError('not_found', 'No account found for this mobile number. Please sign up first.');
    const payload = (otp.payload ?? {}) as { name?: string; email?: string };
    try {
      [customer] = await db
        .insert(customers)
        .values({
          name: payload.name ?? null,
          email: payload.email ?? null,
          phone,
          phoneVerifiedAt: new Date(),
          creditLimitPaise: getConfig().NEW_CUSTOMER_CREDIT_PAISE,
          creditBalancePaise: getConfig().NEW_CUSTOMER_CREDIT_PAISE,
        })
        .returning();
      created = true;
    } catch (err) {
      // Two sign-ups raced on the same phone: the unique index kept one; use it. Any other
      // failure (another constraint, a lost connection) is not that race: it surfaces (and is
      // logged with the request id by the API wrapper) instead of being taken for a sign-up.
      const pgErr = ((err as { cause?: unknown })?.cause ?? err) as { code?: string; constraint?: string } | undefined;
      if (pgErr?.code !== '23505' || pgErr.constraint !== 'customers_phone_key') throw err;
      customer = await findCustomerByPhone(db, phone);
    }
  }
  if (!customer) throw new AppError('conflict', AUTH_MESSAGES.registrationFailed);
  const { token, sessionId } = await createSession(db, customer.id);
  return { token, created, customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone, sessionId } };
}

/** Creates a session for a customer; returns the clear token (256 bits, base64url). */
export async function createSession(db: Database, customerId: number): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await db.insert(sessions).values({ customerId, tokenHash: sha256(token), expiresAt }).returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}

/** The customer of a live session token, or null (unknown, revoked, expired or deleted account). */
export async function customerForToken(db: Database, token: string): Promise<SessionCustomer | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ id: customers.id, name: customers.name, email: customers.email, phone: customers.phone, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), isNull(customers.deletedAt)));
  return row ?? null;
}

/** Revokes one session. */
export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a customer (account deletion, phone change). */
export async function revokeAllSessions(db: Database, customerId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
}
