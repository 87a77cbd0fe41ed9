/**
 * The new-customer credit line on a fresh database of each kind: none in production unless the
 * shop sets NEW_CUSTOMER_CREDIT_PAISE; given once per number, also when two sign-ups race; a
 * number that had one gets none after deleting the account and signing up again; the number is
 * kept only as a keyed hash.
 */

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '#features/account/server/account-deletion.ts';
import { creditGrantHash } from '#features/auth/server/credit-grants.ts';
import { completeOtpLogin, startSignup } from '#features/auth/server/otp.ts';
import { getConfig, resetConfigForTests } from '#lib/config.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { creditGrants, customers } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const ENV = ['NODE_ENV', 'DEMO_MODE', 'NEW_CUSTOMER_CREDIT_PAISE'] as const;

describe('NEW_CUSTOMER_CREDIT_PAISE', () => {
  const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
  afterEach(() => {
    for (const k of ENV)
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    resetConfigForTests();
  });

  it('is 0 in production, ₹1,000 in demo mode, and what the shop sets otherwise', () => {
    Object.assign(process.env, { NODE_ENV: 'production', DEMO_MODE: 'false' });
    delete process.env.NEW_CUSTOMER_CREDIT_PAISE;
    resetConfigForTests();
    expect(getConfig().NEW_CUSTOMER_CREDIT_PAISE).toBe(0);
    process.env.DEMO_MODE = 'true';
    resetConfigForTests();
    expect(getConfig().NEW_CUSTOMER_CREDIT_PAISE).toBe(100_000);
    process.env.NEW_CUSTOMER_CREDIT_PAISE = '50000';
    process.env.DEMO_MODE = 'false';
    resetConfigForTests();
    expect(getConfig().NEW_CUSTOMER_CREDIT_PAISE).toBe(50_000);
  });
});

describe.each(testDatabaseKinds())('credit grants on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => handle?.close());

  async function signUp(phone: string) {
    const sent = await startSignup(handle.db, { name: 'Asha', email: 'asha@example.test', mobile: phone });
    const { customer } = await completeOtpLogin(handle.db, phone, sent.demoCode!);
    const [row] = await handle.db.select().from(customers).where(eq(customers.id, customer.id));
    return row!;
  }

  it('gives a number its credit line once: not again after deleting the account', async () => {
    const phone = `+9199000${kind === 'pglite' ? '1' : '2'}0001`;
    const first = await signUp(phone);
    expect(first).toMatchObject({ creditLimitPaise: 100_000, creditBalancePaise: 100_000 });
    await deleteAccount(handle.db, first.id);
    const again = await signUp(phone);
    expect(again).toMatchObject({ creditLimitPaise: 0, creditBalancePaise: 0 });
    // Only a keyed hash of the number is kept, never the number.
    const grants = await handle.db.select().from(creditGrants);
    expect(grants.map((g) => g.phoneHash)).toContain(creditGrantHash(phone));
    expect(JSON.stringify(grants)).not.toContain(phone.slice(3));
  });

  it('refuses to delete an account that owes credit, saying how much and what to do', async () => {
    const c = await signUp(`+9199000${kind === 'pglite' ? '1' : '2'}0002`);
    await handle.db
      .update(customers)
      .set({ creditLimitPaise: 200_000, creditBalancePaise: 76_550 })
      .where(eq(customers.id, c.id));
    await expect(deleteAccount(handle.db, c.id)).rejects.toMatchObject({
      code: 'unprocessable',
      message:
        'You have ₹1,234.50 of credit to pay. Please pay the outstanding amount, or contact us on +91 487 242 0000, before deleting your account.',
    });
    const [kept] = await handle.db.select().from(customers).where(eq(customers.id, c.id));
    expect(kept!.deletedAt).toBeNull();
  });
});
