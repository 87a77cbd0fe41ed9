/**
 * Sign-up and login with a one-time password (docs/sign-in-rules.md#codes).
 *
 * OTPs: `crypto.randomInt`, OTP_LENGTH digits (6; 4 in demo mode), stored as a salted SHA-256
 * hash, single use, 5 minutes of life, a new code cancels older ones of its kind (never another
 * kind's), dead after 5 wrong tries; its SMS (the registered sign-in template, in the customer's
 * SMS language when known) is sent after the answer (the SMS feature's queue).
 * Sign-up is verified by a server OTP too (the spec's browser-made OTP is a defect). Sends and
 * wrong codes are throttled (throttles.ts); a completed login opens a session (session.ts).
 * Codes never reach the logs.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { enqueueSms, getSmsSender, renderSms, type SmsTemplateLanguage } from '#features/sms/index.ts';
import { getConfig } from '#lib/config.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { customers, otps } from '#lib/db/schema.ts';
import { assertUnderLimit, countEvents, lockKey, recordEvent, type ThrottleRule, tooMany } from '#lib/db/throttle.ts';
import { AppError } from '#lib/http/envelope.ts';
import { AUTH_MESSAGES } from '../rules.ts';
import { recordCreditGrant } from './credit-grants.ts';
import { createSession, type SessionCustomer, sha256 } from './session.ts';
import {
  assertSmsCountry,
  countSmsSend,
  logSmsBudgetSpent,
  OTP_FAIL_IP_LIMIT,
  OTP_FAIL_LIMIT,
  OTP_FAIL_PAIR_LIMIT,
  OTP_FAIL_PAIR_LIMIT_GUARDED,
  OTP_SEND_LIMIT,
  OTP_SEND_PAIR_LIMIT,
} from './throttles.ts';

/** Life of an OTP: 5 minutes, in ms. */
export const OTP_TTL_MS = 5 * 60_000;
/** Wrong tries that kill a code. */
export const OTP_MAX_ATTEMPTS = 5;

export type OtpPurpose = 'login' | 'signup' | 'phone_change' | 'phone_change_current' | 'staff_login';

/**
 * The purposes a new code of `purpose` cancels: those checked by the same form. A customer's
 * sign-in (login or sign-up, one form) never cancels a staff sign-in code or a phone change's, and
 * the reverse; each of those cancels only its own purpose.
 */
function sameKind(purpose: OtpPurpose): OtpPurpose[] {
  return purpose === 'login' || purpose === 'signup' ? ['login', 'signup'] : [purpose];
}

/** What a send returns: life, digits, and `demoCode` only with the console SMS sender (demo mode). */
export interface OtpSent {
  expiresInSeconds: number;
  length: number;
  demoCode?: string;
}

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

/** An active (not deleted) customer by phone, or null. */
export async function findCustomerByPhone(db: Database, phone: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.phone, phone), isNull(customers.deletedAt)));
  return row ?? null;
}

/**
 * Names the 429 of a wrong code that reaches a wrong-code lock: a wrong try (like OTP_WRONG) whose
 * answer is the lock itself, which a caller that records wrong tries tells apart.
 */
export const OTP_WRONG_LOCKED = 'auth.otp_wrong_locked' as const;

/**
 * How many more wrong tries (phone, IP) may make before a wrong-code limit locks it: 300 wrong
 * tries per IP per hour (OTP_FAIL_IP_LIMIT), 10 per (phone, IP) per 24 h (OTP_FAIL_PAIR_LIMIT), 3
 * once the phone has had 100 from all addresses (OTP_FAIL_PAIR_LIMIT_GUARDED); with the limit
 * that leaves the fewest and the oldest wrong try in its window (when the lock ends). `exact`
 * reads the phone's count from all addresses even while this pair has had fewer than 3 wrong
 * tries (where it cannot lock yet, but changes how many are left).
 */
