/** Cart and wishlist API over HTTP: rules, messages and customer scoping. */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { cartLineSchema, cartSummarySchema } from '#features/cart/contract.ts';
import { ApiClient } from '../helpers/api.ts';

describe.each(inject('servers'))('cart and wishlist API on $kind', ({ baseUrl }) => {
  let inStock: { id: number; stock: number; offer_price: number };
  let soldOut: { id: number };

  beforeAll(async () => {
    const guest = new ApiClient(baseUrl);
    const all = await guest.get('/api/customer/products/0?pageSize=100');
    const products = all.body.data.products as { id: number; stock: number; offer_price: number }[];
    inStock = products.find((p) => p.stock >= 5 && p.stock <= 60)!;
    const more = await guest.get('/api/customer/products/0?pageSize=100&page=2');
    soldOut = [...products, ...more.body.data.products].find((p: { stock: number }) => p.stock === 0)!;
    expect(inStock).toBeTruthy();
    expect(soldOut).toBeTruthy();
  });

  it('needs a session', async () => {
    const guest = new ApiClient(baseUrl);
    const res = await guest.get('/api/customer/my-cart');
    expect(res.status).toBe(401);
    expect(
      (await guest.post('/api/customer/add-product', { multipart: { product_id: String(inStock.id), qty: '1' } }))
        .status,
    ).toBe(401);
  });

  it('adds, merges, steps and removes lines with server-computed totals', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    let res = await c.post('/api/customer/add-product', { multipart: { product_id: String(inStock.id), qty: '2' } });
    expect(res.status).toBe(200);
    res = await c.post('/api/customer/add-product', { multipart: { product_id: String(inStock.id), qty: '1' } });
    const [line] = res.body.data.my_cart;
    expect(line).toMatchObject({ product_id: inStock.id, qty: 3, offer_price: inStock.offer_price });
    expect(res.body.data.summary.subtotal).toBeCloseTo(inStock.offer_price * 3, 2);
    const cartId = String(line.cart_id);
    res = await c.post('/api/customer/increase-qty', { form: { cart_id: cartId } });
    expect(res.body.data.my_cart[0].qty).toBe(4);
    res = await c.post('/api/customer/decrease-qty', { form: { cart_id: cartId } });
    expect(res.body.data.my_cart[0].qty).toBe(3);
    res = await c.post('/api/customer/delete-product', { multipart: { cart_id: cartId } });
    expect(res.body.data.my_cart).toEqual([]);
    expect(res.body.data.summary).toMatchObject({ item_count: 0, subtotal: 0, delivery_fee: 0, total: 0 });
  });

  it('charges ₹40 delivery below ₹499 and says how much more is free', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const res = await c.post('/api/customer/add-product', { multipart: { product_id: String(inStock.id), qty: '1' } });
    const s = res.body.data.summary;
    if (s.subtotal < 499) {
      expect(s.delivery_fee).toBe(40);
      expect(s.free_delivery_remaining).toBeCloseTo(499 - s.subtotal, 2);
      expect(s.total).toBeCloseTo(s.subtotal + 40, 2);
    } else {
      expect(s.delivery_fee).toBe(0);
    }
  });

  it('never goes below 1 nor above stock, and refuses out-of-stock products', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const added = await c.post('/api/customer/add-product', {
      multipart: { product_id: String(inStock.id), qty: '1' },
    });
    const cartId = String(added.body.data.my_cart[0].cart_id);
    const below = await c.post('/api/customer/decrease-qty', { form: { cart_id: cartId } });
    expect(below.status).toBe(422);
    const over = await c.post('/api/customer/add-product', {
      multipart: { product_id: String(inStock.id), qty: String(inStock.stock) },
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(new RegExp(`Only ${inStock.stock} of .* left in stock`));
    const none = await c.post('/api/customer/add-product', { multipart: { product_id: String(soldOut.id), qty: '1' } });
    expect(none.status).toBe(409);
    expect(none.body.message).toMatch(/out of stock/);
    const unknown = await c.post('/api/customer/add-product', { multipart: { product_id: '99999999', qty: '1' } });
    expect(unknown.status).toBe(404);
  });

  it('refuses non-numeric cart ids with the spec message', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    for (const bad of ['abc', '1.5', '', '-3']) {
      const res = await c.post('/api/customer/increase-qty', { form: { cart_id: bad } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid cart ID');
    }
  });

  it('answers every cart route with exactly the declared cart, the spec message and the count hint cookie', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const keys = (o: object) => Object.keys(o).sort();
    const hint = (res: { headers: Headers }) =>
      res.headers
        .getSetCookie()
        .find((x) => x.startsWith('ff_cart='))
        ?.split(';')[0];
    // JSON numbers as well as the spec's multipart strings.
    const added = await c.post('/api/customer/add-product', { json: { product_id: inStock.id, qty: 2 } });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Item added to cart');
    expect(keys(added.body.data)).toEqual(['my_cart', 'summary']);
    expect(keys(added.body.data.my_cart[0])).toEqual(keys(cartLineSchema.shape));
    expect(keys(added.body.data.summary)).toEqual(keys(cartSummarySchema.shape));
    expect(added.body.data.my_cart[0]).toMatchObject({ product_id: inStock.id, qty: 2 });
    expect(hint(added)).toBe('ff_cart=2');
    const cartId = added.body.data.my_cart[0].cart_id as number;
    const up = await c.post('/api/customer/increase-qty', { json: { cart_id: cartId } });
    expect(up.body.data.my_cart[0].qty).toBe(3);
    expect(hint(up)).toBe('ff_cart=3');
    const read = await c.get('/api/customer/my-cart');
    expect(read.headers.get('cache-control')).toMatch(/no-store/);
    expect(read.body.data.summary.item_count).toBe(3);
    const removed = await c.post('/api/customer/delete-product', { multipart: { cart_id: ` ${cartId} ` } });
    expect(removed.body.message).toBe('Item removed from cart');
    await c.post('/api/customer/add-product', { multipart: { product_id: String(inStock.id) } });
    const cleared = await c.post('/api/customer/clear-cart');
    expect(cleared.status).toBe(200);
    expect(cleared.body.message).toBe('Cart cleared');
    expect(cleared.body.data.my_cart).toEqual([]);
    expect(hint(cleared)).toBe('ff_cart=0');
  });

  it('refuses bad product ids, quantities and missing cart ids with clear 400s', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    for (const body of [{}, { product_id: 'abc' }, { product_id: '0', qty: '1' }, { productId: '1.5' }]) {
      const res = await c.post('/api/customer/add-product', { multipart: body as Record<string, string> });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('Invalid product id.');
    }
    for (const qty of ['0', '1000', 'x', '', '2.5']) {
      const res = await c.post('/api/customer/add-product', { multipart: { product_id: String(inStock.id), qty } });
      expect(res.status, qty).toBe(400);
      expect(res.body.message).toBe('Quantity must be a whole number from 1 to 999.');
    }
    for (const path of ['/api/customer/increase-qty', '/api/customer/decrease-qty', '/api/customer/delete-product']) {
      const res = await c.post(path, { form: {} });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe('Invalid cart ID');
    }
    expect((await c.get('/api/customer/my-cart')).body.data.my_cart).toEqual([]);
  });

  it("keeps customers apart: B cannot read or change A's lines or wishlist", async () => {
    const a = new ApiClient(baseUrl);
    const b = new ApiClient(baseUrl);
    await a.signUp();
    await b.signUp();
    const added = await a.post('/api/customer/add-product', {
      multipart: { product_id: String(inStock.id), qty: '1' },
    });
    const cartId = String(added.body.data.my_cart[0].cart_id);
    expect((await b.get('/api/customer/my-cart')).body.data.my_cart).toEqual([]);
    for (const path of ['/api/customer/increase-qty', '/api/customer/decrease-qty']) {
      expect((await b.post(path, { form: { cart_id: cartId } })).status).toBe(404);
    }
    expect((await b.post('/api/customer/delete-product', { multipart: { cart_id: cartId } })).status).toBe(404);
    await b.post('/api/customer/clear-cart');
    expect((await a.get('/api/customer/my-cart')).body.data.my_cart).toHaveLength(1);

    expect((await a.put('/api/wishlists', { json: { productId: inStock.id } })).status).toBe(201);
    expect((await b.get('/api/wishlists')).body.data.wishlists).toEqual([]);
  });

  it('toggles the wishlist: 201 added, 200 removed, and product reads carry it', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const add = await c.put('/api/wishlists', { json: { productId: inStock.id } });
    expect(add.status).toBe(201);
    expect(add.body.message).toBe('Product added to wishlist successfully!');
    const detail = await c.get(`/api/customer/product-details/${inStock.id}`);
    expect(detail.body.data.product.wishlists).toHaveLength(1);
    expect((await c.get('/api/wishlists')).body.data.wishlists.map((p: { id: number }) => p.id)).toEqual([inStock.id]);
    const remove = await c.put('/api/wishlists', { json: { productId: inStock.id } });
    expect(remove.status).toBe(200);
    expect(remove.body.message).toBe('Product removed from wishlist successfully');
    expect((await c.get(`/api/customer/product-details/${inStock.id}`)).body.data.product.wishlists).toEqual([]);
    expect((await c.put('/api/wishlists', { json: { productId: 99999999 } })).status).toBe(404);
  });

  it('sets a line to a quantity in one call (quick taps coalesced): stock, bad input and scoping', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const added = await c.post('/api/customer/add-product', { json: { product_id: inStock.id, qty: 1 } });
    const cartId = added.body.data.my_cart[0].cart_id as number;
    let res = await c.post('/api/customer/set-qty', { json: { cart_id: cartId, qty: 4 } });
    expect(res.status).toBe(200);
    expect(res.body.data.my_cart[0].qty).toBe(4);
    expect(res.body.data.summary.item_count).toBe(4);
    res = await c.post('/api/customer/set-qty', { json: { cart_id: cartId, qty: inStock.stock + 1 } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/left/);
    expect((await c.get('/api/customer/my-cart')).body.data.my_cart[0].qty).toBe(4);
    for (const qty of [0, 1000, 'x', 2.5]) {
      res = await c.post('/api/customer/set-qty', { json: { cart_id: cartId, qty } });
      expect(res.status, String(qty)).toBe(400);
      expect(res.body.message).toBe('Quantity must be a whole number from 1 to 999.');
    }
    expect((await c.post('/api/customer/set-qty', { json: { qty: 2 } })).status).toBe(400);
    const other = new ApiClient(baseUrl);
    await other.signUp();
    expect((await other.post('/api/customer/set-qty', { json: { cart_id: cartId, qty: 2 } })).status).toBe(404);
    expect((await c.get('/api/customer/my-cart')).body.data.my_cart[0].qty).toBe(4);
  });

  it('POST /cart/add (the Add form without JavaScript): 303 back with the outcome, 400 for bad fields, 403 cross-site', async () => {
    const c = new ApiClient(baseUrl, true);
    await c.signUp();
    c.cookie ??= `ff_session=${c.token}`;
    let res = await c.post('/cart/add', { form: { product_id: String(inStock.id), qty: '2', next: '/shop?page=2' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/shop?page=2&cart=added');
    expect((await c.get('/api/customer/my-cart')).body.data.my_cart[0]).toMatchObject({
      product_id: inStock.id,
      qty: 2,
    });
    res = await c.post('/cart/add', { form: { product_id: String(soldOut.id), next: 'https://evil.example/' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?cart=unavailable');
    const bad: Record<string, string>[] = [
      { product_id: 'abc' },
      { product_id: String(inStock.id), qty: '0' },
      { product_id: String(inStock.id), qty: '1000' },
    ];
    for (const form of bad) {
      res = await c.post('/cart/add', { form });
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    res = await c.post('/cart/add', { form: { product_id: String(inStock.id) } }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const guest = new ApiClient(baseUrl);
    res = await guest.post(
      '/cart/add',
      { form: { product_id: String(inStock.id), next: '/shop' } },
      { origin: baseUrl },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?next=%2Fshop');
    expect(
      res.headers.getSetCookie().some((h) => h.startsWith(`ff_pending_add=${inStock.id}:1;`) && /HttpOnly/i.test(h)),
    ).toBe(true);
  });
});
