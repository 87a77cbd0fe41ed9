/**
 * Background jobs once across processes, on PostgreSQL: two job runners (pg-boss, as two server
 * processes start them) share one scratch database, coordinating only through it.
 * - The payments job, on a one-second interval in each, runs about once per interval between the
 *   two (not twice), and asks a counting gateway about every pending order exactly once in the
 *   window (each at most once a minute, none missed).
 * - An order SMS queued by a server that stopped before sending it is sent by the runners, once.
 * Skipped without TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchOrderSms, queueOrderSms } from '#features/notifications/server/order-sms.ts';
import { runPaymentJobs } from '#features/payments/server/payment-jobs.ts';
import { renderSms, type SmsMessage, type SmsSender, setSmsSenderForTests } from '#features/sms/index.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { customers, orderNotifications, orders } from '#lib/db/schema.ts';
import { createPgBossRunner, type JobDefinition, type JobRunner } from '#lib/jobs/index.ts';
import { createPostgresDatabase } from '../helpers/database.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { askedCounts, insertPendingOrders, type PendingOrder } from '../helpers/pending-orders.ts';

const INTERVAL_MS = 1000;
const PENDING = 120;

class CountingSender implements SmsSender {
  readonly kind = 'http' as const;
  sent: { to: string; message: string }[] = [];
  async send(to: string, message: SmsMessage): Promise<void> {
    this.sent.push({ to, message: message.text });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('background jobs across two runners on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  let handle: DatabaseHandle;
  const gateway = new FakeGateway();
  const sender = new CountingSender();
  let pending: PendingOrder[];
  let smsOrder: { id: number; phone: string };
  const runs = { a: 0, b: 0 };
  const runners: JobRunner[] = [];

  /** The jobs one server registers, each run counted for runner `who`. */
  const jobsOf = (who: 'a' | 'b'): JobDefinition[] => [
    {
      name: 'payments',
      intervalMs: INTERVAL_MS,
      run: async (db) => {
        runs[who]++;
        return runPaymentJobs(db, gateway);
      },
    },
    { name: 'order-sms', intervalMs: INTERVAL_MS, run: (db) => dispatchOrderSms(db) },
  ];

  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    handle = await openDatabase({ databaseUrl: url, maxConnections: 5 });
    await migrateDatabase(handle);
    setSmsSenderForTests(sender);
    pending = await insertPendingOrders(handle.db, gateway, PENDING, new Date(), 3 * 60_000);
    // A cash order whose "confirmed" SMS committed with it; its server stopped before sending it.
    const phone = '+919812345678';
    const [c] = await handle.db.insert(customers).values({ name: 'Asha', phone }).returning();
    const [o] = await handle.db
      .insert(orders)
      .values({ customerId: c!.id, paymentMode: 'Cash', subtotalPaise: 5000, paidAmountPaise: 5000 })
      .returning({ id: orders.id });
    await queueOrderSms(handle.db, o!.id, 'confirmed');
    smsOrder = { id: o!.id, phone };
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop(10_000)));
    setSmsSenderForTests(undefined);
    await handle?.close();
    await drop?.();
  });

  it('runs the payments job once per interval between them, asks about each order once, sends the SMS once', async () => {
    const getDb = async () => handle.db;
    for (const who of ['a', 'b'] as const)
      runners.push(createPgBossRunner(jobsOf(who), getDb, { connectionString: url, poolMax: 2 }));
    const started = performance.now();
    await Promise.all(runners.map((r) => r.start()));
    // Until every pending order was asked about (or 30 s), then five more intervals.
    const deadline = Date.now() + 30_000;
    while (askedCounts(gateway, pending).some((n) => n === 0) && Date.now() < deadline) await sleep(200);
    await sleep(5 * INTERVAL_MS);
    const elapsedMs = performance.now() - started;
    await Promise.all(runners.map((r) => r.stop(10_000)));

    // None missed, none asked twice within the minute.
    expect(askedCounts(gateway, pending)).toEqual(pending.map(() => 1));
    // Once per interval between the two runners: at most one run per one-second slot, so never
    // the two runners' sum of one run each per interval.
    const slots = Math.ceil(elapsedMs / INTERVAL_MS) + 1;
    expect(runs.a + runs.b).toBeGreaterThan(2);
    expect(runs.a + runs.b).toBeLessThanOrEqual(slots);
    // The SMS the stopped server owed: sent once, recorded as sent.
    expect(sender.sent).toEqual([
      { to: smsOrder.phone, message: renderSms('order_confirmed', 'en', { order: String(smsOrder.id) }).text },
    ]);
    const [note] = await handle.db.select().from(orderNotifications).where(eq(orderNotifications.orderId, smsOrder.id));
    expect(note).toMatchObject({ attempts: 1 });
    expect(note!.sentAt).toBeInstanceOf(Date);
  }, 90_000);
});
