/**
 * The order contains exactly what the checkout page showed:
 * checkout-summary answers the items it priced and their cart_version; place-order with a
 * cart_version the cart no longer has answers 409 with the new items and makes no order, and the
 * next press with the new version orders the list the customer now sees. Over HTTP on every test
 * database.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';

const THRISSUR = {
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

type Product = { id: number; stock: number };

describe.each(inject('servers'))('cart version at checkout on $kind', ({ baseUrl }) => {
  let inStock: Product[];

  beforeAll(async () => {
    const guest = new ApiClient(baseUrl);
    const page = await guest.get('/api/customer/products/0?pageSize=100&page=1');
    inStock = (page.body.data.products as Product[]).filter((p) => p.stock >= 5);
    expect(inStock.length).toBeGreaterThan(2);
  });

  async function customerWithCart() {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const add = await c.post('/api/customer/add-address', { json: THRISSUR });
    expect(add.status).toBe(201);
    expect((await c.post('/api/customer/add-product', { json: { product_id: inStock[0]!.id, qty: 1 } })).status).toBe(
      200,
    );
    return { c, addressId: add.body.data.address.id as number };
  }

  it('answers the priced items with a cart_version that changes with the cart', async () => {
    const { c } = await customerWithCart();
    const first = (await c.get('/api/customer/checkout-summary')).body.data;
    expect(first.items.map((i: { product_id: number }) => i.product_id)).toEqual([inStock[0]!.id]);
    expect(first.summary.cart_version).toMatch(/^[0-9a-f]{16}$/);
    const again = (await c.get('/api/customer/checkout-summary')).body.data;
    expect(again.summary.cart_version).toBe(first.summary.cart_version);
    await c.post('/api/customer/add-product', { json: { product_id: inStock[0]!.id, qty: 1 } });
    const more = (await c.get('/api/customer/checkout-summary')).body.data;
    expect(more.items[0].qty).toBe(2);
    expect(more.summary.cart_version).not.toBe(first.summary.cart_version);
  });

  it('refuses an order for a list the page never showed, then orders the list it shows now', async () => {
    const { c, addressId } = await customerWithCart();
    const shown = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    // Another tab adds an item after the checkout page loaded.
    expect((await c.post('/api/customer/add-product', { json: { product_id: inStock[1]!.id, qty: 1 } })).status).toBe(
      200,
    );
    const body = {
      address_id: addressId,
      payment_mode: 'cod',
      paid_amount: shown.paid_amount,
      points: '0',
      cart_version: shown.cart_version,
    };
    const stale = await c.post('/api/customer/place-order', { json: body });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/Your cart has changed/);
    expect(stale.body.data.items.map((i: { product_id: number }) => i.product_id).sort()).toEqual(
      [inStock[0]!.id, inStock[1]!.id].sort(),
    );
    expect(stale.body.data.cart_version).not.toBe(shown.cart_version);
    expect((await c.get('/api/customer/my-orders')).body.data.orders).toHaveLength(0);

    const placed = await c.post('/api/customer/place-order', {
      json: { ...body, paid_amount: stale.body.data.paid_amount, cart_version: stale.body.data.cart_version },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.data.order.order_items).toHaveLength(2);
  });

  it('refuses the same total from a changed list too (version, not only the amount)', async () => {
    const { c, addressId } = await customerWithCart();
    const shown = (await c.get('/api/customer/checkout-summary')).body.data;
    // Swap the line for another product; the amount may even match, the list does not.
    expect((await c.post('/api/customer/clear-cart')).status).toBe(200);
    await c.post('/api/customer/add-product', { json: { product_id: inStock[2]!.id, qty: 1 } });
    const now = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const res = await c.post('/api/customer/place-order', {
      json: {
        address_id: addressId,
        payment_mode: 'cod',
        paid_amount: now.paid_amount,
        points: '0',
        cart_version: shown.summary.cart_version,
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.data.items.map((i: { product_id: number }) => i.product_id)).toEqual([inStock[2]!.id]);
  });

  it('answers 400 with a message for a malformed cart_version', async () => {
    const { c, addressId } = await customerWithCart();
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const res = await c.post('/api/customer/place-order', {
      json: { address_id: addressId, payment_mode: 'cod', paid_amount: s.paid_amount, cart_version: 'nope' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/cart_version must be/);
  });
});