async function wrongCodeRoom(
  tx: Transaction,
  phone: string,
  ip: string,
  now: Date,
  exact: boolean,
): Promise<{ left: number; rule: ThrottleRule; oldest: Date | null }> {
  const ipFails = await countEvents(tx, OTP_FAIL_IP_LIMIT, ip, now);
  const ipLeft = OTP_FAIL_IP_LIMIT.limit - ipFails.n;
  if (ipLeft <= 0) return { left: 0, rule: OTP_FAIL_IP_LIMIT, oldest: ipFails.oldest };
  const pairFails = await countEvents(tx, OTP_FAIL_PAIR_LIMIT, `${phone}|${ip}`, now);
  const guarded =
    (exact || pairFails.n >= OTP_FAIL_PAIR_LIMIT_GUARDED) &&
    (await countEvents(tx, OTP_FAIL_LIMIT, phone, now)).n >= OTP_FAIL_LIMIT.limit;
  const pairLeft = (guarded ? OTP_FAIL_PAIR_LIMIT_GUARDED : OTP_FAIL_PAIR_LIMIT.limit) - pairFails.n;
  return pairLeft < ipLeft
    ? { left: Math.max(0, pairLeft), rule: OTP_FAIL_PAIR_LIMIT, oldest: pairFails.oldest }
    : { left: ipLeft, rule: OTP_FAIL_IP_LIMIT, oldest: ipFails.oldest };
}

/**
 * The 429 of a wrong-code limit that locks (phone, IP) (`room` has no tries left), or null. It
 * says when to try again (Retry-After) and carries `data.otp_locked` true: no code for the number
 * is checked from here until then, so the dialog takes any code off the screen and disables Verify.
 */
function wrongCodeLock(
  room: Awaited<ReturnType<typeof wrongCodeRoom>>,
  now: Date,
  reason?: typeof OTP_WRONG_LOCKED,
): AppError | null {
  if (room.left > 0) return null;
  const wait = tooMany(room.rule, room.oldest, now);
  return new AppError('too_many_requests', wait.message, {
    retryAfter: wait.retryAfter,
    data: { otp_locked: true },
    ...(reason ? { reason } : {}),
  });
}

/**
 * 429 past OTP_SEND_PAIR_LIMIT sends per (phone, IP) or OTP_SEND_LIMIT per phone (the phone's sends
 * locked meanwhile), and the wrong-code lock's 429 (wrongCodeLock) while (phone, IP) may check no
 * code: a code that could not be checked is neither made nor sent.
 */
async function assertSendAllowed(tx: Transaction, phone: string, ip: string, now: Date): Promise<void> {
  await lockKey(tx, OTP_SEND_LIMIT.bucket, phone);
  const lock = wrongCodeLock(await wrongCodeRoom(tx, phone, ip, now, false), now);
  if (lock) throw lock;
  const pair = `${phone}|${ip}`;
  await assertUnderLimit(tx, OTP_SEND_PAIR_LIMIT, pair, now);
  await assertUnderLimit(tx, OTP_SEND_LIMIT, phone, now);
}

/** Counts one send to `phone` from `pair` against those limits. */
async function recordSend(tx: Transaction, phone: string, pair: string, now: Date): Promise<void> {
  await recordEvent(tx, OTP_SEND_PAIR_LIMIT, pair, now);
  await recordEvent(tx, OTP_SEND_LIMIT, phone, now);
}

/**
 * Issues a new OTP for `phone` and queues its SMS (the SMS feature's queue: sent after the answer, a
 * gateway failure logged and counted, never thrown); `ip` is the requesting client's address.
 * Older live codes of the same kind for the phone are cancelled (sameKind); other kinds' stay
 * live. Throws 503 without an SMS sender, 400 for a number outside SMS_ALLOWED_COUNTRIES, 429
 * after 5 sends per (phone, IP) or 10 per phone within an hour or too many to the number's block,
 * or while a wrong-code limit locks (phone, IP) (wrongCodeLock: no code is made), 503 with
 * Retry-After when the shop's SMS budget is spent (throttles.ts).
 *
 * With `deliver: false` (a sign-in that must not tell whether the number has an account) it does
 * the same work — the same limits and budget counted, older codes cancelled, a hashed code row
 * written — but the row's hash is of a value no typed code can match (not digits), nothing is
 * sent and no demo code is returned: a code typed for such a number is refused as a wrong one.
 * `language` picks the SMS's registered template (English unless the customer chose Malayalam).
 */
