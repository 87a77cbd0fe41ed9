/**
 * Packing over HTTP, on every test database: a packer records a lower picked quantity and a
 * substitute on a customer's order; the staff order and the customer's order details show the
 * new lines and total; retries and parallel requests change the order once; a rider gets 403;
 * nothing changes once the order is out for delivery. The order's history then names each pick,
 * substitution and rider assignment with who and when, and the packing slip shows the lines as packed.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
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

  it('lists picks, substitutions and the rider in the order’s history, and prints the slip as packed', async () => {
    type Listed = { id: number; name: string; stock: number; offer_price: number; weight: number | null };
    const all = (await new ApiClient(baseUrl).get('/api/customer/products/0?pageSize=100&page=1')).body.data
      .products as Listed[];
    // Plain names read the same in the slip's HTML.
    const plain = all.filter((p) => p.stock >= 100 && /^[A-Za-z ]+$/.test(p.name));
    const weighed = plain.find((p) => p.weight)!;
    const other = plain.find((p) => p.id !== weighed.id)!;
    // A substitute no cheaper than the line: nothing goes back, so no approval is needed.
    const substitute = plain.find(
      (p) => p.id !== weighed.id && p.id !== other.id && p.offer_price >= other.offer_price,
    )!;
    const { order } = await placeCustomerOrder(baseUrl, [weighed.id, other.id], 1);
    const placed = (await packer.get(`/api/admin/orders/${order.id}`)).body.data.order;
    const line = (id: number) => placed.lines.find((l: { product_id: number }) => l.product_id === id);
    const weighedLine = line(weighed.id);
    const picked = Math.round(weighedLine.ordered * 0.85 * 1000) / 1000;

    const pick = await packer.put(`/api/admin/orders/${order.id}/lines/${weighedLine.id}/picked`, {
      json: { picked },
    });
    expect(pick.status).toBe(200);
    const sub = await packer.put(`/api/admin/orders/${order.id}/lines/${line(other.id).id}/substitute`, {
      json: { product_id: substitute.id },
    });
    expect(sub.status).toBe(200);
    const biju = placed.riders.find((r: { name: string }) => r.name === 'Biju Varghese');
    expect((await manager.put(`/api/admin/orders/${order.id}/rider`, { json: { rider_id: biju.id } })).status).toBe(
      200,
    );

    const o = (await packer.get(`/api/admin/orders/${order.id}`)).body.data.order;
    const unit = weighedLine.measure;
    expect(o.history.map((h: { kind: string; text: string; by: string }) => [h.kind, h.text, h.by])).toEqual([
      ['status', 'Placed', 'Customer'],
      ['picked', `Picked ${picked} ${unit} of ${weighed.name} (ordered ${weighedLine.ordered} ${unit})`, 'Anu Thomas'],
      ['substituted', `Substituted ${other.name} with ${substitute.name}`, 'Anu Thomas'],
      ['rider', 'Rider assigned: Biju Varghese', 'Ravi Menon'],
    ]);
    const times = o.history.map((h: { at: string }) => Date.parse(h.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const slip = (await packer.get(`/admin/orders/${order.id}/slip`)).body as string;
    expect(slip).toContain(`${picked} ${unit}`);
    expect(slip).toContain(`ordered ${weighedLine.ordered} ${unit}`);
    expect(slip).toContain(substitute.name);
    expect(slip).toContain(`instead of ${other.name}`);
    // The totals as charged after packing, and the rider collects that total (cash on delivery).
    const total = `₹${Number(o.paid_amount).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    expect(Number(o.paid_amount)).toBeLessThan(Number(order.paid_amount));
    expect(slip).toMatch(new RegExp(`data-total[^>]*>${total.replace(/[.$]/g, '\\$&')}<`));
    expect(slip).toMatch(new RegExp(`data-due[^>]*>${total.replace(/[.$]/g, '\\$&')}<`));
  });
});
