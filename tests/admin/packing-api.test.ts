/**
 * Packing over HTTP, on every test database: a packer records a lower picked quantity and a
 * substitute on a customer's order; the staff order and the customer's order details show the
 * new lines and total; retries and parallel requests change the order once; a rider gets 403;
 * nothing changes once the order is out for delivery.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DEMO_STAFF_PHONE,
  placeCustomerOrder,
  type StaffClient,
  staffClient,
  stockedProduct,
} from './staff-helpers.ts';

const paise = (rupees: string) => Math.round(Number(rupees) * 100);

describe.each(inject('servers'))('packing in the back office on $kind', ({ baseUrl }) => {
  let manager: StaffClient;
  let packer: StaffClient;
  let rider: StaffClient;
  let product: { id: number; stock: number };

  beforeAll(async () => {
    manager = await staffClient(baseUrl, DEMO_STAFF_PHONE.manager);
    packer = await staffClient(baseUrl, DEMO_STAFF_PHONE.packer);
    rider = await staffClient(baseUrl, DEMO_STAFF_PHONE.rider);
    product = await stockedProduct(baseUrl);
  });

  it('records a lower picked quantity once, whatever is retried, and the customer sees it', async () => {
    const { customer, order } = await placeCustomerOrder(baseUrl, product.id, 2);
    const line = (await packer.get(`/api/admin/orders/${order.id}`)).body.data.order.lines[0];
    const path = `/api/admin/orders/${order.id}/lines/${line.id}/picked`;
    const half = line.ordered / 2;

    const denied = await rider.put(path, { json: { picked: half } });
    expect(denied.status).toBe(403);
    const tooMuch = await packer.put(path, { json: { picked: line.ordered } });
    expect(tooMuch.status).toBe(400);

    const results = await Promise.all(Array.from({ length: 5 }, () => packer.put(path, { json: { picked: half } })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.message.startsWith('Picked quantity saved'))).toHaveLength(1);

    const staffView = results[0]!.body.data.order;
    const picked = staffView.lines.find((l: { id: number }) => l.id === line.id);
    expect(picked).toMatchObject({ picked: half, ordered_total: line.total_amount });
    const drop = paise(line.total_amount) - paise(picked.total_amount);
    expect(drop).toBeGreaterThan(0);
    expect(paise(staffView.paid_amount)).toBe(paise(order.paid_amount) - drop);

    const mine = (await customer.get(`/api/customer/orders/${order.id}`)).body.data.order;
    expect(mine.paid_amount).toBe(staffView.paid_amount);
    expect(mine.order_items[0]).toMatchObject({ picked: half, ordered_total: line.total_amount });

    // The audit log has one entry for it.
    const owner = await staffClient(baseUrl, DEMO_STAFF_PHONE.owner);
    const audit = await owner.get(`/api/admin/audit?record_type=order&record_id=${order.id}`);
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body.data).match(/"order\.line_picked"/g)).toHaveLength(1);
  });

  it('substitutes a line once, and refuses changes once out for delivery', async () => {
    const { customer, order } = await placeCustomerOrder(baseUrl, product.id, 1);
    const line = (await packer.get(`/api/admin/orders/${order.id}`)).body.data.order.lines[0];
    let other = await stockedProduct(baseUrl);
    while (other.id === product.id) other = await stockedProduct(baseUrl);
    const path = `/api/admin/orders/${order.id}/lines/${line.id}/substitute`;

    const res = await packer.put(path, { json: { product_id: other.id } });
    expect(res.status).toBe(200);
    const again = await packer.put(path, { json: { product_id: other.id } });
    expect(again.body.message).toMatch(/Nothing to change/);
    const subbed = res.body.data.order.lines[0];
    expect(subbed).toMatchObject({ product_id: other.id, substituted_for: line.name });
    expect(paise(subbed.total_amount)).toBeLessThanOrEqual(paise(line.total_amount));

    const mine = (await customer.get(`/api/customer/orders/${order.id}`)).body.data.order;
    expect(mine.order_items[0]).toMatchObject({ product: { id: other.id }, substituted_for: line.name });

    expect((await manager.post(`/api/admin/orders/${order.id}/processed`)).status).toBe(200);
    expect((await manager.post(`/api/admin/orders/${order.id}/out-for-delivery`)).status).toBe(200);
    const late = await packer.put(`/api/admin/orders/${order.id}/lines/${line.id}/picked`, { json: { picked: 0 } });
    expect(late.status).toBe(409);
  });
});
