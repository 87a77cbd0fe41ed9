/**
 * Staff's customers on PGlite and PostgreSQL: finding one by mobile or name, what staff see of
 * them, and credit and points adjustments with a reason: exactly once per idempotency key
 * (retried, and sent in parallel), never below zero, and audited. A staff member's search and
 * customer page are audited by id, never with the text searched.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAdjustSchema, customerQueryOk, pointsAdjustSchema } from '#features/account/admin-customer-rules.ts';
import {
  findCustomers,
  getAdminCustomer,
  searchCustomersAsStaff,
  viewCustomerAsStaff,
} from '#features/account/server/admin-customers.ts';
import { adjustCredit, adjustPoints } from '#features/account/server/balance-adjustments.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { creditTransactions, customers, pointsTransactions } from '#lib/db/schema.ts';
import { auditReader, TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

describe('adjustment schemas', () => {
  it('take a signed whole amount, a reason and a key', () => {
    expect(
      creditAdjustSchema.parse({ amount_paise: -500, reason: ' Repaid in cash ', idempotency_key: 'adj-00000001' }),
    ).toEqual({ amount_paise: -500, reason: 'Repaid in cash', idempotency_key: 'adj-00000001' });
    const error = (input: unknown) => {
      const r = pointsAdjustSchema.safeParse(input);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(error({ points: 0, reason: 'Goodwill', idempotency_key: 'adj-00000001' })).toBe(
      'The change cannot be zero.',
    );
    expect(error({ points: 1.5, reason: 'Goodwill', idempotency_key: 'adj-00000001' })).toBe(
      'The points must be a whole number.',
    );
    expect(error({ points: 5, reason: 'ok', idempotency_key: 'adj-00000001' })).toBe(
      'Give a reason (3 to 200 characters).',
    );
    expect(error({ points: 5, reason: 'Goodwill', idempotency_key: 'short' })).toMatch(/idempotency key/);
    expect(customerQueryOk('98')).toBe(false);
    expect(customerQueryOk('987')).toBe(true);
    expect(customerQueryOk('A')).toBe(false);
    expect(customerQueryOk('As')).toBe(true);
  });
});

describe.each(testDatabaseKinds())('staff customers on %s', (kind) => {
  let handle: DatabaseHandle;
  let asha: number;
  const audit = auditReader(() => handle.db);
  const actor = TEST_ACTOR;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const rows = await handle.db
      .insert(customers)
      .values([
        {
          name: 'Asha Menon',
          phone: '+919847012345',
          creditLimitPaise: 100000,
          creditBalancePaise: 100000,
          pointsBalance: 12,
        },
        { name: 'Biju Thomas', phone: '+919895500000' },
        { name: 'Gone', phone: null, deletedAt: new Date() },
      ])
      .returning();
    asha = rows[0]!.id;
  });
  afterAll(async () => handle?.close());

  it('finds customers by part of the mobile (as people type it) or of the name', async () => {
    const names = async (q: string) => (await findCustomers(handle.db, q)).map((c) => c.name);
    expect(await names('98470')).toEqual(['Asha Menon']);
    expect(await names('+91 98470 12345')).toEqual(['Asha Menon']);
    expect(await names('09847012345')).toEqual(['Asha Menon']);
    expect(await names('98')).toEqual([]);
    expect(await names('menon')).toEqual(['Asha Menon']);
    expect(await names('%')).toEqual([]);
    expect((await names('989')).sort()).toEqual(['Biju Thomas']);
  });

  it('adjusts credit once per key, with the reason in the ledger and the audit log', async () => {
    const input = { amount_paise: -25000, reason: 'Repaid ₹250 short', idempotency_key: 'credit-key-0001' };
    const first = await adjustCredit(handle.db, asha, input, actor);
    expect(first.replayed).toBe(false);
    expect(first.customer.creditBalancePaise).toBe(75000);
    expect(first.customer.credit[0]).toMatchObject({ kind: 'adjustment', amount: -25000, note: 'Repaid ₹250 short' });
    const again = await adjustCredit(handle.db, asha, input, actor);
    expect(again).toMatchObject({ replayed: true, customer: { creditBalancePaise: 75000 } });
    expect((await audit.entries()).filter((e) => e.action === 'customer.credit_adjust')).toEqual([
      {
        action: 'customer.credit_adjust',
        entity: 'customer',
        entityId: String(asha),
        before: { credit_balance_paise: 100000 },
        after: { credit_balance_paise: 75000, amount_paise: -25000, reason: 'Repaid ₹250 short' },
      },
    ]);
    await expect(adjustCredit(handle.db, asha, { ...input, amount_paise: -100 }, actor)).rejects.toMatchObject({
      code: 'unprocessable',
      message: 'This idempotency key was used for another adjustment.',
    });
    await expect(
      adjustCredit(handle.db, asha, { ...input, amount_paise: -80000, idempotency_key: 'credit-key-0002' }, actor),
    ).rejects.toMatchObject({
      code: 'unprocessable',
      message: 'The credit balance cannot go below ₹0.00 (it is ₹750.00).',
    });
    // The refused one left no ledger row, so its key is free.
    expect(await handle.db.$count(creditTransactions, eq(creditTransactions.idempotencyKey, 'credit-key-0002'))).toBe(
      0,
    );
    await expect(
      adjustCredit(handle.db, 999_999, { ...input, idempotency_key: 'credit-key-0003' }, actor),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('adjusts points exactly once when the same key arrives 8 times at once', async () => {
    const input = { points: 30, reason: 'Sorry for the late delivery', idempotency_key: 'points-key-0001' };
    const results = await Promise.all(Array.from({ length: 8 }, () => adjustPoints(handle.db, asha, input, actor)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const [c] = await handle.db.select().from(customers).where(eq(customers.id, asha));
    expect(c!.pointsBalance).toBe(42);
    expect(await handle.db.$count(pointsTransactions, eq(pointsTransactions.customerId, asha))).toBe(1);
    expect((await audit.entries()).filter((e) => e.action === 'customer.points_adjust')).toHaveLength(1);
    await expect(
      adjustPoints(handle.db, asha, { points: -43, reason: 'Correction', idempotency_key: 'points-key-0002' }, actor),
    ).rejects.toMatchObject({ message: 'The points balance cannot go below 0 (it is 42).' });
  });

  it("shows the customer's orders, addresses, balances and ledgers; a deleted account is not found", async () => {
    const c = await getAdminCustomer(handle.db, asha);
    expect(c).toMatchObject({
      name: 'Asha Menon',
      phone: '+919847012345',
      pointsBalance: 42,
      creditBalancePaise: 75000,
    });
    expect(c.points[0]).toMatchObject({ kind: 'adjust', amount: 30, note: 'Sorry for the late delivery' });
    const [gone] = await handle.db.select().from(customers).where(eq(customers.name, 'Gone'));
    await expect(getAdminCustomer(handle.db, gone!.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('audits a staff search by how it searched, how many it found and their ids, never the text typed', async () => {
    await audit.mark();
    const hits = await searchCustomersAsStaff(handle.db, '+91 98470 12345', actor);
    expect(hits.map((h) => h.id)).toEqual([asha]);
    await searchCustomersAsStaff(handle.db, 'Nobody Here', actor);
    const entries = await audit.entries();
    expect(entries).toEqual([
      {
        action: 'customer.searched',
        entity: null,
        entityId: null,
        before: null,
        after: { by: 'mobile', results: 1, customer_ids: [asha] },
      },
      {
        action: 'customer.searched',
        entity: null,
        entityId: null,
        before: null,
        after: { by: 'name', results: 0, customer_ids: [] },
      },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/98470|Nobody|Asha/);
  });

  it("audits a staff member's look at a customer by the customer's id; a missing customer adds nothing", async () => {
    await audit.mark();
    expect((await viewCustomerAsStaff(handle.db, asha, actor)).name).toBe('Asha Menon');
    await expect(viewCustomerAsStaff(handle.db, 999_999, actor)).rejects.toMatchObject({ code: 'not_found' });
    expect(await audit.entries()).toEqual([
      { action: 'customer.viewed', entity: 'customer', entityId: String(asha), before: null, after: null },
    ]);
  });
});
