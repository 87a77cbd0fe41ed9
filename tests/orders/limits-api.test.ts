/**
 * The shop's per-customer limits over HTTP on every test database: the fourth open cash on
 * delivery order answers 422, three cancels in a day pause cash on delivery and unusable promo
 * codes answer one text, each then 429 with Retry-After and a message saying the same wait, and
 * deleting an account that owes credit answers 422 saying how much.
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

describe.each(inject('servers'))('customer limits over HTTP on $kind', ({ baseUrl }) => {
  let productId: number;
  beforeAll(async () => {
    const all = (await new ApiClient(baseUrl).get('/api/customer/products/0?pageSize=100&page=1')).body.data
      .products as { id: number; stock: number }[];
    productId = all.find((p) => p.stock >= 50)!.id;
  });

  async function shopper() {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const addressId = (await c.post('/api/customer/add-address', { json: THRISSUR })).body.data.address.id as number;
    return { c, addressId };
  }

  async function order(c: ApiClient, addressId: number, mode: 'cod' | 'card' | 'credit') {
    await c.post('/api/customer/add-product', { multipart: { product_id: String(productId), qty: '1' } });
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    return c.post('/api/customer/place-order', {
      json: { address_id: addressId, payment_mode: mode, paid_amount: s.paid_amount, points: '0' },
    });
  }

  it('refuses a fourth open cash or card on delivery order with 422', async () => {
    const { c, addressId } = await shopper();
    for (const mode of ['cod', 'card', 'cod'] as const) expect((await order(c, addressId, mode)).status).toBe(201);
    const fourth = await order(c, addressId, 'cod');
    expect(fourth.status).toBe(422);
    expect(fourth.body).toEqual({
      success: false,
      message:
        'You already have 3 cash or card on delivery orders on the way. Please wait until one is delivered, or choose another payment method.',
    });
    expect((await order(c, addressId, 'credit')).status).toBe(201);
  });

  it('pauses cash on delivery after three cancels in a day with 429, saying when as its Retry-After does', async () => {
    const { c, addressId } = await shopper();
    for (let i = 0; i < 3; i++) {
      const placed = await order(c, addressId, 'cod');
      expect(placed.status).toBe(201);
      const cancelled = await c.post('/api/customer/cancel-order', { json: { order_id: placed.body.data.order.id } });
      expect(cancelled.status).toBe(200);
    }
    const paused = await order(c, addressId, 'cod');
    expect(paused.status).toBe(429);
    // The first cancel was just now: the pause ends in a day, and both the words and the header say so.
    expect(paused.body.message).toBe(
      'Cash and card on delivery are paused for your account after 3 cancelled orders in a day. Please try again in 24 hours, or pay online.',
    );
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(Number(paused.headers.get('retry-after'))).toBeLessThanOrEqual(24 * 3600);
  });

  it('answers one text for unusable promo codes, then 429 saying when to try again, as its Retry-After does', async () => {
    const { c } = await shopper();
    await c.post('/api/customer/add-product', { multipart: { product_id: String(productId), qty: '1' } });
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(await c.post('/api/customer/check-promocode', { multipart: { promocode: `GUESS${i}` } }));
    expect(answers.slice(0, 10).map((a) => [a.status, a.body.message])).toEqual(
      Array.from({ length: 10 }, () => [422, 'Invalid promo code.']),
    );
    expect(answers[10]!.status).toBe(429);
    // The message says when to try again, from the same wait as Retry-After: the hour's window,
    // counted from the first guess just now.
    expect(answers[10]!.body.message).toBe('Too many promo code attempts. Please try again in 1 hour.');
    expect(Number(answers[10]!.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(Number(answers[10]!.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
  });

  it('refuses to delete an account that owes credit, saying how much and what to do', async () => {
    const { c, addressId } = await shopper();
    const placed = await order(c, addressId, 'credit');
    expect(placed.status).toBe(201);
    const owed = Number(placed.body.data.order.paid_amount).toLocaleString('en-IN', { minimumFractionDigits: 2 });
    const refused = await c.delete('/api/customer/delete-account');
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      `You have ₹${owed} of credit to pay. Please pay the outstanding amount, or contact us on +91 487 242 0000, before deleting your account.`,
    );
    expect((await c.get('/api/customer/profile')).status).toBe(200);
  });
});
