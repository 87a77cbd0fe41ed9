/** Addresses, promo codes and placing orders over HTTP, on every test database. */

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';

const THRISSUR = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: 'Near Vadakkunnathan Temple',
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.5276',
  longitude: '76.2144',
};

describe.each(inject('servers'))('checkout API on $kind', ({ baseUrl }) => {
  let product: { id: number; stock: number; offer_price: number };
  let soldOut: { id: number };

  beforeAll(async () => {
    const guest = new ApiClient(baseUrl);
    const pages = await Promise.all(
      [1, 2].map((page) => guest.get(`/api/customer/products/0?pageSize=100&page=${page}`)),
    );
    const all = pages.flatMap((p) => p.body.data.products) as { id: number; stock: number; offer_price: number }[];
    product = all.find((p) => p.stock >= 100 && p.offer_price < 200)!;
    soldOut = all.find((p) => p.stock === 0)!;
    expect(product).toBeTruthy();
  });

  async function customerWithCart(qty = 1) {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const add = await c.post('/api/customer/add-address', { json: THRISSUR });
    expect(add.status).toBe(201);
    await c.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: String(qty) } });
    return { c, addressId: add.body.data.address.id as number };
  }

  it('validates addresses with the spec messages and keeps the default first', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const bad = await c.post('/api/customer/add-address', {
      json: { ...THRISSUR, name: '', po_box: '68001', latitude: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: 'Full Name is required',
      po_box: 'Postal Code must be exactly 6 digits',
      latitude: 'Please select a location on the map',
    });
    const first = await c.post('/api/customer/add-address', { json: THRISSUR });
    expect(first.body.message).toBe('Address added successfully!');
    expect(first.body.data.address.is_default).toBe(true);
    const second = await c.post('/api/customer/add-address', { form: { ...THRISSUR, street: 'Swaraj Round' } });
    expect(second.body.data.address.is_default).toBe(false);
    const set = await c.post('/api/customer/default-address', {
      form: { address_id: String(second.body.data.address.id) },
    });
    expect(set.body.message).toBe('Default address set successfully!');
    const list = await c.get('/api/customer/address-list');
    expect(list.body.data.address_list.map((a: { id: number }) => a.id)).toEqual([
      second.body.data.address.id,
      first.body.data.address.id,
    ]);
    expect(list.body.data.address_list[0].building).toBe('12/4');
    const noId = await c.post('/api/customer/edit-address', { json: { ...THRISSUR } });
    expect(noId.body.message).toBe('Address ID is required.');
    const blank = await c.post('/api/customer/edit-address', {
      json: { ...THRISSUR, address_id: first.body.data.address.id, city: ' ' },
    });
    expect(blank.body.message).toBe('All required address fields must be provided.');
    const edited = await c.post('/api/customer/edit-address', {
      json: { ...THRISSUR, address_id: first.body.data.address.id, longitude: '76.3000' },
    });
    expect(edited.body.data.address.longitude).toBeCloseTo(76.3, 4);
    expect(edited.body.data.address.latitude).toBeCloseTo(10.5276, 4);
    const other = new ApiClient(baseUrl);
    await other.signUp();
    expect(
      (await other.post('/api/customer/delete-address', { form: { address_id: String(first.body.data.address.id) } }))
        .status,
    ).toBe(404);
    expect(
      (await c.post('/api/customer/delete-address', { form: { address_id: String(first.body.data.address.id) } })).body
        .message,
    ).toBe('Address deleted successfully!');
  });

  it('keeps mobile numbers of addresses in E.164 and refuses numbers no country has', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    // Without a country code the number is read as an Indian one (the dialog's default country).
    const local = await c.post('/api/customer/add-address', { json: { ...THRISSUR, mobile: '98470 12345' } });
    expect(local.status).toBe(201);
    expect(local.body.data.address.mobile).toBe('+919847012345');
    const foreign = await c.post('/api/customer/add-address', { form: { ...THRISSUR, mobile: '+1 415-555-2671' } });
    expect(foreign.body.data.address.mobile).toBe('+14155552671');
    for (const mobile of ['+91 12345', '+999 1234 5678', '--------']) {
      const bad = await c.post('/api/customer/add-address', { json: { ...THRISSUR, mobile } });
      expect(bad.status, mobile).toBe(400);
      expect(bad.body.errors, mobile).toEqual({ mobile: 'Please enter a valid mobile number' });
    }
    const edited = await c.post('/api/customer/edit-address', {
      json: { ...THRISSUR, address_id: local.body.data.address.id, mobile: '0091 98765 43210' },
    });
    expect(edited.body.data.address.mobile).toBe('+919876543210');
    const blank = await c.post('/api/customer/edit-address', {
      json: { ...THRISSUR, address_id: local.body.data.address.id, mobile: '' },
    });
    expect(blank.body.message).toBe('All required address fields must be provided.');
    const list = (await c.get('/api/customer/address-list')).body.data.address_list.map(
      (a: { mobile: string }) => a.mobile,
    );
    expect(list.sort()).toEqual(['+14155552671', '+919876543210']);
  });

  it('checks promo codes against the cart with clear reasons', async () => {
    const { c } = await customerWithCart(1);
    const ok5 = await c.post('/api/customer/check-promocode', { multipart: { promocode: 'fresh5' } });
    expect(ok5.status).toBe(200);
    expect(ok5.body.message).toBe('Promo code applied! 5% discount applied.');
    expect(Number(ok5.body.data.discount)).toBeCloseTo(Math.round(product.offer_price * 5) / 100, 2);
    const unknown = await c.post('/api/customer/check-promocode', { multipart: { promocode: 'NOPE' } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('Invalid promo code.');
    // An expired code reads like an unknown one: the answers do not tell which codes exist.
    expect((await c.post('/api/customer/check-promocode', { multipart: { promocode: 'MANGO15' } })).body.message).toBe(
      'Invalid promo code.',
    );
    expect(
      (await c.post('/api/customer/check-promocode', { multipart: { promocode: 'WELCOME10' } })).body.message,
    ).toMatch(/at least ₹499\.00/);
  });

  it('places a COD order at the server price, clears the cart, and refuses tampered amounts', async () => {
    const { c, addressId } = await customerWithCart(2);
    const quote = await c.get('/api/customer/checkout-summary?promocode=FRESH5');
    const s = quote.body.data.summary;
    const tampered = await c.post('/api/customer/place-order', {
      json: {
        address_id: addressId,
        payment_mode: 'cod',
        paid_amount: '1.00',
        promocode: 'FRESH5',
        discount: s.discount,
        points: '0',
      },
    });
    expect(tampered.status).toBe(409);
    expect(tampered.body.data.paid_amount).toBe(s.paid_amount);
    const badDiscount = await c.post('/api/customer/place-order', {
      json: {
        address_id: addressId,
        payment_mode: 'cod',
        paid_amount: s.paid_amount,
        promocode: 'FRESH5',
        discount: '99.00',
        points: '0',
      },
    });
    expect(badDiscount.status).toBe(409);
    const noMode = await c.post('/api/customer/place-order', {
      json: { address_id: addressId, paid_amount: s.paid_amount, points: '0' },
    });
    expect(noMode.body.message).toBe('Please select a payment method to continue with your order.');
    const placed = await c.post('/api/customer/place-order', {
      json: {
        address_id: addressId,
        payment_mode: 'cod',
        paid_amount: s.paid_amount,
        promocode: 'FRESH5',
        discount: s.discount,
        points: '0',
        customer_note: 'Ring twice',
      },
    });
    expect(placed.status).toBe(201);
    const order = placed.body.data.order;
    expect(order).toMatchObject({
      order_status: 'placed',
      payment_mode: 'Cash',
      paid_amount: s.paid_amount,
      promocode: 'FRESH5',
      customer_note: 'Ring twice',
    });
    expect(order.order_items[0]).toMatchObject({ qty: 2, product: { id: product.id } });
    expect((await c.get('/api/customer/my-cart')).body.data.my_cart).toEqual([]);
    // A second press right after (a double tap that missed the lock): told the cart was ordered.
    const again = await c.post('/api/customer/place-order', {
      json: { address_id: addressId, payment_mode: 'cod', paid_amount: s.paid_amount, points: '0' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'This cart has already been ordered by another request. Please check My Orders before ordering again.',
    );
    // A customer with nothing in the cart and no recent order has nothing to order.
    const empty = new ApiClient(baseUrl);
    await empty.signUp();
    const emptyAddress = (await empty.post('/api/customer/add-address', { json: THRISSUR })).body.data.address.id;
    const nothing = await empty.post('/api/customer/place-order', {
      json: { address_id: emptyAddress, payment_mode: 'cod', paid_amount: '0.00', points: '0' },
    });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toBe('Your cart is empty. Please add items to your cart.');
    const orders = await c.get('/api/customer/my-orders');
    expect(orders.body.data.orders.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const stranger = new ApiClient(baseUrl);
    await stranger.signUp();
    expect((await stranger.get(`/api/customer/orders/${order.id}`)).status).toBe(404);
  });

  it('returns the same order for the same Idempotency-Key', async () => {
    const { c, addressId } = await customerWithCart(1);
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const key = randomUUID();
    const body = { json: { address_id: addressId, payment_mode: 'card', paid_amount: s.paid_amount, points: '0' } };
    const [one, two] = await Promise.all([
      c.post('/api/customer/place-order', body, { 'idempotency-key': key }),
      c.post('/api/customer/place-order', body, { 'idempotency-key': key }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.data.order.id).toBe(two.body.data.order.id);
    const three = await c.post('/api/customer/place-order', body, { 'idempotency-key': key });
    expect(three.body.data.order.id).toBe(one.body.data.order.id);
    expect((await c.get('/api/customer/my-orders')).body.data.orders).toHaveLength(1);
  });

  it('refuses an out-of-stock line with a clear message and writes nothing', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const address = await c.post('/api/customer/add-address', { json: THRISSUR });
    const { stock } = (await c.get(`/api/customer/product-details/${product.id}`)).body.data.product;
    expect(
      (await c.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: String(stock) } }))
        .status,
    ).toBe(200);
    const other = new ApiClient(baseUrl);
    await other.signUp();
    const otherAddress = await other.post('/api/customer/add-address', { json: THRISSUR });
    await other.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: '1' } });
    const os = (await other.get('/api/customer/checkout-summary')).body.data.summary;
    expect(
      (
        await other.post('/api/customer/place-order', {
          json: {
            address_id: otherAddress.body.data.address.id,
            payment_mode: 'cod',
            paid_amount: os.paid_amount,
            points: '0',
          },
        })
      ).status,
    ).toBe(201);
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const res = await c.post('/api/customer/place-order', {
      json: { address_id: address.body.data.address.id, payment_mode: 'cod', paid_amount: s.paid_amount, points: '0' },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/left in stock|out of stock/);
    expect((await c.get('/api/customer/my-orders')).body.data.orders).toEqual([]);
    expect((await c.get('/api/customer/my-cart')).body.data.my_cart).toHaveLength(1);
    expect(soldOut).toBeTruthy();
  });

  it('will not deliver outside the delivery area', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const address = await c.post('/api/customer/add-address', {
      json: { ...THRISSUR, city: 'Chennai', po_box: '600001' },
    });
    expect(address.status).toBe(201);
    expect(address.body.data.address.deliverable).toBe(false);
    await c.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: '1' } });
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const res = await c.post('/api/customer/place-order', {
      json: { address_id: address.body.data.address.id, payment_mode: 'cod', paid_amount: s.paid_amount, points: '0' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/do not deliver to 600001/);
  });

  it('pays with credit (Pending transaction) and restores it on cancellation', async () => {
    const { c, addressId } = await customerWithCart(1);
    const before = (await c.get('/api/customer/checkout-summary')).body.data;
    const placed = await c.post('/api/customer/place-order', {
      json: { address_id: addressId, payment_mode: 'credit', paid_amount: before.summary.paid_amount, points: '0' },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.data.order.payment_mode).toBe('Credit');
    const cancelled = await c.post('/api/customer/cancel-order', { json: { order_id: placed.body.data.order.id } });
    expect(cancelled.body.data.order.order_status).toBe('cancelled');
    await c.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: '1' } });
    const after = (await c.get('/api/customer/checkout-summary')).body.data;
    expect(after.credit_balance).toBe(before.credit_balance);
    expect((await c.post('/api/customer/cancel-order', { json: { order_id: placed.body.data.order.id } })).status).toBe(
      409,
    );
  });
});
