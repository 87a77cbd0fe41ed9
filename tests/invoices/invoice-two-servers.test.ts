/**
 * Invoice numbers through two server processes on one PostgreSQL (servers keep no state of their
 * own, so any number of them share one database): five orders placed at once get five distinct
 * consecutive numbers, one per order, the same whichever server the invoice is downloaded from, and
 * the counter ends where the numbers do.
 */

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import { createPostgresDatabase } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const ADDRESS = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: null,
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.52',
  longitude: '76.21',
};

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'invoice numbers through two server processes on one PostgreSQL',
  () => {
    const servers: RunningServer[] = [];
    let drop: (() => Promise<void>) | undefined;
    let admin: pg.Client;
    beforeAll(async () => {
      const created = await createPostgresDatabase();
      drop = created.drop;
      servers.push(
        ...(await Promise.all([
          startServer({ DATABASE_URL: created.url }),
          startServer({ DATABASE_URL: created.url }),
        ])),
      );
      admin = new pg.Client({ connectionString: created.url });
      await admin.connect();
    }, 180_000);
    afterAll(async () => {
      await admin?.end();
      await Promise.all(servers.map((s) => s.stop()));
      await drop?.();
    });

    it('numbers five orders placed at once 1 to 5, one number each, read alike on both servers', async () => {
      const { rows } = await admin.query<{ id: number }>(
        'SELECT id FROM products WHERE stock > 20 ORDER BY id LIMIT 1',
      );
      const orders = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const c = new ApiClient(servers[0]!.baseUrl);
          await c.signUp();
          const address = await c.post('/api/customer/add-address', { json: ADDRESS });
          await c.post('/api/customer/add-product', { multipart: { product_id: String(rows[0]!.id), qty: '1' } });
          const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
          const placed = await c.post('/api/customer/place-order', {
            json: {
              address_id: address.body.data.address.id,
              payment_mode: 'cod',
              paid_amount: s.paid_amount,
              points: '0',
            },
          });
          return { token: c.token!, ip: c.ip, id: placed.body.data.order.id as number };
        }),
      );
      const downloads = await Promise.all(
        orders.flatMap((o) =>
          servers.map(async (server) => {
            const res = await fetch(`${server.baseUrl}/api/customer/orders/${o.id}/invoice`, {
              headers: { authorization: `Bearer ${o.token}`, 'x-forwarded-for': o.ip },
            });
            await res.arrayBuffer();
            return { id: o.id, status: res.status, name: res.headers.get('content-disposition') };
          }),
        ),
      );
      expect(downloads.every((d) => d.status === 200)).toBe(true);
      const byOrder = new Map<number, Set<string | null>>();
      for (const d of downloads) byOrder.set(d.id, (byOrder.get(d.id) ?? new Set()).add(d.name));
      expect([...byOrder.values()].every((names) => names.size === 1)).toBe(true);
      const serials = [...byOrder.values()]
        .map((names) => Number(/(\d{6})\.pdf/.exec([...names][0]!)![1]))
        .sort((a, b) => a - b);
      expect(serials).toEqual([1, 2, 3, 4, 5]);
      const counter = await admin.query<{ n: number }>('SELECT last_number AS n FROM invoice_counters');
      expect(counter.rows).toEqual([{ n: 5 }]);
    }, 60_000);
  },
);
