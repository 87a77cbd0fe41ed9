/**
 * The payments job's reach, on a fresh database of each kind, with a counting fake gateway:
 * every order awaiting payment is asked about, oldest first, each at most once a minute, however
 * many batches it takes and however many runs overlap.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH, RECHECK_MS, runPaymentJobs } from '#features/payments/server/payment-jobs.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { orders } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { askedCounts, insertPendingOrders } from '../helpers/pending-orders.ts';

const MINUTE = 60_000;
/** More than two batches, so "none missed" covers the batches after the first. */
const COUNT = BATCH * 2 + 10;

describe.each(testDatabaseKinds())('payments job reach on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('asks about every pending order once per run, oldest first, and not again within a minute', async () => {
    const gateway = new FakeGateway();
    const t0 = new Date();
    const pending = await insertPendingOrders(handle.db, gateway, COUNT, t0, 3 * MINUTE);
    const first = await runPaymentJobs(handle.db, gateway, t0);
    expect(first.checked).toBe(COUNT);
    expect(askedCounts(gateway, pending)).toEqual(pending.map(() => 1));
    // Oldest first: the order of the questions is the order of the orders' ages.
    const asked = gateway.calls.filter((c) => c.method === 'fetchOrderPayments').map((c) => c.args);
    expect(asked).toEqual(pending.map((p) => p.gatewayOrderId));
    // Within the minute nobody is asked again; after it, everyone once more.
    await runPaymentJobs(handle.db, gateway, new Date(t0.getTime() + RECHECK_MS - 1000));
    expect(askedCounts(gateway, pending)).toEqual(pending.map(() => 1));
    await runPaymentJobs(handle.db, gateway, new Date(t0.getTime() + RECHECK_MS));
    expect(askedCounts(gateway, pending)).toEqual(pending.map(() => 2));
    // Still pending (none paid, none old enough to release): the job only asked.
    const rows = await handle.db
      .select({ status: orders.paymentStatus })
      .from(orders)
      .where(
        inArray(
          orders.id,
          pending.map((p) => p.id),
        ),
      );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pending']));
  });

  it('two runs at once ask about each order once between them, and miss none', async () => {
    const gateway = new FakeGateway();
    const t0 = new Date(Date.now() + 10 * MINUTE); // after the first test's checks
    const pending = await insertPendingOrders(handle.db, gateway, COUNT, t0, 3 * MINUTE);
    const [a, b] = await Promise.all([runPaymentJobs(handle.db, gateway, t0), runPaymentJobs(handle.db, gateway, t0)]);
    const mine = askedCounts(gateway, pending);
    expect(mine).toEqual(pending.map(() => 1));
    // Between them the two runs checked these orders and the first test's (due again by now).
    expect(a.checked + b.checked).toBe(COUNT * 2);
  });

  it('asks nobody about an order younger than the reconcile delay', async () => {
    const gateway = new FakeGateway();
    const t0 = new Date(Date.now() + 20 * MINUTE);
    const pending = await insertPendingOrders(handle.db, gateway, 3, t0, 0);
    await runPaymentJobs(handle.db, gateway, new Date(t0.getTime() - 60_000));
    expect(askedCounts(gateway, pending)).toEqual([0, 0, 0]);
  });
});
