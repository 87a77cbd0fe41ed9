/**
 * Sign-in throttles (spec 000 §7; README "Sign-in limits" gives the attacker's odds), kept in
 * the database so they hold across processes and restarts. They are keyed on the phone and on
 * (phone, client IP), so one address can neither lock a phone's owner out nor be locked out by
 * its neighbours behind carrier-grade NAT; per-IP limits are high backstops only:
 * - sends: 5 per (phone, IP) and 10 per phone per hour;
 * - wrong codes: 10 per (phone, IP) per 24 h; once a phone has had 100 wrong codes in 24 h from
 *   all addresses, 3 per (phone, IP) — an address that has not been guessing still gets in;
 *   300 per IP per hour across all phones;
 * - distinct phones looked up (sign-in, sign-up, number change): AUTH_LOOKUP_LIMIT (100) per IP
 *   per hour; all sign-in requests: AUTH_IP_LIMIT (1000) per IP per 10 minutes (floods).
 * The OTP rules are applied by otp.ts; the look-up and flood rules by the routes, through
 * `guardOtpSend` and `throttleIp`.
 */
import type { Database } from '#lib/db/index.ts';
import { getConfig } from '#lib/config.ts';
import { assertSmsAvailable } from './sms.ts';
import { consume, countEvents, lockKey, assertUnderLimit, recordEvent, type ThrottleRule } from '#lib/db/throttle.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const SEND_MESSAGE = 'Too many OTP requests for this number. Please try again later.';
const FAIL_MESSAGE = 'Too many wrong OTP attempts for this number. Please try again tomorrow.';

/** OTP sends per (phone, client IP): 5 per hour. Key `phone|ip`. */
export const OTP_SEND_PAIR_LIMIT: ThrottleRule = {
  bucket: 'otp_send:phone_ip',
  limit: 5,
  windowMs: HOUR_MS,
  message: SEND_MESSAGE,
};
/** OTP sends per phone from all addresses: 10 per hour (caps SMS to one number). */
export const OTP_SEND_LIMIT: ThrottleRule = {
  bucket: 'otp_send:phone',
  limit: 10,
  windowMs: HOUR_MS,
  message: SEND_MESSAGE,
};
/** Wrong codes per (phone, client IP): 10 per 24 h. Key `phone|ip`. */
export const OTP_FAIL_PAIR_LIMIT: ThrottleRule = {
  bucket: 'otp_fail:phone_ip',
  limit: 10,
  windowMs: DAY_MS,
  message: FAIL_MESSAGE,
};
/** Wrong codes per phone from all addresses: past 100 per 24 h, each address gets OTP_FAIL_PAIR_LIMIT_GUARDED. */
export const OTP_FAIL_LIMIT: ThrottleRule = {
  bucket: 'otp_fail:phone',
  limit: 100,
  windowMs: DAY_MS,
  message: FAIL_MESSAGE,
};
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