export async function issueOtp(
  db: Database,
  phone: string,
  purpose: OtpPurpose,
  payload?: Record<string, unknown>,
  ip = 'unknown',
  { deliver = true, language = 'en' }: { deliver?: boolean; language?: SmsTemplateLanguage } = {},
): Promise<OtpSent> {
  const sender = getSmsSender();
  assertSmsCountry(phone);
  const length = getConfig().OTP_LENGTH;
  const code = generateOtp(length);
  // Made before any code is stored: a message that cannot be made refuses the send outright.
  const message = renderSms('sign_in_code', language, { code });
  const stored = deliver ? code : `none:${code}`;
  const now = new Date();
  const pair = `${phone}|${ip}`;
  const budget = await db.transaction(async (tx) => {
    await assertSendAllowed(tx, phone, ip, now);
    // Block and shop-wide budget: a refusal commits only its alert mark, never a code.
    const refused = await countSmsSend(tx, phone, now);
    if (refused) return refused;
    await recordSend(tx, phone, pair, now);
    await tx
      .update(otps)
      .set({ consumedAt: now })
      .where(and(eq(otps.phone, phone), inArray(otps.purpose, sameKind(purpose)), isNull(otps.consumedAt)));
    await tx.insert(otps).values({
      phone,
      purpose,
      codeHash: hashCode(stored),
      payload: payload ?? null,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    });
    return null;
  });
  if (budget) {
    if (budget.alert) logSmsBudgetSpent(budget.refusal);
    throw budget.refusal;
  }
  if (!deliver) return { expiresInSeconds: OTP_TTL_MS / 1000, length };
  enqueueSms(sender, phone, message);
  return { expiresInSeconds: OTP_TTL_MS / 1000, length, ...(sender.kind === 'console' ? { demoCode: code } : {}) };
}

/** Names the 400 for a wrong code, which a caller that checks two codes tells apart. */
export const OTP_WRONG = 'auth.otp_wrong' as const;

/**
 * Names the 400 for a code killed by wrong tries (the killing try and every try after it), which a
 * caller that checks two codes words for both.
 */
export const OTP_KILLED = 'auth.otp_killed' as const;

/**
 * A 400 for a code that can no longer be used (expired, replaced, used, or killed by wrong tries),
 * with `data.otp_spent` true: the dialog takes the demo code off the screen and asks for a new one.
 */
function otpSpent(message: string, reason?: typeof OTP_KILLED): AppError {
  return new AppError('bad_request', message, { data: { otp_spent: true }, ...(reason ? { reason } : {}) });
}

/**
 * Checks `code` against the phone's live OTP of one of `purposes`, from client address `ip`.
 * Right: the code is consumed (single use, also under concurrency) and its row returned.
 * Wrong: a try is counted on the code, the phone, (phone, IP) and the IP; the fifth wrong try
 * kills the code and says so. Throws 400 "Invalid OTP" (OTP_WRONG) with `data.otp_tries_left`: the
 * wrong tries left before this code can no longer be checked from here (the fewer of the code's own
 * and the wrong-code lock's, ADR 0159), 400 with `data.otp_spent` for
 * the killing try and later tries of a killed code (OTP_KILLED) and for a used or expired code
 * (otpSpent), or the wrong-code lock's 429 (wrongCodeLock: checked before the code, saying when to
 * try again) after 10 wrong tries per (phone, IP) per 24 h — 3 once the phone has had 100 from all
 * addresses — or 300 wrong tries per IP per hour; the wrong try that reaches the lock answers that
 * 429 (OTP_WRONG_LOCKED) rather than a 400.
 */
