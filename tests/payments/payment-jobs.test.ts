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

/**
 * A fake gateway that answers each question about an order's payments after a pause, as a real
 * one does, and notes when each was asked on the run's clock: the `now` a run was given, moved on
 * by the time the run has taken.
 */
class SlowGateway extends FakeGateway {
  readonly askedAt = new Map<string, number[]>();
  private runNow = 0;
  private runStarted = 0;

  /** Runs `job`, whose clock starts at `now`. */
  async timed(job: () => Promise<unknown>, now: Date): Promise<void> {
    this.runNow = now.getTime();
    this.runStarted = performance.now();
    await job();
  }

  override async fetchOrderPayments(orderId: string) {
    const at = this.runNow + (performance.now() - this.runStarted);
    this.askedAt.set(orderId, [...(this.askedAt.get(orderId) ?? []), at]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return super.fetchOrderPayments(orderId);
  }
}
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
    // Within the minute nobody is asked again; after it (counted from the end of the run's
    // questions, which took a moment of the run's clock), everyone once more.
    await runPaymentJobs(handle.db, gateway, new Date(t0.getTime() + RECHECK_MS - 1000));
    expect(askedCounts(gateway, pending)).toEqual(pending.map(() => 1));
    await runPaymentJobs(handle.db, gateway, new Date(t0.getTime() + RECHECK_MS + 10_000));
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

  it('asks no order again within a minute of its question, however late in a run it was asked', async () => {
    const gateway = new SlowGateway();
    const t0 = new Date(Date.now() + 30 * MINUTE);
    const pending = await insertPendingOrders(handle.db, gateway, COUNT, t0, 3 * MINUTE);
    await gateway.timed(() => runPaymentJobs(handle.db, gateway, t0), t0);
    expect(askedCounts(gateway, pending)).toEqual(pending.map(() => 1));
    // All but the last batch's orders are paid meanwhile: the rest come first in the next run.
    const stillPending = pending.slice(BATCH * 2);
    await handle.db
      .update(orders)
      .set({ paymentStatus: 'paid' })
      .where(
        inArray(
          orders.id,
          pending.slice(0, BATCH * 2).map((p) => p.id),
        ),
      );
    // A minute after the run's start, but not after the questions that came late in it.
    const second = new Date(t0.getTime() + RECHECK_MS + 1);
    await gateway.timed(() => runPaymentJobs(handle.db, gateway, second), second);
    const tooSoon = stillPending.filter((p) => {
      const at = gateway.askedAt.get(p.gatewayOrderId) ?? [];
      return at.some((t, i) => i > 0 && t - at[i - 1]! < RECHECK_MS);
    });
    expect(tooSoon.map((p) => p.id)).toEqual([]);
    // A minute after their questions, each is asked once more: none missed.
    const third = new Date(t0.getTime() + RECHECK_MS + 10_000);
    await gateway.timed(() => runPaymentJobs(handle.db, gateway, third), third);
    expect(askedCounts(gateway, stillPending)).toEqual(stillPending.map(() => 2));
  });

  it('asks nobody about an order younger than the reconcile delay', async () => {
    const gateway = new FakeGateway();
    const t0 = new Date(Date.now() + 20 * MINUTE);
    const pending = await insertPendingOrders(handle.db, gateway, 3, t0, 0);
    await runPaymentJobs(handle.db, gateway, new Date(t0.getTime() - 60_000));
    expect(askedCounts(gateway, pending)).toEqual([0, 0, 0]);
  });
});
