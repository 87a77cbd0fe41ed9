/**
 * OTP rules that need control of time, of many tries or of the configuration, on a fresh
 * database of each kind: an expired code is refused, a used code is refused, codes are stored
 * hashed, wrong tries lock per (phone, address) first (saying when to try again) and a phone
 * under attack still lets its owner in; a spent SMS budget says when sending resumes; and the production defaults (no SMS sender → 503; 6 digits unless in demo mode).
 */

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completeOtpLogin, issueOtp, startSignup } from '#features/auth/server/otp.ts';
import {
  OTP_FAIL_IP_LIMIT,
  OTP_FAIL_LIMIT,
  OTP_FAIL_PAIR_LIMIT,
  OTP_FAIL_PAIR_LIMIT_GUARDED,
  OTP_SEND_LIMIT,
  OTP_SEND_PAIR_LIMIT,
  smsDayBudget,
  smsHourBudget,
} from '#features/auth/server/throttles.ts';
import {
  assertSmsAvailable,
  drainSmsQueue,
  getSmsSender,
  type SmsSender,
  setSmsSenderForTests,
  smsStartupWarning,
} from '#features/sms/index.ts';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { otps, rateLimitEvents } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const sent: string[] = [];
const fakeSender: SmsSender = { kind: 'console', send: async (_to, message) => void sent.push(message.text) };

