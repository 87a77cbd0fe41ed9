/**
 * A crash in the middle of ordering, on PostgreSQL and on PGlite with its data on disk: twenty
 * customers place orders from twenty carts at once and the server is killed (SIGKILL) as the
 * first answer arrives. After a restart every order exists whole or not at all, and stock, carts,
 * credit, points and invoice numbers add up: each order has its lines and its stock movements,
 * a cart is either ordered (empty) or untouched, credit taken equals the credit orders, and
 * invoice numbers run 1..n without a gap. Each order owes its "confirmed" SMS exactly once (the
 * outbox row committed with it), and the restarted server sends what the killed one had not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '#lib/db/index.ts';
import { ApiClient } from '../helpers/api.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const ADDRESS = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: '',
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.5276',
  longitude: '76.2144',
};
const SHOPPERS = 20;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  ('rows' in (result as object) ? (result as { rows: Row[] }).rows : (result as Row[])) ?? [];

/** Kills the server's process at once, as a power cut would, and waits until it is gone. */
async function kill(server: RunningServer): Promise<void> {
  try {
    process.kill(server.pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
  await server.stop();
}

describe.each(testDatabaseKinds())('a crash while ordering on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('keeps every order whole or absent, and stock, carts, credit and points add up', async () => {
    let env: Record<string, string>;
    let open: () => Promise<DatabaseHandle>;
    if (kind === 'pglite') {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'farmfresh-crash-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      env = { PGLITE_DATA_DIR: dir };
      open = () => openDatabase({ pgliteDataDir: dir, databaseUrl: '' });
    } else {
      const { url, drop } = await createPostgresDatabase();
      cleanups.push(drop);
      env = { DATABASE_URL: url };
      open = () => openDatabase({ databaseUrl: url, maxConnections: 2 });
    }
    let server = await startServer(env);
    cleanups.push(() => server.stop());

    // Twenty customers, each with an address and a cart of two products; half pay by credit.
    const guest = new ApiClient(server.baseUrl);
    const listed = (await guest.get('/api/customer/products/0?pageSize=100&page=1')).body.data.products as {
      id: number;
      stock: number;
    }[];
    const stocked = listed.filter((p) => p.stock >= 100).slice(0, 2);
    expect(stocked).toHaveLength(2);
    const shoppers = await Promise.all(
      Array.from({ length: SHOPPERS }, async (_, i) => {
        const c = new ApiClient(server.baseUrl);
        await c.signUp();
        const addressId = (await c.post('/api/customer/add-address', { json: ADDRESS })).body.data.address.id;
        for (const p of stocked)
          await c.post('/api/customer/add-product', {
            multipart: { product_id: String(p.id), qty: String(1 + (i % 3)) },
          });
        const summary = (await c.get('/api/customer/checkout-summary')).body.data.summary;
        const id = (await c.get('/api/customer/profile')).body.data.user.id as number;
        return { c, id, addressId, paid: summary.paid_amount as string, mode: i % 2 ? 'credit' : 'cod' };
      }),
    );
    const stockBefore = new Map(
      (
        (await guest.get('/api/customer/products/0?pageSize=100&page=1')).body.data.products as {
          id: number;
          stock: number;
        }[]
      ).map((p) => [p.id, p.stock]),
    );

    // All twenty at once; the server dies as the first answer comes back.
    let killed: Promise<void> | null = null;
    const dying = server;
    const attempts = shoppers.map((s) =>
      s.c
        .post('/api/customer/place-order', {
          json: { address_id: s.addressId, payment_mode: s.mode, paid_amount: s.paid, points: '0' },
        })
        .then((r) => {
          killed ??= kill(dying);
          return r.status;
        })
        .catch(() => 'lost' as const),
    );
    const outcomes = await Promise.all(attempts);
    await (killed ?? kill(dying));
    // Some orders were answered, and some requests were cut by the kill.
    expect(outcomes.filter((o) => o === 201).length).toBeGreaterThanOrEqual(1);
    expect(outcomes.filter((o) => o === 'lost').length).toBeGreaterThanOrEqual(1);

    // It starts again on the same data and serves; its SMS dispatcher runs every second.
    server = await startServer({ ...env, JOB_ORDER_SMS_INTERVAL_SECONDS: '1' });
    const again = new ApiClient(server.baseUrl);
    expect((await again.get('/readyz')).status).toBe(200);
    expect((await again.get('/api/customer/products/0?pageSize=10&page=1')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 4000)); // a few dispatcher runs
    await server.stop();

    const handle = await open();
    try {
      const q = async (query: ReturnType<typeof sql>) => rowsOf(await handle.db.execute(query));
      // The shoppers' ids (the demo shop's own customer has orders of its own).
      const ids = sql.join(
        shoppers.map((s) => sql`${s.id}`),
        sql`, `,
      );
      const orders = await q(sql`
        SELECT o.id, o.customer_id, o.payment_mode, o.paid_amount_paise, o.subtotal_paise, o.invoice_number,
               (SELECT count(*)::int FROM order_items i WHERE i.order_id = o.id) AS lines,
               (SELECT coalesce(sum(i.total_amount_paise), 0)::int FROM order_items i WHERE i.order_id = o.id) AS items_total,
               (SELECT count(*)::int FROM stock_movements m WHERE m.order_id = o.id) AS movements
        FROM orders o WHERE o.customer_id IN (${ids})`);
      // Every order that answered 201 is there; every order there is whole.
      expect(orders.length).toBeGreaterThanOrEqual(outcomes.filter((o) => o === 201).length);
      expect(orders.length).toBeLessThanOrEqual(SHOPPERS);
      for (const o of orders) {
        expect(o.lines).toBe(2);
        expect(o.movements).toBe(2);
        expect(o.items_total).toBe(o.subtotal_paise);
        expect(o.invoice_number).toBeTruthy();
      }
      // Each order owes one "confirmed" SMS, sent by now unless the killed server had claimed it
      // (its lease then hands it to the next run a minute on): none lost, none owed twice.
      const sms = await q(sql`
        SELECT o.id,
               (SELECT count(*)::int FROM order_notifications n WHERE n.order_id = o.id AND n.event = 'confirmed') AS owed,
               (SELECT count(*)::int FROM order_notifications n WHERE n.order_id = o.id AND n.event = 'confirmed'
                  AND (n.sent_at IS NOT NULL OR (n.attempts = 1 AND n.next_attempt_at > now()))) AS sent_or_leased
        FROM orders o WHERE o.customer_id IN (${ids})`);
      for (const o of sms) expect([o.owed, o.sent_or_leased]).toEqual([1, 1]);
      // Invoice numbers 1..n, no gap and no double.
      const serials = orders.map((o) => Number(String(o.invoice_number).slice(-6))).sort((a, b) => a - b);
      expect(serials).toEqual(orders.map((_, i) => i + 1));

      // Stock: what left equals what was ordered, and the movements say the same.
      for (const p of stocked) {
        const [row] = await q(sql`
          SELECT p.stock,
                 (SELECT coalesce(sum(i.qty), 0)::int FROM order_items i JOIN orders o ON o.id = i.order_id
                   WHERE i.product_id = p.id AND o.customer_id IN (${ids})) AS ordered,
                 (SELECT coalesce(sum(m.delta), 0)::int FROM stock_movements m JOIN orders o ON o.id = m.order_id
                   WHERE m.product_id = p.id AND o.customer_id IN (${ids})) AS moved
          FROM products p WHERE p.id = ${p.id}`);
        expect(stockBefore.get(p.id)! - Number(row!.stock)).toBe(row!.ordered);
        expect(row!.moved).toBe(-Number(row!.ordered));
      }

      // Carts: ordered ones are empty, the others hold their two lines. Credit and points add up.
      const customers = await q(sql`
        SELECT c.id, c.credit_limit_paise, c.credit_balance_paise, c.points_balance,
               (SELECT count(*)::int FROM cart_items ci WHERE ci.customer_id = c.id) AS cart_lines,
               (SELECT count(*)::int FROM orders o WHERE o.customer_id = c.id) AS orders,
               (SELECT coalesce(sum(o.paid_amount_paise), 0)::int FROM orders o WHERE o.customer_id = c.id AND o.payment_mode = 'Credit') AS credit_ordered,
               (SELECT coalesce(sum(t.amount_paise), 0)::int FROM credit_transactions t WHERE t.customer_id = c.id AND t.kind = 'debit') AS credit_debited,
               (SELECT coalesce(sum(t.delta), 0)::int FROM points_transactions t WHERE t.customer_id = c.id) AS points_moved
        FROM customers c WHERE c.id IN (${ids})`);
      expect(customers).toHaveLength(SHOPPERS);
      for (const c of customers) {
        expect(c.orders === 0 || c.orders === 1).toBe(true);
        expect(c.cart_lines).toBe(c.orders === 1 ? 0 : 2);
        expect(Number(c.credit_limit_paise) - Number(c.credit_balance_paise)).toBe(c.credit_ordered);
        expect(c.credit_debited).toBe(c.credit_ordered);
        expect(c.points_balance).toBe(c.points_moved);
      }
    } finally {
      await handle.close();
    }
  }, 240_000);
});
