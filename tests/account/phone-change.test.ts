/**
 * Changing the mobile number on a fresh database of each kind: codes go to the current and to
 * the new number, both are needed, and once the change is saved the replaced number gets an SMS
 * saying so (with the new number masked) while the new one gets none; all in the customer's SMS
 * language.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPhoneChange } from '#features/account/server/phone-change.ts';
import { getProfile, updateProfile } from '#features/account/server/profile.ts';
import { completeOtpLogin, startSignup } from '#features/auth/server/otp.ts';
import { drainSmsQueue, type SmsMessage, type SmsSender, setSmsSenderForTests } from '#features/sms/index.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers } from '#lib/db/schema.ts';
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

  it('writes the codes and the replaced-number SMS in Malayalam for a customer who chose it', async () => {
    const db = handle.db;
    const old = kind === 'pglite' ? '+919811100003' : '+919811100004';
    const next = kind === 'pglite' ? '+919811100047' : '+919811100048';
    const signup = await startSignup(db, { name: 'Asha', email: 'asha3@example.test', mobile: old });
    const { customer } = await completeOtpLogin(db, old, signup.demoCode!);
    await db.update(customers).set({ smsLanguage: 'ml' }).where(eq(customers.id, customer.id));

    const change = await updateProfile(db, customer.id, { name: 'Asha', email: 'asha3@example.test', mobile: next });
    if (!change.otpRequired) throw new Error('expected OTPs');
    await drainSmsQueue();
    expect(sms.sent.slice(-2)).toEqual([
      { to: next, message: expect.stringMatching(/^\d+ ആണ് നിങ്ങളുടെ FarmFresh വെരിഫിക്കേഷൻ കോഡ്\./) },
      { to: old, message: expect.stringMatching(/^\d+ ആണ് നിങ്ങളുടെ FarmFresh വെരിഫിക്കേഷൻ കോഡ്\./) },
    ]);
    const before = sms.sent.length;
    await verifyPhoneChange(
      db,
      customer.id,
      customer.sessionId,
      next,
      change.sent.demoCode!,
      change.currentSent.demoCode!,
    );
    expect(sms.sent.slice(before)).toEqual([
      {
        to: old,
        message: `നിങ്ങളുടെ FarmFresh അക്കൗണ്ടിലെ മൊബൈൽ നമ്പർ +91••••••••${next.slice(-2)} ആയി മാറ്റി. ഇത് നിങ്ങൾ ചെയ്തതല്ലെങ്കിൽ +91 487 242 0000 എന്ന നമ്പറിൽ വിളിക്കുക.`,
      },
    ]);
  });
});
