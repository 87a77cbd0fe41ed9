/**
 * Sign-in throttles (README "Sign-in limits" gives the attacker's odds), kept in
 * the database so they hold across processes and restarts. They are keyed on the phone and on
 * (phone, client IP), so one address can neither lock a phone's owner out nor be locked out by
 * its neighbours behind carrier-grade NAT; per-IP limits are high backstops only:
 * - sends: 5 per (phone, IP) and 10 per phone per hour, refused with a 429 that says when to ask
 *   again (its Retry-After, in words);
 * - wrong codes: 10 per (phone, IP) per 24 h; once a phone has had 100 wrong codes in 24 h from
 *   all addresses, 3 per (phone, IP) — an address that has not been guessing still gets in;
 *   300 per IP per hour across all phones; each refused with a 429 that says when to try again,
 *   from the wrong try that reaches it on, and sends from that address are refused with it too;
 * - distinct phones looked up (sign-in, sign-up, number change): AUTH_LOOKUP_LIMIT (100) per IP
 *   per hour, refused with a 429 that says when to try again; all sign-in requests:
 *   AUTH_IP_LIMIT (1000) per IP per 10 minutes (floods), whose 429 says when to try again too;
 * - what SMS cost the shop: only numbers of SMS_ALLOWED_COUNTRIES (default India) get a code (400
 *   before anything else); SMS_PREFIX_LIMIT (30) sends per hour to one block of 100 numbers (all
 *   digits but the last two; its 429 says when to ask again too); and a shop-wide budget,
 *   SMS_BUDGET_PER_HOUR (300) and SMS_BUDGET_PER_DAY (2000) sends, past which sends answer 503
 *   with Retry-After, saying when sending resumes, and the first refusal of each window is logged
 *   at error.
 * "IP" is the client's address from src/lib/http/client-ip.ts: an IPv6 client counts as its /64.
 * The OTP rules are applied by otp.ts; the look-up and flood rules by the routes, through
 * `guardOtpSend` and `throttleIp`.
 */

import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { assertSmsAvailable } from '#features/sms/index.ts';
import { getConfig } from '#lib/config.ts';
import {
  assertUnderLimit,
  consume,
  countEvents,
  lockKey,
  recordEvent,
  type ThrottleRule,
  tooMany,
} from '#lib/db/throttle.ts';
import type { Database, Transaction } from '#lib/db/types.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** The OTP send limits' first sentence; the 429 goes on to say when to ask again (`saysWhen`). */
const SEND_MESSAGE = 'Too many OTP requests for this number.';
/** The wrong-code limits' first sentence; the 429 goes on to say when to try again (`saysWhen`). */
const FAIL_MESSAGE = 'Too many wrong OTP attempts for this number.';

