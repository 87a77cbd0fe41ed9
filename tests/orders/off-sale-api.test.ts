/**
 * A product whose category the back office deactivates while it sits in a customer's cart, over
 * HTTP on every test database: the cart's JSON marks the line `available: false`, adding it again
 * answers 404, placing the order answers 409 naming the product with nothing taken, and once the
 * category is back the same cart is ordered. The product and its category are the test's own, so
 * the other tests on the shared server are not disturbed.
 */

import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_STAFF_PHONE, type StaffClient, staffClient } from '../admin/staff-helpers.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { ApiClient } from '../helpers/api.ts';

describe.each(inject('servers'))('off-sale cart lines over HTTP on $kind', ({ baseUrl }) => {
  let manager: StaffClient;
  let categoryId: number;
  let product: { id: number; name: string };

  beforeAll(async () => {
    manager = await staffClient(baseUrl, DEMO_STAFF_PHONE.manager);
    const tag = Math.random().toString(36).slice(2, 8);
    const category = `Off-sale test ${tag}`;
    const tree = await manager.post('/api/admin/categories', { json: { name: category } });
    expect(tree.status, JSON.stringify(tree.body)).toBe(201);
    categoryId = (tree.body.data.categories as { id: number; name: string }[]).find((c) => c.name === category)!.id;
    const withSub = await manager.post(`/api/admin/categories/${categoryId}/subcategories`, {
      json: { name: 'Loose' },
    });
    expect(withSub.status, JSON.stringify(withSub.body)).toBe(201);
    const subcategoryId = (withSub.body.data.categories as { id: number; subcategories: { id: number }[] }[]).find(
      (c) => c.id === categoryId,
    )!.subcategories[0]!.id;
    const name = `Kokum ${tag}`;
    const created = await manager.post('/api/admin/products', {
      json: {
        sku: `OFFSALE-${tag.toUpperCase()}`,
        name,
        category_id: categoryId,
        subcategory_id: subcategoryId,
        mrp_paise: 30_000,
        price_paise: 25_000,
        stock: 50,
        is_active: true,
        sold_loose: true,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    product = { id: created.body.data.product.id, name };
  });

  const setCategoryActive = async (active: boolean) => {
    const res = await manager.request('PATCH', `/api/admin/categories/${categoryId}`, { json: { is_active: active } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('marks the line, refuses the order by name with nothing taken, and takes it once the category is back', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const address = await c.post('/api/customer/add-address', { json: THRISSUR_ADDRESS });
    expect(address.status).toBe(201);
    const added = await c.post('/api/customer/add-product', {
      multipart: { product_id: String(product.id), qty: '2' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.my_cart[0]).toMatchObject({ product_id: product.id, available: true });
    const summary = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const order = {
      address_id: address.body.data.address.id,
      payment_mode: 'cod',
      paid_amount: summary.paid_amount,
      points: '0',
    };

    await setCategoryActive(false);
    const cart = await c.get('/api/customer/my-cart');
    expect(cart.body.data.my_cart).toEqual([
      expect.objectContaining({ product_id: product.id, qty: 2, available: false }),
    ]);
    const again = await c.post('/api/customer/add-product', {
      multipart: { product_id: String(product.id), qty: '1' },
    });
    expect(again.status).toBe(404);
    const refused = await c.post('/api/customer/place-order', { json: order });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      message: `Sorry, ${product.name} is no longer available. Please remove it from your cart.`,
      data: { product_id: product.id },
    });
    // Nothing taken: no order, the stock and the cart as they were.
    expect((await c.get('/api/customer/my-orders')).body.data.orders).toEqual([]);
    expect((await manager.get(`/api/admin/products/${product.id}`)).body.data.product.stock).toBe(50);
    expect((await c.get('/api/customer/my-cart')).body.data.my_cart).toHaveLength(1);

    await setCategoryActive(true);
    const placed = await c.post('/api/customer/place-order', { json: order });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await manager.get(`/api/admin/products/${product.id}`)).body.data.product.stock).toBe(48);
    await setCategoryActive(false);
  });
});