describe.each(testDatabaseKinds())('OTP rules on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    setSmsSenderForTests(fakeSender);
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => {
    setSmsSenderForTests(undefined);
    await handle?.close();
  });

  it('stores only a hash of the code and sends the code by SMS', async () => {
    const phone = '+919800000001';
    const { demoCode } = await startSignup(handle.db, { name: 'Asha', email: 'asha@example.com', mobile: phone });
    await drainSmsQueue();
    expect(sent.at(-1)).toContain(demoCode);
    const [row] = await handle.db.select().from(otps).where(eq(otps.phone, phone));
    expect(row!.codeHash).not.toContain(demoCode!);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{16}:[0-9a-f]{64}$/);
  });

  it('refuses an expired code', async () => {
    const phone = '+919800000002';
    const { demoCode } = await startSignup(handle.db, { name: 'Biju', email: 'biju@example.com', mobile: phone });
    await handle.db
      .update(otps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otps.phone, phone));
    await expect(completeOtpLogin(handle.db, phone, demoCode!)).rejects.toThrow(/expired/);
  });

  it('refuses a code that was already used', async () => {
    const phone = '+919800000003';
    const { demoCode } = await startSignup(handle.db, { name: 'Chinnu', email: 'c@example.com', mobile: phone });
    const first = await completeOtpLogin(handle.db, phone, demoCode!);
    expect(first.created).toBe(true);
    await expect(completeOtpLogin(handle.db, phone, demoCode!)).rejects.toThrow();
  });

  it('locks an address after 10 wrong tries for a phone in a day, checked before the code, saying when to try again; other addresses go on', async () => {
    const phone = '+919800000004';
    // The first wrong try 5 hours ago: the day's window frees in 19 hours.
    const first = Date.now() - 5 * 3_600_000;
    await handle.db.insert(rateLimitEvents).values(
      Array.from({ length: OTP_FAIL_PAIR_LIMIT.limit }, (_, i) => ({
        bucket: OTP_FAIL_PAIR_LIMIT.bucket,
        key: `${phone}|10.0.0.1`,
        createdAt: new Date(first + i * 60_000),
      })),
    );
    const { demoCode } = await issueOtp(
      handle.db,
      phone,
      'signup',
      { name: 'Devi', email: 'd@example.com' },
      '10.0.0.2',
    );
    const err = (await completeOtpLogin(handle.db, phone, demoCode!, '10.0.0.1').catch((e: unknown) => e)) as {
      code?: string;
      message?: string;
      retryAfter?: number;
    };
    expect(err).toMatchObject({
      code: 'too_many_requests',
      message: 'Too many wrong OTP attempts for this number. Please try again in 19 hours.',
    });
    expect(err.retryAfter).toBeGreaterThan(18 * 3600);
    expect(err.retryAfter).toBeLessThanOrEqual(19 * 3600);
    expect((await completeOtpLogin(handle.db, phone, demoCode!, '10.0.0.2')).created).toBe(true);
  });

  it('makes no code for an address the wrong-code limits lock for a phone, refusing with the same 429; other addresses get one', async () => {
    const phone = '+919800000010';
    // 10 wrong tries from one address, the first 5 hours ago; a phone over 100 with 3 from another.
    const first = Date.now() - 5 * 3_600_000;
    await handle.db.insert(rateLimitEvents).values([
      ...Array.from({ length: OTP_FAIL_PAIR_LIMIT.limit }, (_, i) => ({
        bucket: OTP_FAIL_PAIR_LIMIT.bucket,
        key: `${phone}|10.0.1.1`,
        createdAt: new Date(first + i * 60_000),
      })),
    ]);
    const send = (ip: string) =>
      issueOtp(handle.db, phone, 'signup', { name: 'Hari', email: 'h@example.com' }, ip).catch((e: unknown) => e);
    expect(await send('10.0.1.1')).toMatchObject({
      code: 'too_many_requests',
      message: 'Too many wrong OTP attempts for this number. Please try again in 19 hours.',
      data: { otp_locked: true },
    });
    expect(await handle.db.select().from(otps).where(eq(otps.phone, phone))).toHaveLength(0);
    expect(await send('10.0.1.2')).toMatchObject({ expiresInSeconds: 300 });

    const guarded = '+919800000011';
    await handle.db.insert(rateLimitEvents).values([
      ...Array.from({ length: OTP_FAIL_LIMIT.limit }, () => ({ bucket: OTP_FAIL_LIMIT.bucket, key: guarded })),
      ...Array.from({ length: OTP_FAIL_PAIR_LIMIT_GUARDED }, () => ({
        bucket: OTP_FAIL_PAIR_LIMIT.bucket,
        key: `${guarded}|10.0.1.3`,
      })),
    ]);
    const refused = await issueOtp(handle.db, guarded, 'login', undefined, '10.0.1.3').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'too_many_requests', data: { otp_locked: true } });
    expect(await handle.db.select().from(otps).where(eq(otps.phone, guarded))).toHaveLength(0);
  });

  it('after 100 wrong tries for a phone in a day, refuses addresses that guessed 3 times but lets a clean address (the owner) in', async () => {
    const phone = '+919800000005';
    await handle.db.insert(rateLimitEvents).values([
      ...Array.from({ length: OTP_FAIL_LIMIT.limit }, () => ({ bucket: OTP_FAIL_LIMIT.bucket, key: phone })),
      ...Array.from({ length: OTP_FAIL_PAIR_LIMIT_GUARDED }, () => ({
        bucket: OTP_FAIL_PAIR_LIMIT.bucket,
        key: `${phone}|10.0.0.3`,
      })),
    ]);
    const { demoCode } = await startSignup(
      handle.db,
      { name: 'Esha', email: 'e@example.com', mobile: phone },
      '10.0.0.4',
    );
    const guesser = await completeOtpLogin(handle.db, phone, demoCode!, '10.0.0.3').catch((e: unknown) => e);
    expect((guesser as { code?: string }).code).toBe('too_many_requests');
    expect((await completeOtpLogin(handle.db, phone, demoCode!, '10.0.0.4')).created).toBe(true);
  });

  it('refuses an address past 300 wrong tries in an hour across all phones, saying when to try again', async () => {
    // The first of them 20 minutes ago: the hour's window frees in 40 minutes.
    const first = Date.now() - 20 * 60_000;
    await handle.db.insert(rateLimitEvents).values(
      Array.from({ length: OTP_FAIL_IP_LIMIT.limit }, (_, i) => ({
        bucket: OTP_FAIL_IP_LIMIT.bucket,
        key: '10.0.0.9',
        createdAt: new Date(first + i * 1000),
      })),
    );
    const phone = '+919800000008';
    const { demoCode } = await startSignup(handle.db, { name: 'Gita', email: 'g@example.com', mobile: phone });
    const err = (await completeOtpLogin(handle.db, phone, demoCode!, '10.0.0.9').catch((e: unknown) => e)) as {
      code?: string;
      message?: string;
      retryAfter?: number;
    };
    expect(err).toMatchObject({
      code: 'too_many_requests',
      message: 'Too many wrong OTP attempts from your network. Please try again in 40 minutes.',
    });
    expect(err.retryAfter).toBeGreaterThan(39 * 60);
    expect(err.retryAfter).toBeLessThanOrEqual(40 * 60);
  });

  it('refuses a send over the hour’s limits with a 429 that says when to ask again, counted from the oldest send', async () => {
    /** The refusal of a send, which must be refused. */
    const refusal = (phone: string, ip: string) =>
      issueOtp(handle.db, phone, 'signup', { name: 'Farah', email: 'f@example.com' }, ip).then(
        () => {
          throw new Error('the send was not refused');
        },
        (e: unknown) => e as { code?: string; message?: string; retryAfter?: number },
      );
    // 5 sends from one address, the first 17 minutes ago: the window frees in 43 minutes.
    const phone = '+919800000006';
    const first = Date.now() - 17 * 60_000;
    await handle.db.insert(rateLimitEvents).values(
      Array.from({ length: OTP_SEND_PAIR_LIMIT.limit }, (_, i) => ({
        bucket: OTP_SEND_PAIR_LIMIT.bucket,
        key: `${phone}|10.0.0.5`,
        createdAt: new Date(first + i * 60_000),
      })),
    );
    const pair = await refusal(phone, '10.0.0.5');
    expect(pair).toMatchObject({
      code: 'too_many_requests',
      message: 'Too many OTP requests for this number. Please try again in 43 minutes.',
    });
    expect(pair.retryAfter).toBeGreaterThan(42 * 60);
    expect(pair.retryAfter).toBeLessThanOrEqual(43 * 60);
    // 10 sends to one number from all addresses, the first 59½ minutes ago: seconds to wait.
    const busy = '+919800000007';
    await handle.db.insert(rateLimitEvents).values(
      Array.from({ length: OTP_SEND_LIMIT.limit }, (_, i) => ({
        bucket: OTP_SEND_LIMIT.bucket,
        key: busy,
        createdAt: new Date(Date.now() - 59.5 * 60_000 + i * 1000),
      })),
    );
    const phoneLimit = await refusal(busy, '10.0.0.6');
    expect(phoneLimit).toMatchObject({ code: 'too_many_requests' });
    expect(phoneLimit.message).toMatch(
      /^Too many OTP requests for this number\. Please try again in \d{1,2} seconds\.$/,
    );
    expect(phoneLimit.message).toBe(
      `Too many OTP requests for this number. Please try again in ${phoneLimit.retryAfter} seconds.`,
    );
  });

  // Last: it spends the shop's SMS budget on this database.
  it('refuses a send once the shop-wide SMS budget is spent with a 503 that says when sending resumes, the longer wait of the two budgets', async () => {
    const { SMS_BUDGET_PER_HOUR, SMS_BUDGET_PER_DAY } = getConfig();
    // The hour's budget frees in 50 minutes, the day's in 19 hours: sending resumes in 19 hours.
    const hourFrom = Date.now() - 10 * 60_000;
    const dayFrom = Date.now() - 5 * 3_600_000;
    await handle.db.insert(rateLimitEvents).values([
      ...Array.from({ length: SMS_BUDGET_PER_HOUR }, (_, i) => ({
        bucket: smsHourBudget().bucket,
        key: 'shop',
        createdAt: new Date(hourFrom + i * 1000),
      })),
      ...Array.from({ length: SMS_BUDGET_PER_DAY }, (_, i) => ({
        bucket: smsDayBudget().bucket,
        key: 'shop',
        createdAt: new Date(dayFrom + i * 1000),
      })),
    ]);
    const err = (await issueOtp(handle.db, '+919811111109', 'signup', { name: 'Hari', email: 'h@example.com' }).catch(
      (e: unknown) => e,
    )) as { code?: string; message?: string; retryAfter?: number };
    expect(err).toMatchObject({
      code: 'unavailable',
      message: 'Sign-in by SMS is busy right now. Please try again in 19 hours.',
    });
    expect(err.retryAfter).toBeGreaterThan(18 * 3600);
    expect(err.retryAfter).toBeLessThanOrEqual(19 * 3600);
  });
});

