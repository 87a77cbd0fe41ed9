/**
 * Delivery over HTTP, on PGlite (one server) and PostgreSQL (two server processes on
 * one database), with a zones file whose central windows take 2 orders each: the PIN-code check
 * (entered, kept in ff_pin; else the default address), the slots listing, the zone's fee and
 * minimum in the cart and checkout, an address outside every zone quoted no delivery fee and
 * refused by place-order (422), place-order's slot checks (400 malformed or not offered,
 * 409 full), 8 parallel orders split across the servers for one slot of capacity 2 making
 * exactly 2 orders, and a cancelled order's place taken again.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import testZones from '../fixtures/zones.json' with { type: 'json' };
import { ApiClient } from '../helpers/api.ts';
import { createPostgresDatabase } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const ADDRESS = {
  type: 'home',
  name: 'Buyer',
  mobile: '+919800000000',
  building_num: '1',
  street: 'MG Road',
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.52',
  longitude: '76.21',
};
const FULL = 'That delivery slot is full. Please choose another slot.';

function zonesFile(): string {
  const small = {
    ...testZones,
    slotTemplates: {
      ...testZones.slotTemplates,
      city: {
        ...testZones.slotTemplates.city,
        windows: testZones.slotTemplates.city.windows.map((w) => ({ ...w, capacity: 2 })),
      },
    },
  };
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'zones-')), 'zones.json');
  writeFileSync(file, JSON.stringify(small));
  return file;
}

const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe.each(kinds)('delivery API on %s', (kind) => {
  const servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  let productId = 0;
  const env = { DELIVERY_ZONES_FILE: zonesFile() };

  beforeAll(async () => {
    if (kind === 'pglite') servers.push(await startServer(env));
    else {
      const created = await createPostgresDatabase();
      drop = created.drop;
      servers.push(
        ...(await Promise.all([
          startServer({ ...env, DATABASE_URL: created.url }),
          startServer({ ...env, DATABASE_URL: created.url }),
        ])),
      );
    }
    const home = await new ApiClient(servers[0]!.baseUrl).get('/api/customer/home');
    productId =
      home.body.data.products.find((p: { stock: number }) => p.stock > 50)?.id ?? home.body.data.products[0].id;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  });

  const server = (i: number) => servers[i % servers.length]!.baseUrl;

  /** A signed-up customer with an address at `pin` and `qty` of the product in the cart. */
  async function buyer(i: number, pin = '680001', qty = 1) {
    const c = new ApiClient(server(i));
    await c.signUp();
    const address = await c.post('/api/customer/add-address', { json: { ...ADDRESS, po_box: pin } });
    expect(address.status).toBe(201);
    expect(
      (await c.post('/api/customer/add-product', { multipart: { product_id: String(productId), qty: String(qty) } }))
        .status,
    ).toBe(200);
    const addressId = address.body.data.address.id as number;
    const summary = await c.get(`/api/customer/checkout-summary?address_id=${addressId}`);
    return { c, addressId, summary: summary.body.data };
  }
  const order = (b: Awaited<ReturnType<typeof buyer>>, slot?: string) =>
    b.c.post('/api/customer/place-order', {
      json: {
        address_id: b.addressId,
        payment_mode: 'cod',
        paid_amount: b.summary.summary.paid_amount,
        points: '0',
        delivery_slot: slot,
      },
    });

  it('checks a PIN code, keeps it in ff_pin and answers it back; a bad one is a 400', async () => {
    const guest = new ApiClient(server(0));
    expect((await guest.get('/api/customer/deliver-to')).body.data).toEqual({ check: null });
    const set = await guest.post('/api/customer/deliver-to', { json: { pin: '680001' } }, { origin: server(0) });
    expect(set.status).toBe(200);
    expect(set.headers.get('set-cookie')).toMatch(/^ff_pin=680001; Max-Age=31536000; Path=\/; SameSite=Lax/);
    expect(set.body.data.check).toMatchObject({
      pin: '680001',
      deliverable: true,
      message: 'We deliver to 680001 (Central Thrissur).',
      zone: { delivery_fee: 40, free_delivery_from: 499, min_order: 0 },
    });
    expect(set.body.data.check.earliest_slot.label).toMatch(/^(today|tomorrow) \d/);
    const again = await guest.get('/api/customer/deliver-to', { cookie: 'ff_pin=680555' });
    expect(again.body.data.check).toMatchObject({
      pin: '680555',
      source: 'entered',
      zone: { name: 'Greater Thrissur', delivery_fee: 60, min_order: 299 },
    });
    const far = await guest.post('/api/customer/deliver-to', { json: { pin: '110001' } });
    expect(far.body.data.check).toMatchObject({
      deliverable: false,
      message: 'Sorry, we do not deliver to 110001 yet.',
      zone: null,
      earliest_slot: null,
    });
    const bad = await guest.post('/api/customer/deliver-to', { json: { pin: '68001' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Please enter a 6-digit PIN code.']);
  });

  it("uses a signed-in customer's default address without an entered PIN code, and its zone's fee and minimum in the cart", async () => {
    const b = await buyer(0, '680555', 1);
    expect((await b.c.get('/api/customer/deliver-to')).body.data.check).toMatchObject({
      pin: '680555',
      source: 'address',
      zone: { id: 'thrissur-outer' },
    });
    const cart = (await b.c.get('/api/customer/my-cart')).body.data.summary;
    expect(cart).toMatchObject({
      delivery_fee: 60,
      free_delivery_from: 799,
      min_order: 299,
      delivery_estimate_zone: null,
    });
    expect(cart.min_order_remaining).toBeGreaterThan(0);
    expect(b.summary.summary.delivery_fee).toBe('60.00');
    expect(b.summary.delivery).toMatchObject({ zone: 'Greater Thrissur', min_order: '299.00' });
    const refused = await order(b);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(
      /^The minimum order for delivery to Greater Thrissur is ₹299\.00\. Please add ₹[\d,.]+ more to your cart\.$/,
    );
  });

  it('names the zone its figures are for while no address or PIN code is known, and none once one is', async () => {
    const c = new ApiClient(server(0));
    await c.signUp();
    expect(
      (await c.post('/api/customer/add-product', { multipart: { product_id: String(productId), qty: '1' } })).status,
    ).toBe(200);
    const cart = (await c.get('/api/customer/my-cart')).body.data.summary;
    expect(cart).toMatchObject({ delivery_fee: 40, delivery_estimate_zone: 'Central Thrissur' });
    const checkout = (await c.get('/api/customer/checkout-summary')).body.data;
    expect(checkout).toMatchObject({ delivery: null, delivery_estimate_zone: 'Central Thrissur' });
    expect(checkout.summary.delivery_fee).toBe('40.00');

    const cookie = 'ff_pin=680555';
    const known = (await c.get('/api/customer/my-cart', { cookie })).body.data.summary;
    expect(known).toMatchObject({ delivery_fee: 60, delivery_estimate_zone: null });
    const knownCheckout = (await c.get('/api/customer/checkout-summary', { cookie })).body.data;
    expect(knownCheckout).toMatchObject({ delivery: { zone: 'Greater Thrissur' }, delivery_estimate_zone: null });
    // A PIN code outside every zone is known too: no estimate is named for it.
    const far = (await c.get('/api/customer/checkout-summary', { cookie: 'ff_pin=110001' })).body.data;
    expect(far).toMatchObject({ delivery: null, delivery_estimate_zone: null });
  });

  it('quotes no delivery fee for an address outside every zone, and place-order refuses it with a 422 saying why', async () => {
    const b = await buyer(1, '110001', 1);
    expect(b.summary.delivery).toBeNull();
    expect(b.summary.delivery_estimate_zone).toBeNull();
    expect(b.summary.summary.delivery_fee).toBe('0.00');
    expect(b.summary.summary.paid_amount).toBe(b.summary.summary.subtotal);
    // The default address is the one priced without address_id: the same figures.
    expect((await b.c.get('/api/customer/checkout-summary')).body.data.summary.delivery_fee).toBe('0.00');
    const refused = await order(b);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'Sorry, we do not deliver to 110001 yet. We deliver in Central Thrissur, Greater Thrissur (PIN codes 680xxx).',
    );
    expect((await b.c.get('/api/customer/my-orders')).body.data.orders).toEqual([]);
    expect((await b.c.get('/api/customer/my-cart')).body.data.my_cart).toHaveLength(1);
  });

  it('lists the slots of a PIN code with their status; outside every zone is a 422', async () => {
    const guest = new ApiClient(server(0));
    const res = await guest.get('/api/customer/delivery-slots?pin=680001');
    expect(res.status).toBe(200);
    expect(res.body.data.zone).toEqual({ id: 'thrissur-central', name: 'Central Thrissur' });
    expect(res.body.data.slots).toHaveLength(15);
    for (const s of res.body.data.slots)
      expect(s.status === 'open' ? s.reason === null : typeof s.reason === 'string').toBe(true);
    const far = await guest.get('/api/customer/delivery-slots?pin=110001');
    expect([far.status, far.body.message]).toEqual([422, 'Sorry, we do not deliver to 110001 yet.']);
    expect((await guest.get('/api/customer/delivery-slots?pin=abc')).status).toBe(400);
  });

  it('refuses a malformed slot id and one the zone does not offer with a 400', async () => {
    const b = await buyer(0);
    const malformed = await order(b, 'tomorrow');
    expect([malformed.status, malformed.body.message]).toEqual([
      400,
      'delivery_slot must be a slot id from the slots list, e.g. "2026-11-26T07:00".',
    ]);
    const unknown = await order(b, '2020-01-01T07:00');
    expect([unknown.status, unknown.body.message]).toEqual([
      400,
      'That delivery slot is not offered for this address. Please choose another slot.',
    ]);
  });

  it('puts exactly 2 orders in a slot of capacity 2 when 8 arrive at once across the servers; a cancelled one frees its place', async () => {
    const slots = (await new ApiClient(server(0)).get('/api/customer/delivery-slots?pin=680001')).body.data.slots as {
      id: string;
      status: string;
    }[];
    const slot = slots.filter((s) => s.status === 'open').at(-1)!.id;
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => buyer(i)));
    const results = await Promise.all(buyers.map((b) => order(b, slot)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.message === FULL)).toBe(true);
    const placed = results.filter((r) => r.status === 201).map((r) => r.body.data.order);
    expect(placed.every((o: { delivery_slot: { id: string } }) => o.delivery_slot.id === slot)).toBe(true);
    expect(
      (await new ApiClient(server(0)).get('/api/customer/delivery-slots?pin=680001')).body.data.slots.find(
        (s: { id: string }) => s.id === slot,
      ),
    ).toMatchObject({ status: 'full', reason: 'Full' });

    const winner = buyers[results.findIndex((r) => r.status === 201)]!;
    expect((await winner.c.post('/api/customer/cancel-order', { json: { order_id: placed[0].id } })).status).toBe(200);
    const late = buyers[results.findIndex((r) => r.status === 409)]!;
    const second = await order(late, slot);
    expect(second.status).toBe(201);
    expect(second.body.data.order.delivery_slot).toMatchObject({ id: slot, zone: 'Central Thrissur' });
    const listed = (await late.c.get('/api/customer/my-orders')).body.data.orders[0];
    expect(listed.delivery_slot.label).toMatch(/^\w{3} \d{1,2} \w{3}, /);
  });
});

describe('a delivery zones file that is not valid', () => {
  it('stops the server before it listens', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'zones-')), 'zones.json');
    writeFileSync(file, JSON.stringify({ slotTemplates: {}, zones: [] }));
    await expect(startServer({ DELIVERY_ZONES_FILE: file }, { waitFor: 'healthz' })).rejects.toThrow(
      /exited with code 1/,
    );
  });
});