export async function verifyOtp(db: Database, phone: string, code: string, purposes: OtpPurpose[], ip = 'unknown') {
  const now = new Date();
  const pair = `${phone}|${ip}`;
  return db
    .transaction(async (tx) => {
      await lockKey(tx, 'otp_verify', phone);
      const lock = wrongCodeLock(await wrongCodeRoom(tx, phone, ip, now, false), now);
      if (lock) throw lock;
      const [otp] = await tx
        .select()
        .from(otps)
        .where(and(eq(otps.phone, phone), inArray(otps.purpose, purposes), isNull(otps.consumedAt)))
        .orderBy(desc(otps.createdAt), desc(otps.id))
        .limit(1);
      if (!otp) throw otpSpent('No active OTP for this number. Please request a new one.');
      if (otp.expiresAt.getTime() <= now.getTime()) throw otpSpent('This OTP has expired. Please request a new one.');
      if (otp.attempts >= OTP_MAX_ATTEMPTS) throw otpSpent(AUTH_MESSAGES.otpSpent, OTP_KILLED);
      if (!codeMatches(otp.codeHash, code)) {
        await tx
          .update(otps)
          .set({ attempts: sql`${otps.attempts} + 1` })
          .where(eq(otps.id, otp.id));
        await recordEvent(tx, OTP_FAIL_LIMIT, phone, now);
        await recordEvent(tx, OTP_FAIL_PAIR_LIMIT, pair, now);
        await recordEvent(tx, OTP_FAIL_IP_LIMIT, ip, now);
        const room = await wrongCodeRoom(tx, phone, ip, now, true);
        return {
          wrong: true as const,
          killed: otp.attempts + 1 >= OTP_MAX_ATTEMPTS,
          locked: wrongCodeLock(room, now, OTP_WRONG_LOCKED),
          // Tries before this code can no longer be checked from here: killed, or a lock.
          triesLeft: Math.min(OTP_MAX_ATTEMPTS - otp.attempts - 1, room.left),
        };
      }
      const [consumed] = await tx
        .update(otps)
        .set({ consumedAt: now })
        .where(and(eq(otps.id, otp.id), isNull(otps.consumedAt)))
        .returning();
      return consumed ?? { wrong: true as const, killed: false, locked: null, triesLeft: undefined };
    })
    .then((row) => {
      // The wrong-try count must be committed, so the 400 is thrown after the transaction. The
      // try that kills the code says so at once: the code on screen (demo mode) is no use now;
      // the try that reaches a wrong-code lock answers the lock at once (no new code would help).
      if ('wrong' in row) {
        if (row.locked) throw row.locked;
        throw row.killed
          ? otpSpent(AUTH_MESSAGES.otpSpent, OTP_KILLED)
          : new AppError('bad_request', AUTH_MESSAGES.otpWrong, {
              reason: OTP_WRONG,
              ...(row.triesLeft ? { data: { otp_tries_left: row.triesLeft } } : {}),
            });
      }
      return row;
    });
}

/** Starts a sign-up from `ip`: refuses a phone that already has an account (409) and sends an OTP. */
export async function startSignup(
  db: Database,
  input: { name: string; email: string; mobile: string },
  ip = 'unknown',
): Promise<OtpSent> {
  if (await findCustomerByPhone(db, input.mobile)) {
    throw new AppError('conflict', 'An account with this mobile number already exists. Please log in.');
  }
  return issueOtp(db, input.mobile, 'signup', { name: input.name, email: input.email.toLowerCase() }, ip);
}

/** Starts a login from `ip`: the phone must belong to a customer (404 "Invalid user" otherwise); sends an OTP. */
export async function startLogin(db: Database, phone: string, ip = 'unknown'): Promise<OtpSent> {
  const customer = await findCustomerByPhone(db, phone);
  if (!customer) {
    throw new AppError('not_found', 'No account found for this mobile number. Please sign up first.');
  }
  return issueOtp(db, phone, 'login', undefined, ip, { language: customer.smsLanguage });
}

/**
 * Completes a login or a sign-up with the OTP typed at client address `ip`: a sign-up code
 * creates the customer (phone verified) first. Returns a new session token (the only time it
 * exists in clear).
 */
export async function completeOtpLogin(
  db: Database,
  phone: string,
  code: string,
  ip = 'unknown',
): Promise<{ token: string; customer: SessionCustomer; created: boolean }> {
  const otp = await verifyOtp(db, phone, code, ['login', 'signup'], ip);
  let customer = await findCustomerByPhone(db, phone);
  let created = false;
  if (!customer) {
    if (otp.purpose !== 'signup')
      throw new AppError('not_found', 'No account found for this mobile number. Please sign up first.');
    const payload = (otp.payload ?? {}) as { name?: string; email?: string };
    try {
      customer = await db.transaction(async (tx) => {
        // The new-customer credit line, once per number ever (credit-grants.ts).
        const offered = getConfig().NEW_CUSTOMER_CREDIT_PAISE;
        const credit = offered > 0 && (await recordCreditGrant(tx, phone, offered)) ? offered : 0;
        const [row] = await tx
          .insert(customers)
          .values({
            name: payload.name ?? null,
            email: payload.email ?? null,
            phone,
            phoneVerifiedAt: new Date(),
            creditLimitPaise: credit,
            creditBalancePaise: credit,
          })
          .returning();
        return row;
      });
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
  return {
    token,
    created,
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone, sessionId },
  };
}
