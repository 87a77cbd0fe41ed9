/**
 * The payments job on two built server processes sharing one scratch PostgreSQL database, with
 * Razorpay played by a counting stub (a small HTTP server speaking the part of its REST API the
 * job calls). Online orders await payment; the job, started by each server's warm-up request and
 * run once per interval between the two, asks the stub about each order at most once a minute and
 * misses none:
 * - orders never asked are each asked once;
 * - orders asked a little under a minute before the window are each asked once more, and only
 *   after their minute has passed;
 * - nothing else reaches the gateway, and no run logs a failure.
 * Each server has its own test key id, so the stub tells from the Basic auth which process asked.
 * Skipped without TEST_DATABASE_URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#lib/db/index.ts';
import { orders } from '#lib/db/schema.ts';
import { createPostgresDatabase } from '../helpers/database.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';
import { insertPendingOrders, type PendingOrder } from '../helpers/pending-orders.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

/** The job's interval on both servers: the shortest the configuration allows. */
const INTERVAL_SECONDS = 5;
/** The minute the job leaves between two questions about one order (RECHECK_MS). */
const MINUTE_MS = 60_000;
/** Orders never asked, and orders asked shortly before the window. */
const FRESH = 80;
const ASKED_BEFORE = 40;
const KEY_SECRET = 'stub_secret';
const KEY_IDS = { a: 'rzp_test_TwoProcServerA', b: 'rzp_test_TwoProcServerB' } as const;
type Server = keyof typeof KEY_IDS;

/** One request the stub received. */
interface Request {
  method: string;
  path: string;
  /** Which server asked (by its key id), or null for a request without the shop's credentials. */
  server: Server | null;
  at: number;
}

/** The server whose key id and secret a Basic authorization header carries. */
function serverOf(authorization: string | undefined): Server | null {
  if (!authorization?.startsWith('Basic ')) return null;
  const [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString().split(':');
  if (secret !== KEY_SECRET) return null;
  return (Object.keys(KEY_IDS) as Server[]).find((s) => KEY_IDS[s] === id) ?? null;
}

/**
 * The counting gateway: answers GET /v1/orders/{id}/payments with an empty collection (nobody
 * paid, so the orders stay pending) and records each question by gateway order id; anything
 * else gets Razorpay's error answer and is recorded as unexpected.
 */
function startGatewayStub() {
  const asked = new Map<string, Request[]>();
  const unexpected: Request[] = [];
  const server = http.createServer((req, res) => {
    const request: Request = {
      method: req.method ?? '',
      path: req.url ?? '',
      server: serverOf(req.headers.authorization),
      at: Date.now(),
    };
    const match = /^\/v1\/orders\/([^/?]+)\/payments$/.exec(request.path);
    res.setHeader('content-type', 'application/json');
    if (request.method === 'GET' && match && request.server) {
      const id = decodeURIComponent(match[1]!);
      asked.set(id, [...(asked.get(id) ?? []), request]);
      res.end(JSON.stringify({ entity: 'collection', count: 0, items: [] }));
      return;
    }
    unexpected.push(request);
    res.statusCode = request.server ? 404 : 401;
    res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'not served by the test gateway' } }));
  });
  return {
    asked,
    unexpected,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('the payments job on two server processes on PostgreSQL', () => {
  const stub = startGatewayStub();
  const servers: RunningServer[] = [];
  const logs: Record<Server, string[]> = { a: [], b: [] };
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const apiUrl = await stub.listen();
    const created = await createPostgresDatabase();
    drop = created.drop;
    const envOf = (who: Server) => ({
      DATABASE_URL: created.url,
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: KEY_IDS[who],
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: 'stub_webhook_secret',
      RAZORPAY_API_URL: apiUrl,
      JOB_PAYMENTS_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
    });
    servers.push(
      ...(await Promise.all((['a', 'b'] as const).map((who) => startServer(envOf(who), { logs: logs[who] })))),
    );
    // The servers migrated the database; the test writes its orders through a small pool.
    handle = await openDatabase({ databaseUrl: created.url, maxConnections: 2 });
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await handle?.close();
    await stub.close();
    await drop?.();
  });

  it('asks the gateway about each pending order at most once a minute and misses none', async () => {
    // Both servers took requests (their own warm-up, then these), so both started their jobs.
    for (const s of servers) expect((await fetch(`${s.baseUrl}/readyz`)).status).toBe(200);

    // Only for its gateway order ids: the servers ask the stub.
    const ids = new FakeGateway();
    const start = Date.now();
    // Never asked, awaiting payment for over the reconcile delay (and well within the pending time).
    const fresh = await insertPendingOrders(handle.db, ids, FRESH, new Date(start), 3 * MINUTE_MS);
    // Asked shortly before the window: inserted too young to be due, then, in one statement, made
    // due and stamped as asked 52 to 57 s ago, so their minute ends one by one early in the window.
    const earlier = await insertPendingOrders(handle.db, ids, ASKED_BEFORE, new Date(start), 0);
    const firstStamp = start - MINUTE_MS + 3000;
    const stepMs = 5000 / ASKED_BEFORE;
    const minId = Math.min(...earlier.map((o) => o.id));
    await handle.db
      .update(orders)
      .set({
        createdAt: sql`${orders.createdAt} - interval '3 minutes'`,
        paymentCheckedAt: sql`${new Date(firstStamp).toISOString()}::timestamptz + (${orders.id} - ${minId}) * ${`${stepMs} milliseconds`}::interval`,
      })
      .where(
        inArray(
          orders.id,
          earlier.map((o) => o.id),
        ),
      );
    const stampOf = (o: PendingOrder) => firstStamp + (o.id - minId) * stepMs;
    const pending = [...fresh, ...earlier];

    // Until every order was asked about (or 30 s), then two intervals more: at least one more run.
    const deadline = Date.now() + 30_000;
    while (pending.some((o) => !stub.asked.has(o.gatewayOrderId)) && Date.now() < deadline) await sleep(200);
    await sleep(2 * INTERVAL_SECONDS * 1000);
    const windowMs = Date.now() - start;
    const asks = (o: PendingOrder) => stub.asked.get(o.gatewayOrderId) ?? [];

    // Which process asked how often (the runs go to whichever fetched them), for the messages.
    const byServer = { a: 0, b: 0 };
    for (const o of pending) for (const r of asks(o)) byServer[r.server!]++;
    const split = `questions by server a and b: ${byServer.a} and ${byServer.b}`;

    expect(stub.unexpected).toEqual([]);
    // None missed, none asked twice: the window is shorter than the minute between two questions.
    expect(windowMs).toBeLessThan(MINUTE_MS);
    expect(
      pending.map((o) => asks(o).length),
      split,
    ).toEqual(pending.map(() => 1));
    // The orders asked before the window were asked again only once their minute had passed.
    expect(
      earlier.filter((o) => asks(o)[0]!.at < stampOf(o) + MINUTE_MS).map((o) => o.id),
      split,
    ).toEqual([]);
    // No run of the job failed or could not reach the gateway or the database.
    expect([...logs.a, ...logs.b].filter((line) => /failed|could not/.test(line))).toEqual([]);
  }, 60_000);
});
