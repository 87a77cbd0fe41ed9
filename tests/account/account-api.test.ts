/**
 * The account API over HTTP on every test database (docs/account-rules.md): profile with real
 * balances, profile edits and the phone change by OTP, credit transactions, orders and
 * cancellation, buy again, account deletion — each scoped per customer (another customer's ids
 * answer 404).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, randomPhone, readablePhone } from '../helpers/api.ts';

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

type Product = { id: number; name: string; stock: number; offer_price: number };

describe.each(inject('servers'))('account API on $kind', ({ baseUrl }) => {
  let products: Product[];

  beforeAll(async () => {
    const guest = new ApiClient(baseUrl);
    const pages = await Promise.all(
      [1, 2].map((page) => guest.get(`/api/customer/products/0?pageSize=100&page=${page}`)),
    );
    products = pages.flatMap((p) => p.body.data.products);
  });

  const pick = (pred: (p: Product) => boolean) => {
    const p = products.find(pred);
    expect(p).toBeTruthy();
    return p!;
  };

  /** A signed-in customer with an address. */
  async function customer() {
    const c = new ApiClient(baseUrl);
    const { phone } = await c.signUp();
    const add = await c.post('/api/customer/add-address', { json: THRISSUR });
    expect(add.status).toBe(201);
    return { c, phone, addressId: add.body.data.address.id as number };
  }

  /** Places an order of `lines` (product id → qty) at the server's price. */
  async function order(c: ApiClient, addressId: number, lines: [number, number][], mode: 'cod' | 'credit' = 'cod') {
    for (const [id, qty] of lines)
      expect(
        (await c.post('/api/customer/add-product', { multipart: { product_id: String(id), qty: String(qty) } })).status,
      ).toBe(200);
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const placed = await c.post('/api/customer/place-order', {
      json: { address_id: addressId, payment_mode: mode, paid_amount: s.paid_amount, points: '0' },
    });
    expect(placed.status).toBe(201);
    return placed.body.data.order as { id: number; paid_amount: string; points_earned: number };
  }

  it('answers the profile with the real balances, and 401 when signed out', async () => {
    const c = new ApiClient(baseUrl);
    const { phone } = await c.signUp(randomPhone(), 'Meera Nair', 'meera@example.com');
    const res = await c.get('/api/customer/profile');
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ name: 'Meera Nair', email: 'meera@example.com', mobile: phone });
    expect(res.body.data.account).toEqual({ points_balance: 0, credit_balance: 1000, credit_limit: 1000 });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const guest = new ApiClient(baseUrl);
    for (const path of ['/api/customer/profile', '/api/customer/credit-transaction']) {
      expect((await guest.get(path)).status).toBe(401);
    }
    expect((await guest.delete('/api/customer/delete-account')).status).toBe(401);
    expect((await guest.post('/api/customer/reorder', { json: { order_id: 1 } })).status).toBe(401);
  });

  it('edits the profile; a new mobile number is saved only after the OTPs to it and to the current number', async () => {
    const { c, phone } = await customer();
    const other = new ApiClient(baseUrl);
    const { phone: taken } = await other.signUp();

    const missing = await c.post('/api/customer/update-profile', { json: { name: 'Asha', email: '', mobile: phone } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please fill in all fields');
    const badEmail = await c.post('/api/customer/update-profile', {
      form: { name: 'Asha', email: 'asha@', mobile: phone },
    });
    expect(badEmail.body.message).toBe('Please enter a valid email');

    const same = await c.post('/api/customer/update-profile', {
      form: { name: 'Asha K', email: 'Asha@Example.com', mobile: phone },
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({
      otp_required: false,
      user: { name: 'Asha K', email: 'asha@example.com', mobile: phone },
    });

    const clash = await c.post('/api/customer/update-profile', {
      json: { name: 'Asha K', email: 'asha@example.com', mobile: taken },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('This mobile number belongs to another account.');

    const next = randomPhone();
    const change = await c.post('/api/customer/update-profile', {
      json: { name: 'Asha K', email: 'asha@example.com', mobile: next },
    });
    expect(change.status).toBe(200);
    expect(change.body.data.otp_required).toBe(true);
    expect(change.body.data.demo_otp).toMatch(/^\d{4}$/);
    expect((await c.get('/api/customer/profile')).body.data.user.mobile).toBe(phone);

    // A code went to the current number too.
    expect(change.body.data.current_mobile).toBe(phone);
    expect(change.body.data.current_demo_otp).toMatch(/^\d{4}$/);
    // Demo mode sends no SMS: the message says the codes are on screen.
    expect(change.body.message).toBe(
      `The OTPs for your current number ${readablePhone(phone)} and your new number ${readablePhone(next)} are shown on screen. Enter both to confirm your new mobile number.`,
    );

    // Another customer cannot use these codes, and a wrong code changes nothing.
    expect(
      (
        await other.post('/api/customer/verify-phone', {
          json: { mobile: next, otp: change.body.data.demo_otp, current_otp: change.body.data.current_demo_otp },
        })
      ).status,
    ).toBe(400);
    const again = await c.post('/api/customer/update-profile', {
      json: { name: 'Asha K', email: 'asha@example.com', mobile: next },
    });
    const code = again.body.data.demo_otp as string;
    const currentCode = again.body.data.current_demo_otp as string;
    const wrongCode = (x: string) => (x === '0000' ? '1111' : '0000');
    // The new number's code alone is not enough: a stolen session does not have the current number.
    const alone = await c.post('/api/customer/verify-phone', { json: { mobile: next, otp: code } });
    expect(alone.status).toBe(400);
    expect(alone.body.message).toBe('Please enter the OTP sent to your current mobile number.');
    const wrongCurrent = await c.post('/api/customer/verify-phone', {
      json: { mobile: next, otp: code, current_otp: wrongCode(currentCode) },
    });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.message).toBe('Invalid OTP for your current mobile number');
    const wrong = await c.post('/api/customer/verify-phone', {
      json: { mobile: next, otp: wrongCode(code), current_otp: currentCode },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Invalid OTP');
    expect((await c.get('/api/customer/profile')).body.data.user.mobile).toBe(phone);
    // The current number's code was right: a retry needs only the new number's code.
    const ok = await c.post('/api/customer/verify-phone', { json: { mobile: next, otp: code } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.mobile).toBe(next);
    expect((await c.get('/api/customer/profile')).body.data.user.mobile).toBe(next);
    // The account now logs in with the new number, not the old one.
    expect((await c.post('/api/validate-customer', { json: { key: next } })).status).toBe(200);
    expect((await c.post('/api/validate-customer', { json: { key: phone } })).status).toBe(404);
  });

  it('asks for new codes when either code of a phone change is killed by wrong tries, not which one was wrong', async () => {
    const { c, phone } = await customer();
    const next = randomPhone();
    const ask = async () => {
      const res = await c.post('/api/customer/update-profile', {
        json: { name: 'Asha K', email: 'asha@example.com', mobile: next },
      });
      expect(res.status).toBe(200);
      return { code: res.body.data.demo_otp as string, current: res.body.data.current_demo_otp as string };
    };
    const wrongCode = (x: string) => (x === '0000' ? '1111' : '0000');
    const verify = (otp: string, current_otp?: string) =>
      c.post('/api/customer/verify-phone', { json: { mobile: next, otp, current_otp } });
    const spent = [
      400,
      { success: false, message: 'Too many wrong attempts. Please request new OTPs.', data: { otp_spent: true } },
    ];

    // The current number's code: four wrong tries name it, the fifth kills it and asks for new codes.
    const first = await ask();
    for (let i = 0; i < 4; i++) {
      const res = await verify(first.code, wrongCode(first.current));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid OTP for your current mobile number');
      // The tries left of the code that was wrong.
      expect(res.body.data).toEqual({ otp_tries_left: 4 - i });
    }
    const fifth = await verify(first.code, wrongCode(first.current));
    expect([fifth.status, fifth.body]).toEqual(spent);
    const late = await verify(first.code, first.current);
    expect([late.status, late.body]).toEqual(spent);

    // The new number's code, the current one taken: the same once it is killed.
    const second = await ask();
    const wrong = await verify(wrongCode(second.code), second.current);
    expect(wrong.body).toMatchObject({ message: 'Invalid OTP', data: { otp_tries_left: 4 } });
    for (let i = 0; i < 3; i++)
      expect((await verify(wrongCode(second.code))).body).toMatchObject({
        message: 'Invalid OTP',
        data: { otp_tries_left: 3 - i },
      });
    const killed = await verify(wrongCode(second.code));
    expect([killed.status, killed.body]).toEqual(spent);
    const right = await verify(second.code);
    expect([right.status, right.body]).toEqual(spent);
    expect((await c.get('/api/customer/profile')).body.data.user.mobile).toBe(phone);

    // New codes: both are needed again, and they change the number.
    const third = await ask();
    expect((await verify(third.code)).body.message).toBe('Please enter the OTP sent to your current mobile number.');
    const ok = await verify(third.code, third.current);
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.mobile).toBe(next);
  });

  it('lists credit orders as transactions, Pending then Paid once reversed, scoped per customer', async () => {
    const a = await customer();
    const b = await customer();
    const p = pick((x) => x.stock >= 100 && x.offer_price < 200);
    const credit = await order(a.c, a.addressId, [[p.id, 1]], 'credit');
    await order(a.c, a.addressId, [[p.id, 1]], 'cod');
    const list = await a.c.get('/api/customer/credit-transaction');
    expect(list.status).toBe(200);
    expect(list.body.data.orders).toHaveLength(1);
    expect(list.body.data.orders[0]).toMatchObject({
      id: credit.id,
      address_id: a.addressId,
      paid_amount: credit.paid_amount,
      payment_approval: 'Pending',
      payment_mode: 'Credit',
      points_earned: credit.points_earned,
    });
    expect(list.body.data.orders[0].address).toMatchObject({ city: 'Thrissur', po_box: '680001' });
    const profile = (await a.c.get('/api/customer/profile')).body.data.account;
    expect(profile.credit_balance).toBeCloseTo(1000 - Number(credit.paid_amount), 2);

    expect((await b.c.get('/api/customer/credit-transaction')).body.data.orders).toEqual([]);
    expect((await b.c.get(`/api/customer/orders/${credit.id}`)).status).toBe(404);
    expect((await b.c.post('/api/customer/cancel-order', { json: { order_id: credit.id } })).status).toBe(404);

    const cancelled = await a.c.post('/api/customer/cancel-order', { json: { order_id: credit.id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.order).toMatchObject({ order_status: 'cancelled', cancellable: false });
    const after = (await a.c.get('/api/customer/credit-transaction')).body.data.orders[0];
    expect(after).toMatchObject({ id: credit.id, payment_approval: 'Paid', order_status: 'cancelled' });
    expect((await a.c.get('/api/customer/profile')).body.data.account.credit_balance).toBe(1000);
    expect((await a.c.post('/api/customer/cancel-order', { json: { order_id: credit.id } })).status).toBe(409);
  });

  it('lists orders newest first with what the Track Orders page shows', async () => {
    const { c, addressId } = await customer();
    const p = pick((x) => x.stock >= 100 && x.offer_price < 200);
    const first = await order(c, addressId, [[p.id, 1]]);
    const second = await order(c, addressId, [[p.id, 2]]);
    const list = (await c.get('/api/customer/my-orders')).body.data.orders;
    expect(list.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ order_status: 'placed', payment_mode: 'Cash', cancellable: true });
    expect(list[0].order_items[0]).toMatchObject({ qty: 2, product: { title: p.name } });
    expect(typeof list[0].order_items[0].product.image).toBe('string');
  });

  it('buys again: in-stock items go to the cart, capped by stock, and the rest is named', async () => {
    const a = await customer();
    const small = pick((x) => x.stock > 0 && x.stock <= 12);
    const capped = pick((x) => x.stock > 12 && x.stock <= 20);
    const plenty = pick((x) => x.stock >= 100 && x.offer_price < 200);
    const keep = 5;
    const placed = await order(a.c, a.addressId, [
      [small.id, small.stock],
      [capped.id, capped.stock - keep],
      [plenty.id, 1],
    ]);

    const b = await customer();
    expect((await b.c.post('/api/customer/reorder', { json: { order_id: placed.id } })).status).toBe(404);

    const res = await a.c.post('/api/customer/reorder', { form: { order_id: String(placed.id) } });
    expect(res.status).toBe(200);
    expect(res.body.data.added).toEqual([
      { product_id: capped.id, name: capped.name, qty: keep, requested_qty: capped.stock - keep },
      { product_id: plenty.id, name: plenty.name, qty: 1, requested_qty: 1 },
    ]);
    expect(res.body.data.skipped).toEqual([{ product_id: small.id, name: small.name, reason: 'out of stock' }]);
    // Two lines went in, three units and more: the message counts products, as "items" count units.
    expect(res.body.message).toMatch(/^Added 2 products to your cart\. /);
    expect(res.body.message).toContain(`Left out: ${small.name} (out of stock).`);
    expect(res.body.message).toContain(`${capped.name} (only ${keep} of ${capped.stock - keep})`);
    const cart = (await a.c.get('/api/customer/my-cart')).body.data.my_cart as { product_id?: number; qty?: number }[];
    expect(cart).toHaveLength(2);
    // A second reorder finds no more room for the capped item.
    const again = await a.c.post('/api/customer/reorder', { json: { order_id: placed.id } });
    expect(again.body.data.skipped.map((s: { name: string }) => s.name)).toEqual([small.name, capped.name]);
    expect((await a.c.post('/api/customer/reorder', { json: { order_id: 'x' } })).status).toBe(400);
  });

  it('deletes the account: sessions revoked, data gone, orders hidden, and the phone can sign up again', async () => {
    const { c, phone, addressId } = await customer();
    const p = pick((x) => x.stock >= 100 && x.offer_price < 200);
    await order(c, addressId, [[p.id, 1]]);
    // A cookie session of the same account (the web) is revoked too.
    const web = new ApiClient(baseUrl, true);
    const login = await web.post('/api/validate-customer', { json: { key: phone } });
    await web.post('/api/otp-login', { json: { key: phone, otp: login.body.data.demo_otp } });
    expect((await web.get('/api/customer/profile')).status).toBe(200);

    // A link from anywhere must not delete the account: GET is not a way to delete.
    const forged = await web.get('/api/customer/delete-account', {
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
    });
    expect(forged.status).toBe(405);
    expect((await web.get('/api/customer/profile')).status).toBe(200);

    const del = await web.post(
      '/api/customer/delete-account',
      {},
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
    );
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ success: true, message: 'Account deleted successfully!' });
    expect(
      del.headers
        .getSetCookie()
        .some((h) => /^ff_session=;|^ff_session=.*Max-Age=0|^ff_session=.*Expires=Thu, 01 Jan 1970/i.test(h)),
    ).toBe(true);
    expect((await web.get('/api/customer/profile')).status).toBe(401);
    expect((await c.get('/api/customer/profile')).status).toBe(401);
    expect((await c.get('/api/customer/my-orders')).status).toBe(401);
    expect((await c.post('/api/validate-customer', { json: { key: phone } })).status).toBe(404);

    const again = new ApiClient(baseUrl);
    await again.signUp(phone, 'New Owner', 'new@example.com');
    expect((await again.get('/api/customer/profile')).body.data.user).toMatchObject({
      name: 'New Owner',
      mobile: phone,
    });
    expect((await again.get('/api/customer/my-orders')).body.data.orders).toEqual([]);
    expect((await again.get('/api/customer/address-list')).body.data.address_list).toEqual([]);
    // DELETE works as well.
    const gone = await again.delete('/api/customer/delete-account');
    expect(gone.status).toBe(200);
    expect((await again.get('/api/customer/profile')).status).toBe(401);
  });
});
