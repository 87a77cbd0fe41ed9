/**
 * Two people for large credit and points adjustments, on PGlite and PostgreSQL: below the limit an
 * adjustment applies at once; above it waits for another owner or manager, who applies it exactly
 * once (also when two approve at once) or rejects it; the asker cannot approve their own; a shop's
 * sole owner applies at once, audited as such; a limit of 0 turns approvals off; nobody adjusts an
 * account whose mobile is their own.
 */

import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listApprovals } from '#features/account/server/approval-list.ts';
import { adjustCredit, adjustPoints } from '#features/account/server/balance-adjustments.ts';
import { decideApproval } from '#features/account/server/balance-approvals.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { creditTransactions, customers, pointsTransactions, staff } from '#lib/db/schema.ts';
import type { StaffRole } from '#lib/http/permissions.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { auditReader } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

/** ₹1,000 in paise: the default limit. */
const LIMIT = { approvalAbovePaise: 100_000 };

describe.each(testDatabaseKinds())('adjustments above the approval limit on %s', (kind) => {
  let handle: DatabaseHandle;
  let asha: number;
  let keys = 0;
  const audit = auditReader(() => handle.db);
  const people = {} as Record<'owner' | 'anil' | 'bindu' | 'packer', StaffActor>;
  const key = () => `approval-test-${++keys}`;

  async function addStaff(name: string, role: StaffRole, phone: string): Promise<StaffActor> {
    const [row] = await handle.db.insert(staff).values({ name, role, phone }).returning();
    return { staffId: row!.id, name, role, requestId: null };
  }
  const balances = async (id = asha) => {
    const [c] = await handle.db.select().from(customers).where(eq(customers.id, id));
    return { credit: c!.creditBalancePaise, points: c!.pointsBalance };
  };

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [c] = await handle.db
      .insert(customers)
      .values({ name: 'Asha Menon', phone: '+919847012345', creditBalancePaise: 0, pointsBalance: 0 })
      .returning();
    asha = c!.id;
    people.owner = await addStaff('Owner Omana', 'owner', '+919400000001');
    people.anil = await addStaff('Manager Anil', 'manager', '+919400000002');
    people.bindu = await addStaff('Manager Bindu', 'manager', '+919400000003');
    people.packer = await addStaff('Packer Pradeep', 'packer', '+919400000004');
  });
  afterAll(async () => handle?.close());

  it('applies an adjustment at or below the limit at once', async () => {
    const input = { amount_paise: 100_000, reason: 'Goodwill for a late order', idempotency_key: key() };
    const result = await adjustCredit(handle.db, asha, input, people.anil, LIMIT);
    expect(result).toMatchObject({ replayed: false, approval: null, customer: { creditBalancePaise: 100_000 } });
  });

  it('keeps one above the limit pending; the asker cannot approve it; another manager applies it once', async () => {
    await audit.mark();
    const input = { amount_paise: 5_000_000, reason: 'Refund for a spoilt wedding order', idempotency_key: key() };
    const asked = await adjustCredit(handle.db, asha, input, people.anil, LIMIT);
    expect(asked.replayed).toBe(false);
    expect(asked.approval).toMatchObject({
      status: 'pending',
      kind: 'credit',
      amount: 5_000_000,
      requestedBy: { name: 'Manager Anil' },
      customerName: 'Asha Menon',
    });
    expect(await balances()).toEqual({ credit: 100_000, points: 0 });
    // A retry of the request answers the same waiting approval.
    const retried = await adjustCredit(handle.db, asha, input, people.anil, LIMIT);
    expect(retried).toMatchObject({ replayed: true, approval: { id: asked.approval!.id, status: 'pending' } });
    expect((await listApprovals(handle.db, { status: 'pending', customerId: asha })).map((a) => a.id)).toEqual([
      asked.approval!.id,
    ]);

    const id = asked.approval!.id;
    await expect(decideApproval(handle.db, id, 'approve', people.anil)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'You asked for this adjustment: another owner or manager must approve or reject it.',
    });
    await expect(decideApproval(handle.db, id, 'cancel', people.bindu)).rejects.toMatchObject({ code: 'forbidden' });
    const approved = await decideApproval(handle.db, id, 'approve', people.bindu);
    expect(approved.approval).toMatchObject({ status: 'approved', decidedBy: { name: 'Manager Bindu' } });
    expect(approved.customer.creditBalancePaise).toBe(5_100_000);
    await expect(decideApproval(handle.db, id, 'approve', people.owner)).rejects.toMatchObject({
      code: 'conflict',
      message: 'This adjustment was already approved.',
    });
    expect(await balances()).toEqual({ credit: 5_100_000, points: 0 });
    expect(
      await handle.db.$count(creditTransactions, eq(creditTransactions.idempotencyKey, input.idempotency_key)),
    ).toBe(1);
    const entries = await audit.entries();
    expect(entries.map((e) => e.action)).toEqual(['customer.adjust_requested', 'customer.credit_adjust']);
    expect(entries.at(-1)!.after).toMatchObject({
      credit_balance_paise: 5_100_000,
      amount_paise: 5_000_000,
      approval: { id, requested_by_staff_id: people.anil.staffId, approved_by_staff_id: people.bindu.staffId },
    });
  });

  it('applies points worth more than the limit once when two approve at the same moment', async () => {
    const input = { points: 2_000, reason: 'Loyalty bonus for the year', idempotency_key: key() };
    const asked = await adjustPoints(handle.db, asha, input, people.anil, LIMIT);
    expect(asked.approval?.status).toBe('pending');
    const outcomes = await Promise.allSettled([
      decideApproval(handle.db, asked.approval!.id, 'approve', people.bindu),
      decideApproval(handle.db, asked.approval!.id, 'approve', people.owner),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [refused] = outcomes.filter((o) => o.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({
      code: 'conflict',
      message: 'This adjustment was already approved.',
    });
    expect((await balances()).points).toBe(2_000);
    expect(await handle.db.$count(pointsTransactions, eq(pointsTransactions.customerId, asha))).toBe(1);
    // 1,000 points are worth ₹1,000: not above the limit.
    const small = await adjustPoints(
      handle.db,
      asha,
      { points: -1_000, reason: 'Correction', idempotency_key: key() },
      people.anil,
      LIMIT,
    );
    expect(small).toMatchObject({ approval: null, customer: { pointsBalance: 1_000 } });
  });

  it('leaves the balance alone when rejected or cancelled', async () => {
    await audit.mark();
    const asked = await adjustCredit(
      handle.db,
      asha,
      { amount_paise: -2_000_000, reason: 'Take back a mistaken credit', idempotency_key: key() },
      people.owner,
      LIMIT,
    );
    const rejected = await decideApproval(handle.db, asked.approval!.id, 'reject', people.anil);
    expect(rejected.approval).toMatchObject({ status: 'rejected', decidedBy: { name: 'Manager Anil' } });
    await expect(decideApproval(handle.db, asked.approval!.id, 'approve', people.bindu)).rejects.toMatchObject({
      code: 'conflict',
      message: 'This adjustment was already rejected.',
    });
    const other = await adjustCredit(
      handle.db,
      asha,
      { amount_paise: 200_000, reason: 'Typed one zero too many', idempotency_key: key() },
      people.bindu,
      LIMIT,
    );
    const cancelled = await decideApproval(handle.db, other.approval!.id, 'cancel', people.bindu);
    expect(cancelled.approval.status).toBe('cancelled');
    expect(await balances()).toEqual({ credit: 5_100_000, points: 1_000 });
    expect((await audit.entries()).map((e) => e.action)).toEqual([
      'customer.adjust_requested',
      'customer.adjust_rejected',
      'customer.adjust_requested',
      'customer.adjust_cancelled',
    ]);
    expect(await listApprovals(handle.db, { status: 'pending' })).toEqual([]);
  });

  it('refuses an adjustment of an account whose mobile is the staff member’s own, and audits it', async () => {
    const [own] = await handle.db
      .insert(customers)
      .values({ name: 'Anil at home', phone: '+919400000002' })
      .returning();
    await audit.mark();
    await expect(
      adjustCredit(
        handle.db,
        own!.id,
        { amount_paise: 5_000, reason: 'Small goodwill', idempotency_key: key() },
        people.anil,
        LIMIT,
      ),
    ).rejects.toMatchObject({
      code: 'forbidden',
      message: 'You cannot adjust an account whose mobile number is your own. Ask another owner or manager.',
    });
    // Nor approve a request for it.
    const asked = await adjustCredit(
      handle.db,
      own!.id,
      { amount_paise: 5_000_000, reason: 'Large goodwill', idempotency_key: key() },
      people.bindu,
      LIMIT,
    );
    await expect(decideApproval(handle.db, asked.approval!.id, 'approve', people.anil)).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(await balances(own!.id)).toEqual({ credit: 0, points: 0 });
    const actions = (await audit.entries()).map((e) => e.action);
    expect(actions.filter((a) => a === 'customer.adjust_refused_own_account')).toHaveLength(2);
    await decideApproval(handle.db, asked.approval!.id, 'cancel', people.bindu);
  });

  it('turns approvals off with a limit of 0', async () => {
    const result = await adjustCredit(
      handle.db,
      asha,
      { amount_paise: 5_000_000, reason: 'Shop without approvals', idempotency_key: key() },
      people.anil,
      { approvalAbovePaise: 0 },
    );
    expect(result).toMatchObject({ approval: null, customer: { creditBalancePaise: 10_100_000 } });
  });

  it('lets a sole owner apply at once, audited as approved by the sole owner', async () => {
    await handle.db.update(staff).set({ active: false }).where(ne(staff.id, people.owner.staffId!));
    await audit.mark();
    const result = await adjustCredit(
      handle.db,
      asha,
      { amount_paise: -10_000_000, reason: 'Owner closes the credit', idempotency_key: key() },
      people.owner,
      LIMIT,
    );
    expect(result).toMatchObject({ approval: null, customer: { creditBalancePaise: 100_000 } });
    const [entry] = await audit.entries();
    expect(entry).toMatchObject({
      action: 'customer.credit_adjust',
      after: { amount_paise: -10_000_000, approval: { approved_by: 'sole owner', limit_paise: 100_000 } },
    });
  });
});
