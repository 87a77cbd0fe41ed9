/**
 * The back office's catalogue, slots, promo codes and customers over HTTP, on every test
 * database: managers change them (validated: 400 bad input, 422 a broken rule, 409 a conflict),
 * packers and riders get 403 whatever they send, a customer's session 401, every change is in
 * the audit log with the staff member's name, and a price or stock change shows on the
 * storefront's product page within a second.
 */

import { request as httpRequest } from 'node:http';
import { decodeHTML } from 'entities';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatPaise } from '#lib/money.ts';
import { ApiClient } from '../helpers/api.ts';
import { createPostgresDatabase } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { DEMO_STAFF_PHONE, type StaffClient, staffClient } from './staff-helpers.ts';

const IMPORT_HEADER = 'index,product,category,sub_category,brand,sale_price,market_price,type,rating';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A product page as a visitor gets it (from the route cache when it is there), its character
 * references read as a browser reads them (Astro escapes `&`, `'` and `"` in texts).
 */
async function productPage(baseUrl: string, id: number): Promise<string> {
  const res = await fetch(`${baseUrl}/product/${id}`, { headers: { accept: 'text/html' } });
  return decodeHTML(await res.text());
}

describe.each(inject('servers'))('back-office catalogue on $kind', ({ baseUrl }) => {
  let owner: StaffClient;
  let manager: StaffClient;
  let packer: StaffClient;
  let rider: StaffClient;
  const patch = (client: ApiClient, path: string, json: unknown) => client.request('PATCH', path, { json });

  beforeAll(async () => {
    [owner, manager, packer, rider] = await Promise.all([
      staffClient(baseUrl, DEMO_STAFF_PHONE.owner),
      staffClient(baseUrl, DEMO_STAFF_PHONE.manager),
      staffClient(baseUrl, DEMO_STAFF_PHONE.packer),
      staffClient(baseUrl, DEMO_STAFF_PHONE.rider),
    ]);
  });

  /** The newest audit entries of a record, as the owner reads them. */
  async function auditOf(type: string, id: string | number) {
    const res = await owner.get(`/api/admin/audit?record_type=${type}&record_id=${encodeURIComponent(String(id))}`);
    expect(res.status).toBe(200);
    return res.body.data.entries as {
      action: string;
      staff_name: string;
      role: string;
      before: unknown;
      after: unknown;
    }[];
  }

  /** Posts `csv` to the import as the browser's form does: the file itself, as text/csv. */
  const importFile = (client: StaffClient, csv: string | Blob, updateStock = false, type = 'text/csv') =>
    fetch(`${baseUrl}/api/admin/products/import?update_stock=${updateStock}`, {
      method: 'POST',
      headers: { cookie: client.cookie!, origin: baseUrl, 'content-type': type, 'x-forwarded-for': client.ip },
      body: csv,
    });

  it('lets a manager change a price and a stock level; the product page shows both within a second', async () => {
    const list = await manager.get('/api/admin/products?filter=all');
    expect(list.status).toBe(200);
    const product = list.body.data.products.find(
      (p: { stock: number; isActive: boolean }) => p.isActive && p.stock > 0,
    );
    // The product page is cached before the change.
    await productPage(baseUrl, product.id);
    await productPage(baseUrl, product.id);
    const price = product.mrpPaise - 123;
    const res = await patch(manager, `/api/admin/products/${product.id}`, { price_paise: price, stock: 37 });
    expect(res.status).toBe(200);
    expect(res.body.data.product).toMatchObject({ pricePaise: price, stock: 37 });
    const changedAt = Date.now();
    let page = '';
    while (Date.now() - changedAt < 1_000) {
      page = await productPage(baseUrl, product.id);
      if (page.includes(formatPaise(price))) break;
      await sleep(50);
    }
    expect(page).toContain(formatPaise(price));
    expect(Date.now() - changedAt).toBeLessThan(1_000);
    const [entry] = await auditOf('product', product.id);
    expect(entry).toMatchObject({
      action: 'product.update',
      role: 'manager',
      before: { price_paise: product.pricePaise, stock: product.stock },
      after: { price_paise: price, stock: 37 },
    });
    expect(entry!.staff_name).toBeTruthy();
  });

  it('refuses bad input with 400 and a price above the MRP with 422', async () => {
    const bad = await patch(manager, '/api/admin/products/1', { price_paise: -5, stock: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      price_paise: 'The price must be more than ₹0.',
      stock: 'The stock must be a whole number.',
    });
    // A price of ₹0 would sell the product for nothing.
    const free = await patch(manager, '/api/admin/products/1', { price_paise: 0 });
    expect(free.status).toBe(400);
    expect(free.body.errors).toMatchObject({ price_paise: 'The price must be more than ₹0.' });
    const product = (await manager.get('/api/admin/products/1')).body.data.product;
    const above = await patch(manager, '/api/admin/products/1', { price_paise: product.mrpPaise + 1 });
    expect(above.status).toBe(422);
    expect(above.body.message).toBe('The price cannot be above the MRP.');
    expect((await patch(manager, '/api/admin/products/999999', { stock: 1 })).status).toBe(404);
    expect((await manager.get('/api/admin/products?filter=nope')).status).toBe(400);
  });

  it('answers 403 to a packer and a rider, whatever they send, and 401 to a customer', async () => {
    for (const client of [packer, rider]) {
      expect((await patch(client, '/api/admin/products/1', { price_paise: 1 })).status).toBe(403);
      expect((await patch(client, '/api/admin/products/1', 'not even json')).status).toBe(403);
      expect((await client.get('/api/admin/products')).status).toBe(403);
      expect((await client.get('/api/admin/slots')).status).toBe(403);
      expect((await client.post('/api/admin/promos', { json: {} })).status).toBe(403);
      expect((await client.get('/api/admin/customers?q=9447')).status).toBe(403);
      expect((await importFile(client, `${IMPORT_HEADER}\n1,Sneaky,Veg,Daily,,1.00,2.00,,\n`)).status).toBe(403);
      expect((await client.get('/api/admin/products/export')).status).toBe(403);
    }
    const customer = new ApiClient(baseUrl);
    await customer.signUp();
    expect((await patch(customer, '/api/admin/products/1', { price_paise: 1 })).status).toBe(401);
  });

  it('searches with the storefront engine and filters; exports CSV and imports it back with a report', async () => {
    const found = await manager.get('/api/admin/products?q=tomato');
    expect(found.status).toBe(200);
    expect(found.body.data.products[0].name.toLowerCase()).toContain('tomato');
    // A SKU that does not exist finds nothing (not the engine's guesses at its pieces); part of one finds its SKUs.
    const missing = await manager.get('/api/admin/products?q=FF-FRU-0011');
    expect(missing.body.data).toMatchObject({ products: [], total: 0 });
    const family = await manager.get('/api/admin/products?q=FF-FRU-01');
    expect(family.body.data.total).toBe(10);
    expect(family.body.data.products.every((p: { sku: string }) => p.sku.startsWith('FF-FRU-01'))).toBe(true);
    const low = await manager.get('/api/admin/products?filter=low_stock&stock_at_most=40');
    expect(low.body.data.products.every((p: { stock: number }) => p.stock <= 40)).toBe(true);

    const exported = await fetch(`${baseUrl}/api/admin/products/export`, {
      headers: { cookie: manager.cookie!, 'x-forwarded-for': manager.ip },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    const csv = await exported.text();
    expect(csv.split('\r\n')[0]).toMatch(/^sku,index,product,slug,category,sub_category,.*,images,stock$/);
    // The export is in the audit log, naming the manager and how many products it held.
    const managerId = (await manager.get('/api/admin/me')).body.data.staff.id;
    const managerEntries = (await owner.get(`/api/admin/audit?staff_id=${managerId}`)).body.data.entries;
    expect(managerEntries.find((e: { action: string }) => e.action === 'product.exported')).toMatchObject({
      staff_id: managerId,
      after: { products: csv.trim().split('\r\n').length - 1 },
    });

    // Two new rows typed under the export's columns (31 of them): one good but without its
    // declarations (added off sale), one refused.
    const typed = (sku: string, name: string, sale: string) =>
      [sku, '', name, '', 'Fruits', 'Exotic', '', sale, '150.00', ...Array(22).fill('')].join(',');
    const file = `${csv.trimEnd()}\r\n${typed('API-NEW-1', 'Fresh Jackfruit 1 kg', '120.00')}\r\n${typed('API-BAD-1', 'Bad Mango', '200.00')}\r\n`;
    const res = await importFile(manager, file);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toHaveProperty('progress');
    const last = lines.at(-1);
    expect(last.success).toBe(true);
    const productCount = csv.trim().split('\r\n').length - 1;
    expect(last.data).toEqual({
      created: 1,
      updated: 0,
      unchanged: productCount,
      skipped: 1,
      stock_updated: false,
      errors: [
        {
          // Spreadsheet rows: the header is row 1, the export's products follow, then the typed rows.
          row: productCount + 3,
          sku: 'API-BAD-1',
          name: 'Bad Mango',
          column: 'sale_price',
          message: 'sale_price 200.00 is above market_price 150.00',
        },
      ],
      held_off_sale: 1,
      held: [
        {
          row: productCount + 2,
          sku: 'API-NEW-1',
          name: 'Fresh Jackfruit 1 kg',
          column: 'manufacturer',
          message:
            "Added off sale: missing manufacturer's name and address, country of origin, food mark (veg, non-veg or not a food).",
        },
      ],
    });
    const [entry] = await auditOf('catalog', 'import');
    expect(entry).toMatchObject({ action: 'catalog.import', after: { added: 1, refused: 1 } });

    const broken = await importFile(manager, 'name,price\nx,1\n');
    expect(broken.status).toBe(422);
    expect((await broken.json()).message).toContain('The CSV header lacks the column(s)');
    // A photo chosen instead of the CSV: told it is not a CSV, not that its header lacks columns.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const photo = await importFile(manager, new Blob([jpeg]));
    expect(photo.status).toBe(422);
    expect((await photo.json()).message).toBe(
      'This file is not a CSV: export the products from a spreadsheet as CSV (UTF-8).',
    );
    const asJson = await importFile(manager, JSON.stringify({ csv: file }), false, 'application/json');
    expect(asJson.status).toBe(400);
    expect((await asJson.json()).message).toBe(
      'Send the CSV file itself as the request body, with Content-Type: text/csv.',
    );
  });

  it('takes a catalogue CSV above the usual 64 KB body cap on the import route only', async () => {
    const rows = Array.from(
      { length: 1500 },
      (_, i) => `${900_000 + i},Bulk Test Product ${i} 500 g,Bulk Test,Bulk Sub,Brand,45.00,50.00,Type,4.1`,
    );
    const csv = `${IMPORT_HEADER}\n${rows.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(65_536);
    const res = await importFile(manager, csv);
    expect(res.status).toBe(200);
    const last = JSON.parse((await res.text()).trim().split('\n').at(-1)!);
    expect(last).toMatchObject({ success: true, data: { created: 1500, updated: 0, skipped: 0, errors: [] } });
    // Other routes keep the usual cap.
    const big = await manager.post('/api/admin/promos', { json: { code: 'BIG', description: 'x'.repeat(70_000) } });
    expect(big.status).toBe(413);
  });

  it('refuses a file of more than 50,000 rows with 413 before writing any, and lists at most 50 refused rows', async () => {
    const countBefore = (await owner.get('/api/admin/products?filter=all')).body.data.total;
    const row = (i: number, sale = '45.00') => `${800_000 + i},Capped Item ${i},Cap Test,Cap Sub,,${sale},50.00,,`;
    const tooMany = `${IMPORT_HEADER}\n${Array.from({ length: 50_001 }, (_, i) => row(i)).join('\n')}\n`;
    const refused = await importFile(manager, tooMany);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({
      success: false,
      message: 'The file has more than 50,000 rows; split it, or import it with npm run catalog:import.',
    });
    expect((await owner.get('/api/admin/products?filter=all')).body.data.total).toBe(countBefore);
    expect((await owner.get('/api/admin/products?q=Capped%20Item')).body.data.products).toEqual([]);

    // Above 20 MB in 21,000 rows (an extra column of 1,000 characters each), sent in pieces without
    // a declared length, on a connection of its own (the server stops reading it at the cap):
    // refused as it arrives, nothing written.
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/api/admin/products/import`, {
        method: 'POST',
        agent: false,
        headers: {
          cookie: manager.cookie!,
          origin: baseUrl,
          'content-type': 'text/csv',
          'x-forwarded-for': manager.ip,
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (piece: string) => {
          body += piece;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', () => undefined); // an answer cut short never ends: the timeout below fails it
      });
      // The server closes the connection once it has answered, while the rest is still being
      // sent: the client's next write fails (EPIPE, ECONNRESET) around the time the answer is read.
      // That failure is expected; only a connection that ends with no answer at all fails the test.
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') return reject(err);
        setTimeout(() => reject(new Error(`no answer after ${err.code}`)), 5_000).unref();
      });
      req.write(`${IMPORT_HEADER},notes\n`);
      let next = 0;
      const send = () => {
        while (next < 21_000)
          if (!req.write(Array.from({ length: 500 }, () => `${row(next++)},${'n'.repeat(1000)}\n`).join(''))) {
            req.once('drain', send);
            return;
          }
        req.end();
      };
      send();
    });
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body).message).toBe('The request body is too large (limit 20480 KB).');
    expect((await owner.get('/api/admin/products?filter=all')).body.data.total).toBe(countBefore);

    // 60 rows with a sale price above the MRP among 40 good ones: the summary counts all, lists 50.
    const mixed = `${IMPORT_HEADER}\n${Array.from({ length: 100 }, (_, i) => row(i, i % 5 < 3 ? '60.00' : '45.00')).join('\n')}\n`;
    const res = await importFile(manager, mixed);
    expect(res.status).toBe(200);
    const last = JSON.parse((await res.text()).trim().split('\n').at(-1)!);
    expect(last.data).toMatchObject({ created: 40, skipped: 60 });
    expect(last.data.errors).toHaveLength(50);
    expect(last.data.errors[0]).toEqual({
      row: 2,
      sku: 'BB-800000',
      name: 'Capped Item 0',
      column: 'sale_price',
      message: 'sale_price 60.00 is above market_price 50.00',
    });
  });

  it("lists each zone's slots, closes and reopens one and changes its capacity, audited", async () => {
    const list = await manager.get('/api/admin/slots');
    expect(list.status).toBe(200);
    const zone = list.body.data.zones[0];
    const slot = zone.slots.find((s: { status: string }) => s.status !== 'closed') ?? zone.slots.at(-1);
    const path = `/api/admin/slots/${zone.zoneId}/${slot.id}`;
    const closed = await patch(manager, path, { closed: true });
    expect(closed.status).toBe(200);
    expect(closed.body.data.slot).toMatchObject({ status: 'closed', closedByShop: true, reason: 'Closed by the shop' });
    const sized = await patch(manager, path, { closed: false, capacity: slot.booked + 2 });
    expect(sized.body.data.slot).toMatchObject({ capacity: slot.booked + 2, closedByShop: false });
    expect((await patch(manager, path, { capacity: -1 })).status).toBe(400);
    expect((await patch(manager, path, {})).status).toBe(400);
    expect((await patch(manager, `/api/admin/slots/${zone.zoneId}/2001-01-01T07:00`, { closed: true })).status).toBe(
      404,
    );
    const entries = await auditOf('delivery_slot', `${zone.zoneId}/${slot.id}`);
    expect(entries.map((e) => e.action)).toEqual(['slot.reopen', 'slot.capacity', 'slot.close']);
  });

  it('creates promo codes, refuses a repeated or bad one, lists them and ends one early', async () => {
    const code = `API${Date.now() % 1_000_000}`;
    const created = await manager.post('/api/admin/promos', {
      json: {
        code,
        kind: 'amount',
        amount_off_paise: 5000,
        min_order_paise: 30000,
        max_uses: 10,
        per_customer_limit: 1,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.promo).toMatchObject({ code, amountOffPaise: 5000, state: 'active' });
    expect((await manager.post('/api/admin/promos', { json: { code, kind: 'percent', percent_off: 5 } })).status).toBe(
      409,
    );
    const bad = await manager.post('/api/admin/promos', { json: { code: 'X', kind: 'percent', percent_off: 500 } });
    expect(bad.status).toBe(400);
    const list = await manager.get('/api/admin/promos');
    expect(list.body.data.promos.map((p: { code: string }) => p.code)).toContain(code);
    const id = created.body.data.promo.id;
    const ended = await manager.post(`/api/admin/promos/${id}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.data.promo.state).toBe('ended');
    expect((await manager.post(`/api/admin/promos/${id}/end`)).status).toBe(409);
    expect((await auditOf('promo_code', id)).map((e) => e.action)).toEqual(['promo.end', 'promo.create']);
  });

  it('finds a customer and adjusts their credit and points once per idempotency key, audited', async () => {
    expect((await manager.get('/api/admin/customers?q=94')).status).toBe(400);
    const found = await manager.get('/api/admin/customers?q=9447000001');
    expect(found.status).toBe(200);
    const customer = found.body.data.customers[0];
    const detail = await manager.get(`/api/admin/customers/${customer.id}`);
    expect(detail.status).toBe(200);
    // The look-up is audited by id: the customer's page, and the search without the number typed.
    expect((await auditOf('customer', customer.id)).map((e) => e.action)).toContain('customer.viewed');
    const managerId = (await manager.get('/api/admin/me')).body.data.staff.id;
    const searched = (await owner.get(`/api/admin/audit?staff_id=${managerId}`)).body.data.entries.find(
      (e: { action: string; after: { customer_ids?: number[] } }) =>
        e.action === 'customer.searched' && e.after.customer_ids?.includes(customer.id),
    );
    expect(searched).toMatchObject({ after: { by: 'mobile', results: 1 } });
    expect(JSON.stringify(searched)).not.toContain('9447000001');
    const before = detail.body.data.customer;
    const key = `api-points-${Date.now()}`;
    const body = { points: 25, reason: 'Sorry for the late delivery', idempotency_key: key };
    const [a, b] = await Promise.all([
      manager.post(`/api/admin/customers/${customer.id}/points`, { json: body }),
      manager.post(`/api/admin/customers/${customer.id}/points`, { json: body }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.replayed, b.body.data.replayed].sort()).toEqual([false, true]);
    expect(a.body.data.customer.pointsBalance).toBe(before.pointsBalance + 25);
    expect(b.body.data.customer.pointsBalance).toBe(before.pointsBalance + 25);
    const reused = await manager.post(`/api/admin/customers/${customer.id}/points`, { json: { ...body, points: 26 } });
    expect(reused.status).toBe(422);
    const credit = await manager.post(`/api/admin/customers/${customer.id}/credit`, {
      json: { amount_paise: 10000, reason: 'Goodwill for a damaged item', idempotency_key: `api-credit-${Date.now()}` },
    });
    expect(credit.status).toBe(200);
    expect(credit.body.data.customer.creditBalancePaise).toBe(before.creditBalancePaise + 10000);
    const tooMuch = await manager.post(`/api/admin/customers/${customer.id}/credit`, {
      json: { amount_paise: -100_000_000 + 1, reason: 'Mistake', idempotency_key: `api-credit-x-${Date.now()}` },
    });
    expect(tooMuch.status).toBe(400);
    const entries = await auditOf('customer', customer.id);
    expect(entries.slice(0, 2).map((e) => e.action)).toEqual(['customer.credit_adjust', 'customer.points_adjust']);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('an admin price and stock change on two server processes', () => {
  let server: RunningServer;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    server = await startServer({ DATABASE_URL: created.url, WEB_CONCURRENCY: '2' });
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it('shows on the product page from every process within a second, caches included', async () => {
    const manager = await staffClient(server.baseUrl, DEMO_STAFF_PHONE.manager);
    const list = await manager.get('/api/admin/products');
    const product = list.body.data.products.find(
      (p: { stock: number; isActive: boolean }) => p.isActive && p.stock > 0,
    );
    // Every process has the page cached (requests spread over both).
    const pages = () => Promise.all(Array.from({ length: 6 }, () => productPage(server.baseUrl, product.id)));
    for (let round = 0; round < 3; round++) await pages();
    const price = product.mrpPaise - 77;
    const res = await manager.request('PATCH', `/api/admin/products/${product.id}`, {
      json: { price_paise: price, stock: 0 },
    });
    expect(res.status).toBe(200);
    const changedAt = Date.now();
    let texts: string[] = [];
    while (Date.now() - changedAt < 1_000) {
      texts = await pages();
      if (texts.every((t) => t.includes(formatPaise(price)) && t.includes('Out of Stock'))) break;
      await sleep(50);
    }
    for (const text of texts) {
      expect(text).toContain(formatPaise(price));
      expect(text).toContain('Out of Stock');
    }
    expect(Date.now() - changedAt).toBeLessThan(1_000);
  });
});
