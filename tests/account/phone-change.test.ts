/**
 * Changing the mobile number on a fresh database of each kind: codes go to the current and to
 * the new number, both are needed, and once the change is saved the replaced number gets an SMS
 * saying so (with the new number masked) while the new one gets none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPhoneChange } from '#features/account/server/phone-change.ts';
import { getProfile, updateProfile } from '#features/account/server/profile.ts';
import { completeOtpLogin, startSignup } from '#features/auth/server/otp.ts';
import { drainSmsQueue, type SmsMessage, type SmsSender, setSmsSenderForTests } from '#features/sms/index.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

/** A console-kind sender (so codes come back as demo codes) that keeps what it sent. */
class RecordingSender implements SmsSender {
  readonly kind = 'console' as const;
  readonly sent: { to: string; message: string }[] = [];
  async send(to: string, message: SmsMessage) {
    this.sent.push({ to, message: message.text });
  }
}

describe.each(testDatabaseKinds())('mobile number change on %s', (kind) => {
  let handle: DatabaseHandle;
  const sms = new RecordingSender();
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    setSmsSenderForTests(sms);
  });
  afterAll(async () => {
    setSmsSenderForTests(undefined);
    await handle?.close();
  });

  it('needs the codes of both numbers and tells the old number it was replaced', async () => {
    const db = handle.db;
    const old = kind === 'pglite' ? '+919811100001' : '+919811100002';
    const next = kind === 'pglite' ? '+919811100045' : '+919811100046';
    const signup = await startSignup(db, { name: 'Asha', email: 'asha@example.test', mobile: old });
    const { customer } = await completeOtpLogin(db, old, signup.demoCode!);

    const change = await updateProfile(db, customer.id, { name: 'Asha', email: 'asha@example.test', mobile: next });
    if (!change.otpRequired) throw new Error('expected OTPs');
    expect(change.currentMobile).toBe(old);
    // The codes go out after the answer, through the SMS queue.
    await drainSmsQueue();
    expect(sms.sent.slice(-2).map((m) => m.to)).toEqual([next, old]);

    await expect(
      verifyPhoneChange(db, customer.id, customer.sessionId, next, change.sent.demoCode!, undefined),
    ).rejects.toMatchObject({ code: 'bad_request', errors: { current_otp: expect.any(String) } });
    expect((await getProfile(db, customer.id)).phone).toBe(old);

    const before = sms.sent.length;
    const profile = await verifyPhoneChange(
      db,
      customer.id,
      customer.sessionId,
      next,
      change.sent.demoCode!,
      change.currentSent.demoCode!,
    );
    expect(profile.phone).toBe(next);
    expect(sms.sent.slice(before)).toEqual([
      {
        to: old,
        message: `Your FarmFresh account's mobile number was changed to +91••••••••${next.slice(-2)}. If you did not do this, call us on +91 487 242 0000.`,
      },
    ]);
  });
});