/** OTP sends per (phone, client IP): 5 per hour. Key `phone|ip`. */
export const OTP_SEND_PAIR_LIMIT: ThrottleRule = {
  bucket: 'otp_send:phone_ip',
  limit: 5,
  windowMs: HOUR_MS,
  message: SEND_MESSAGE,
  saysWhen: true,
};
/** OTP sends per phone from all addresses: 10 per hour (caps SMS to one number). */
export const OTP_SEND_LIMIT: ThrottleRule = {
  bucket: 'otp_send:phone',
  limit: 10,
  windowMs: HOUR_MS,
  message: SEND_MESSAGE,
  saysWhen: true,
};
/** Wrong codes per (phone, client IP): 10 per 24 h. Key `phone|ip`. */
export const OTP_FAIL_PAIR_LIMIT: ThrottleRule = {
  bucket: 'otp_fail:phone_ip',
  limit: 10,
  windowMs: DAY_MS,
  message: FAIL_MESSAGE,
  saysWhen: true,
};
/** Wrong codes per phone from all addresses: past 100 per 24 h, each address gets OTP_FAIL_PAIR_LIMIT_GUARDED. */
export const OTP_FAIL_LIMIT: ThrottleRule = {
  bucket: 'otp_fail:phone',
  limit: 100,
  windowMs: DAY_MS,
  message: FAIL_MESSAGE,
  saysWhen: true,
};
/** Wrong codes per (phone, IP) per 24 h once the phone has reached OTP_FAIL_LIMIT (the owner's typos). */
export const OTP_FAIL_PAIR_LIMIT_GUARDED = 3;
/** Wrong codes per client IP across all phones: 300 per hour (spraying guesses over many numbers). */
export const OTP_FAIL_IP_LIMIT: ThrottleRule = {
  bucket: 'otp_fail:ip',
  limit: 300,
  windowMs: HOUR_MS,
  message: 'Too many wrong OTP attempts from your network.',
  saysWhen: true,
};
/** Flood backstop on all sign-in requests per client IP: AUTH_IP_LIMIT (default 1000) per 10 minutes. */
export const authIpLimit = (): ThrottleRule => ({
  bucket: 'auth:ip',
  limit: getConfig().AUTH_IP_LIMIT,
  windowMs: 10 * 60_000,
  message: 'Too many sign-in attempts from your network.',
  saysWhen: true,
});
/** Distinct phone numbers one client IP may look up per hour: AUTH_LOOKUP_LIMIT (default 100). */
export const lookupIpLimit = (): ThrottleRule => ({
  bucket: 'lookup:ip',
  limit: getConfig().AUTH_LOOKUP_LIMIT,
  windowMs: HOUR_MS,
  message: 'Too many different mobile numbers from your network.',
  saysWhen: true,
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

/** Country names for messages ("India"). */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "We can send OTPs only to mobile numbers in India." (or "in India or the United Arab Emirates"). */
export function smsCountryMessage(countries = getConfig().SMS_ALLOWED_COUNTRIES): string {
  const names = countries.map((c) => regionNames.of(c) ?? c);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
  return `We can send OTPs only to mobile numbers in ${list}.`;
}

/**
 * 400 (with `errors[field]`) when `phone` (E.164) is not a number of SMS_ALLOWED_COUNTRIES: the
 * shop pays for no SMS abroad. Checked before any code is made or any account looked up.
 */
export function assertSmsCountry(phone: string, field = 'mobile'): void {
  const allowed = getConfig().SMS_ALLOWED_COUNTRIES;
  const country = parsePhoneNumberFromString(phone)?.country;
  if (country && allowed.includes(country)) return;
  const message = smsCountryMessage(allowed);
  throw new AppError('bad_request', message, { errors: { [field]: message } });
}

/** OTP sends to one block of 100 numbers (all digits but the last two) per hour: SMS_PREFIX_LIMIT. */
export const smsPrefixLimit = (): ThrottleRule => ({
  bucket: 'otp_send:prefix',
  limit: getConfig().SMS_PREFIX_LIMIT,
  windowMs: HOUR_MS,
  message: 'Too many OTP requests for numbers like this one.',
  saysWhen: true,
});
/** The block of 100 numbers `phone` belongs to: "+91987654321x" → "+9198765432". */
export const numberPrefix = (phone: string) => phone.slice(0, -2);

/** The spent budget's first sentence; the 503 goes on to say when sending resumes (`saysWhen`). */
const BUDGET_MESSAGE = 'Sign-in by SMS is busy right now.';
/** Shop-wide OTP sends per hour: SMS_BUDGET_PER_HOUR. */
export const smsHourBudget = (): ThrottleRule => ({
  bucket: 'sms_budget:hour',
  limit: getConfig().SMS_BUDGET_PER_HOUR,
  windowMs: HOUR_MS,
  message: BUDGET_MESSAGE,
  saysWhen: true,
});
/** Shop-wide OTP sends per 24 hours: SMS_BUDGET_PER_DAY. */
export const smsDayBudget = (): ThrottleRule => ({
  bucket: 'sms_budget:day',
  limit: getConfig().SMS_BUDGET_PER_DAY,
  windowMs: DAY_MS,
  message: BUDGET_MESSAGE,
  saysWhen: true,
});
/** The one key of the shop-wide budget. */
const SHOP = 'shop';

/**
 * Counts one OTP send against the number's block and the shop-wide budget, inside the send's
 * transaction `tx` (so a refused send records nothing). Returns null when the send may go, or the
 * refusal: a 429 for the block, or a 503 for a spent budget whose Retry-After and message say
 * when sending resumes (the longer wait when both budgets are spent), with `alert` true for the
 * first budget refusal of its window across all processes (the caller logs it once the
 * transaction has committed the alert's mark).
 */
export async function countSmsSend(
  tx: Transaction,
  phone: string,
  now = new Date(),
): Promise<{ refusal: AppError; alert: boolean } | null> {
  const prefix = smsPrefixLimit();
  await lockKey(tx, prefix.bucket, numberPrefix(phone));
  const block = await countEvents(tx, prefix, numberPrefix(phone), now);
  if (block.n >= prefix.limit) return { refusal: tooMany(prefix, block.oldest, now), alert: false };
  await lockKey(tx, 'sms_budget', SHOP);
  let spentBudget: { rule: ThrottleRule; wait: AppError } | undefined;
  for (const rule of [smsHourBudget(), smsDayBudget()]) {
    const spent = await countEvents(tx, rule, SHOP, now);
    if (spent.n < rule.limit) continue;
    // The rule's 429 gives the wait and the words that say it; a spent budget answers 503 with them.
    const wait = tooMany(rule, spent.oldest, now);
    if (!spentBudget || (wait.retryAfter ?? 0) > (spentBudget.wait.retryAfter ?? 0)) spentBudget = { rule, wait };
  }
  if (spentBudget) {
    const { rule, wait } = spentBudget;
    const alertRule: ThrottleRule = { ...rule, bucket: `${rule.bucket}:alert`, limit: 1 };
    const alert = (await countEvents(tx, alertRule, SHOP, now)).n === 0;
    if (alert) await recordEvent(tx, alertRule, SHOP, now);
    return { refusal: new AppError('unavailable', wait.message, { retryAfter: wait.retryAfter }), alert };
  }
  await recordEvent(tx, prefix, numberPrefix(phone), now);
  await recordEvent(tx, smsHourBudget(), SHOP, now);
  await recordEvent(tx, smsDayBudget(), SHOP, now);
  return null;
}

/** Logs a spent SMS budget at error (called once per window, see countSmsSend). */
export function logSmsBudgetSpent(refusal: AppError): void {
  const c = getConfig();
  logger.error(
    { perHour: c.SMS_BUDGET_PER_HOUR, perDay: c.SMS_BUDGET_PER_DAY, retryAfterS: refusal.retryAfter },
    'SMS budget spent: OTP sends answer 503 until it has room (SMS_BUDGET_PER_HOUR, SMS_BUDGET_PER_DAY)',
  );
}

/**
 * The checks every OTP-sending endpoint makes before it answers anything about `phone`:
 * 503 when no SMS sender is configured, 400 for a country the shop sends no SMS to (the error
 * under `field`), then the per-IP flood backstop and the look-up limit.
 */
export async function guardOtpSend(db: Database, ip: string, phone: string, field = 'mobile'): Promise<void> {
  assertSmsAvailable();
  assertSmsCountry(phone, field);
  await throttleIp(db, ip);
  await throttleLookup(db, ip, phone);
}