describe('sign-in defaults by environment', () => {
  const saved = { ...process.env };
  function configure(env: Record<string, string | undefined>) {
    for (const key of ['NODE_ENV', 'DEMO_MODE', 'SMS_SENDER', 'OTP_LENGTH', 'SMS_GATEWAY_URL']) delete process.env[key];
    Object.assign(process.env, env);
    resetConfigForTests();
    setSmsSenderForTests(undefined);
  }
  afterEach(() => {
    process.env = { ...saved };
    resetConfigForTests();
    setSmsSenderForTests(undefined);
  });

  it('production without SMS_SENDER: OTP sends answer 503 with Retry-After, and start-up warns naming SMS_SENDER', () => {
    configure({ NODE_ENV: 'production' });
    expect(getConfig().SMS_SENDER).toBeUndefined();
    expect(smsStartupWarning()).toMatch(/SMS_SENDER/);
    for (const call of [assertSmsAvailable, getSmsSender]) {
      const err = (() => {
        try {
          call();
        } catch (e) {
          return e as { code?: string; message?: string; retryAfter?: number };
        }
      })();
      expect(err).toMatchObject({
        code: 'unavailable',
        message: 'Sign-in by SMS is not available right now. Please try again later.',
      });
      expect(err!.retryAfter).toBeGreaterThan(0);
    }
    expect(getConfig().OTP_LENGTH).toBe(6);
  });

  it('OTP_LENGTH is 6 by default, 4 only in demo mode (the console sender), and an explicit value wins', () => {
    configure({ NODE_ENV: 'production', SMS_SENDER: 'http', SMS_GATEWAY_URL: 'https://sms.example/send' });
    expect(getConfig().OTP_LENGTH).toBe(6);
    expect(smsStartupWarning()).toBeNull();
    configure({ NODE_ENV: 'production', DEMO_MODE: 'true' });
    expect(getConfig().OTP_LENGTH).toBe(4);
    expect(getSmsSender().kind).toBe('console');
    configure({ NODE_ENV: 'production', DEMO_MODE: 'true', OTP_LENGTH: '6' });
    expect(getConfig().OTP_LENGTH).toBe(6);
    configure({
      NODE_ENV: 'production',
      SMS_SENDER: 'http',
      SMS_GATEWAY_URL: 'https://sms.example/send',
      OTP_LENGTH: '5',
    });
    expect(getConfig().OTP_LENGTH).toBe(5);
  });

  it('astro dev (NODE_ENV=development) is demo mode unless told otherwise: the console sender is the default', () => {
    configure({ NODE_ENV: 'development' });
    expect(getConfig().SMS_SENDER).toBe('console');
    expect(getConfig().OTP_LENGTH).toBe(4);
    expect(smsStartupWarning()).toBeNull();
  });

  it('refuses SMS_SENDER=http without SMS_GATEWAY_URL, naming the variable', () => {
    configure({ NODE_ENV: 'production', SMS_SENDER: 'http' });
    expect(() => getConfig()).toThrow(/SMS_GATEWAY_URL/);
  });
});
