/**
 * Substitutions over HTTP on every test database: a cart line's own "if out of
 * stock" choice, the order-level choice sent with place-order, both stored with the order
 * (per order and per line) and read back; another customer's line is a 404, a bad value a 400.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SUBSTITUTION_INVALID } from '#features/cart/substitution.ts';
import { ApiClient, type ApiResult } from '../helpers/api.ts';

const THRISSUR = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: null,
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.5276',
  longitude: '76.2144',
};

describe.each(inject('servers'))('substitutions API on $kind', ({ baseUrl }) => {
  let products: { id: number }[];

  beforeAll(async () => {
    const guest = new ApiClient(baseUrl);
    const page = await guest.get('/api/customer/products/0?pageSize=100');
    products = (page.body.data.products as { id: number; stock: number; offer_price: number }[])
      .filter((p) => p.stock >= 100 && p.offer_price < 200)
      .slice(0, 3);
    expect(products).toHaveLength(3);
  });

  /** A new customer with an address and one unit of each of the three products in the cart. */
  async function customerWithCart() {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const address = await c.post('/api/customer/add-address', { json: THRISSUR });
    expect(address.status).toBe(201);
    let cart: ApiResult | undefined;
    for (const p of products)
      cart = await c.post('/api/customer/add-product', { multipart: { product_id: String(p.id), qty: '1' } });
    const lines = cart!.body.data.my_cart as { cart_id: number; product_id: number; substitution: string | null }[];
    return { c, addressId: address.body.data.address.id as number, lines };
  }

  async function place(c: ApiClient, addressId: number, extra: Record<string, unknown> = {}) {
    const summary = await c.get('/api/customer/checkout-summary');
    return c.post('/api/customer/place-order', {
      json: {
        address_id: addressId,
        payment_mode: 'cod',
        paid_amount: summary.body.data.summary.paid_amount,
        ...extra,
      },
    });
  }

  it('stores a line choice on the cart line, clears it back to the order choice, and needs a session', async () => {
    const { c, lines } = await customerWithCart();
    expect(lines.every((l) => l.substitution === null)).toBe(true);
    const set = await c.post('/api/customer/set-substitution', {
      json: { cart_id: lines[0]!.cart_id, substitution: 'call' },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.my_cart.find((l: { cart_id: number }) => l.cart_id === lines[0]!.cart_id).substitution).toBe(
      'call',
    );
    // Form posts work too, and the choice survives a fresh read of the cart.
    await c.post('/api/customer/set-substitution', {
      form: { cart_id: String(lines[1]!.cart_id), substitution: 'refund' },
    });
    const cart = await c.get('/api/customer/my-cart');
    expect(cart.body.data.my_cart.map((l: { substitution: string | null }) => l.substitution)).toEqual([
      'call',
      'refund',
      null,
    ]);
    const cleared = await c.post('/api/customer/set-substitution', {
      json: { cart_id: lines[0]!.cart_id, substitution: '' },
    });
    expect(cleared.body.data.my_cart[0].substitution).toBeNull();
    const guest = new ApiClient(baseUrl);
    expect(
      (
        await guest.post('/api/customer/set-substitution', {
          json: { cart_id: lines[0]!.cart_id, substitution: 'call' },
        })
      ).status,
    ).toBe(401);
  });

  it('takes parallel changes of one line without a failure, ending on one of them', async () => {
    const { c, lines } = await customerWithCart();
    const values = ['call', 'refund', 'replace', 'call', 'refund', 'replace', 'call', 'refund'];
    const results = await Promise.all(
      values.map((substitution) =>
        c.post('/api/customer/set-substitution', { json: { cart_id: lines[2]!.cart_id, substitution } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(values.map(() => 200));
    const cart = (await c.get('/api/customer/my-cart')).body.data.my_cart as {
      cart_id: number;
      substitution: string;
    }[];
    expect(cart).toHaveLength(3);
    expect(values).toContain(cart.find((l) => l.cart_id === lines[2]!.cart_id)!.substitution);
  });

  it("answers 404 for another customer's cart line and leaves it unchanged", async () => {
    const owner = await customerWithCart();
    const other = new ApiClient(baseUrl);
    await other.signUp();
    const res = await other.post('/api/customer/set-substitution', {
      json: { cart_id: owner.lines[0]!.cart_id, substitution: 'refund' },
    });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
    expect((await owner.c.get('/api/customer/my-cart')).body.data.my_cart[0].substitution).toBeNull();
  });

  it('refuses an unknown choice with 400 and a message, in the cart and with place-order', async () => {
    const { c, addressId, lines } = await customerWithCart();
    const bad = await c.post('/api/customer/set-substitution', {
      json: { cart_id: lines[0]!.cart_id, substitution: 'swap' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('substitution must be one of');
    const badOrder = await place(c, addressId, { substitution: 'maybe' });
    expect(badOrder.status).toBe(400);
    expect(JSON.stringify(badOrder.body)).toContain(SUBSTITUTION_INVALID);
    expect((await c.get('/api/customer/my-orders')).body.data.orders).toEqual([]);
  });

  it('stores the order choice and each line choice with the order, shown by my-orders and the order', async () => {
    const { c, addressId, lines } = await customerWithCart();
    await c.post('/api/customer/set-substitution', { json: { cart_id: lines[0]!.cart_id, substitution: 'refund' } });
    await c.post('/api/customer/set-substitution', { json: { cart_id: lines[1]!.cart_id, substitution: 'replace' } });
    const placed = await place(c, addressId, { substitution: 'call' });
    expect(placed.status).toBe(201);
    const order = placed.body.data.order;
    expect(order.substitution).toBe('call');
    const byProduct = (o: { order_items: { product: { id: number }; substitution: string }[] }) =>
      Object.fromEntries(o.order_items.map((i) => [i.product.id, i.substitution]));
    expect(byProduct(order)).toEqual({
      [products[0]!.id]: 'refund',
      [products[1]!.id]: 'replace',
      [products[2]!.id]: 'call',
    });
    const read = await c.get(`/api/customer/orders/${order.id}`);
    expect(read.body.data.order.substitution).toBe('call');
    expect(byProduct(read.body.data.order)).toEqual(byProduct(order));
    const list = await c.get('/api/customer/my-orders');
    expect(list.body.data.orders[0].substitution).toBe('call');
  });

  it('uses the shop default (replace) when the customer says nothing', async () => {
    const { c, addressId } = await customerWithCart();
    const placed = await place(c, addressId);
    expect(placed.status).toBe(201);
    expect(placed.body.data.order.substitution).toBe('replace');
    expect(
      placed.body.data.order.order_items.every((i: { substitution: string }) => i.substitution === 'replace'),
    ).toBe(true);
  });

  it('treats the same Idempotency-Key with another choice as another request (422)', async () => {
    const { c, addressId } = await customerWithCart();
    const key = `subst-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const summary = await c.get('/api/customer/checkout-summary');
    const body = {
      address_id: addressId,
      payment_mode: 'cod',
      paid_amount: summary.body.data.summary.paid_amount,
      substitution: 'refund',
    };
    const first = await c.post('/api/customer/place-order', { json: body }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const again = await c.post('/api/customer/place-order', { json: body }, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.body.data.order.id).toBe(first.body.data.order.id);
    const other = await c.post(
      '/api/customer/place-order',
      { json: { ...body, substitution: 'call' } },
      { 'idempotency-key': key },
    );
    expect(other.status).toBe(422);
  });
});
