/**
 * OTP rules that need control of time or of many tries, on a fresh database of each kind:
 * an expired code is refused, a used code is refused, codes are stored hashed, and 100 wrong
 * tries per phone per day across codes lock the phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import type { DatabaseHandle } from '../../src/lib/server/db/index.ts';
import { otps, rateLimitEvents } from '../../src/lib/server/db/schema.ts';
import { completeOtpLogin, issueOtp, OTP_FAIL_LIMIT, startSignup } from '../../src/lib/server/services/auth.ts';
import { setSmsSenderForTests, type SmsSender } from '../../src/lib/server/sms.ts';

const sent: string[] = [];
const fakeSender: SmsSender = { kind: 'console', send: async (_to, message) => void sent.push(message) };

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
    expect(sent.at(-1)).toContain(demoCode);
    const [row] = await handle.db.select().from(otps).where(eq(otps.phone, phone));
    expect(row!.codeHash).not.toContain(demoCode!);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{16}:[0-9a-f]{64}$/);
  });

  it('refuses an expired code', async () => {
    const phone = '+919800000002';
    const { demoCode } = await startSignup(handle.db, { name: 'Biju', email: 'biju@example.com', mobile: phone });
    await handle.db.update(otps).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(otps.phone, phone));
    await expect(completeOtpLogin(handle.db, phone, demoCode!)).rejects.toThrow(/expired/);
  });

  it('refuses a code that was already used', async () => {
    const phone = '+919800000003';
    const { demoCode } = await startSignup(handle.db, { name: 'Chinnu', email: 'c@example.com', mobile: phone });
    const first = await completeOtpLogin(handle.db, phone, demoCode!);
    expect(first.created).toBe(true);
    await expect(completeOtpLogin(handle.db, phone, demoCode!)).rejects.toThrow();
  });

  it('locks a phone after 100 wrong tries in a day, across codes', async () => {
    const phone = '+919800000004';
    await startSignup(handle.db, { name: 'Devi', email: 'd@example.com', mobile: phone });
    await handle.db.insert(rateLimitEvents).values(Array.from({ length: OTP_FAIL_LIMIT.limit }, () => ({ bucket: OTP_FAIL_LIMIT.bucket, key: phone })));
    const { demoCode } = await issueOtp(handle.db, phone, 'signup', { name: 'Devi', email: 'd@example.com' });
    const err = await completeOtpLogin(handle.db, phone, demoCode!).catch((e: unknown) => e);
    expect((err as { code?: string }).code).toBe('too_many_requests');
  });
});
