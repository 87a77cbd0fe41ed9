/**
 * Picking lists and packing slips over HTTP, on every test database: a slot's products summed
 * across its orders (a cancelled order left out, a processed one kept), the CSV download, the
 * query's 400s, a rider's 403, and the printable pages.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addStaffMember,
  DEMO_STAFF_PHONE,
  type StaffClient,
  staffClient,
  stockedProduct,
  THRISSUR_ADDRESS,
} from '../admin/staff-helpers.ts';
import { ApiClient } from '../helpers/api.ts';

type PickingJson = {
  date: string;
  slot_id: string;
  orders: number;
  categories: {
    name: string;
    lines: { product_id: number | null; name: string; unit: string | null; qty: number; orders: number }[];
  }[];
};

/** A new customer's Cash order of `lines` ([product id, qty]) in slot `slotId`. */
async function orderInSlot(baseUrl: string, slotId: string, lines: [number, number][]): Promise<{ id: number }> {
  const customer = new ApiClient(baseUrl);
  await customer.signUp(undefined, 'Picking Test');
  const address = await customer.post('/api/customer/add-address', { json: THRISSUR_ADDRESS });
  for (const [id, qty] of lines)
    await customer.post('/api/customer/add-product', { multipart: { product_id: String(id), qty: String(qty) } });
  const summary = (await customer.get('/api/customer/checkout-summary')).body.data.summary;
  const placed = await customer.post('/api/customer/place-order', {
    json: {
      address_id: address.body.data.address.id,
      payment_mode: 'cod',
      paid_amount: summary.paid_amount,
      points: '0',
      customer_note: 'Gate code 42',
      delivery_slot: slotId,
    },
  });
  if (placed.status !== 201) throw new Error(`place-order failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body.data.order;
}

/** The product's line in a picking list (qty 0 when it is not there). */
const lineOf = (list: PickingJson, productId: number) =>
  list.categories
    .flatMap((c) => c.lines.map((l) => ({ ...l, category: c.name })))
    .find((l) => l.product_id === productId) ?? {
    qty: 0,
    orders: 0,
    category: null,
    name: null,
  };

describe.each(inject('servers'))('picking lists on $kind', ({ baseUrl }) => {
  let packer: StaffClient;
  let manager: StaffClient;
  let owner: StaffClient;
  let slotId: string;
  let date: string;
  let first: { id: number };
  let second: { id: number };

  beforeAll(async () => {
    packer = await staffClient(baseUrl, DEMO_STAFF_PHONE.packer);
    manager = await staffClient(baseUrl, DEMO_STAFF_PHONE.manager);
    owner = await staffClient(baseUrl, DEMO_STAFF_PHONE.owner);
    const guest = new ApiClient(baseUrl);
    const slots = (await guest.get('/api/customer/delivery-slots?pin=680001')).body.data.slots as {
      id: string;
      status: string;
    }[];
    const open = slots.filter((s) => s.status === 'open');
    slotId = open[open.length > 1 ? 1 : 0]!.id;
    date = slotId.slice(0, 10);
  });

  const list = async (client: StaffClient, query: string) => client.get(`/api/admin/picking?${query}`);

  it('sums each product over the slot’s orders, by category, leaving out a cancelled order', async () => {
    const a = await stockedProduct(baseUrl);
    let b = await stockedProduct(baseUrl);
    while (b.id === a.id) b = await stockedProduct(baseUrl);
    const before = (await list(packer, `date=${date}&slot=${encodeURIComponent(slotId)}`)).body.data as PickingJson;

    first = await orderInSlot(baseUrl, slotId, [
      [a.id, 2],
      [b.id, 1],
    ]);
    second = await orderInSlot(baseUrl, slotId, [[a.id, 3]]);
    const cancelled = await orderInSlot(baseUrl, slotId, [[a.id, 4]]);
    expect(
      (await manager.post(`/api/admin/orders/${cancelled.id}/cancel`, { json: { reason: 'Customer asked' } })).status,
    ).toBe(200);
    // A packed (processed) order is still on the list.
    expect((await packer.post(`/api/admin/orders/${first.id}/processed`)).status).toBe(200);

    // The slot by its start alone answers the same list.
    const res = await list(packer, `date=${date}&slot=${slotId.slice(11)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const after = res.body.data as PickingJson;
    expect(after).toMatchObject({ date, slot_id: slotId, orders: before.orders + 2 });
    expect(lineOf(after, a.id)).toMatchObject({
      qty: lineOf(before, a.id).qty + 5,
      orders: lineOf(before, a.id).orders + 2,
    });
    expect(lineOf(after, b.id)).toMatchObject({ qty: lineOf(before, b.id).qty + 1 });
    const line = lineOf(after, a.id);
    expect(line.category).toBeTruthy();
    expect(line.category).not.toBe('Other');
    // Each product once per pack size, each category once.
    const names = after.categories.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);

    // Another slot of the day does not have these orders.
    const other = slotId.slice(11) === '07:00' ? '16:00' : '07:00';
    const elsewhere = (await list(packer, `date=${date}&slot=${other}`)).body.data as PickingJson;
    expect(lineOf(elsewhere, a.id).qty).toBeLessThan(lineOf(after, a.id).qty);
  });

  it('downloads the list as CSV, quoted, with the same figures', async () => {
    const json = (await list(owner, `date=${date}&slot=${encodeURIComponent(slotId)}`)).body.data as PickingJson;
    const res = await fetch(`${baseUrl}/api/admin/picking/csv?date=${date}&slot=${encodeURIComponent(slotId)}`, {
      headers: { cookie: owner.cookie!, 'x-forwarded-for': owner.ip },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="picking-${date}-${slotId.slice(11).replace(':', '')}.csv"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const rows = parse(text) as string[][];
    expect(rows[0]).toEqual(['Category', 'SKU', 'Product', 'Unit', 'Quantity', 'Orders']);
    const lines = json.categories.flatMap((c) => c.lines.map((l) => [c.name, l.name, String(l.qty), String(l.orders)]));
    expect(rows.slice(1).map((r) => [r[0], r[2], r[4], r[5]])).toEqual(lines);
    // A name with a comma ("Chillies, Ginger & Garlic" categories and the like) stays one field.
    expect(rows.every((r) => r.length === 6)).toBe(true);
  });

  it('answers 400 for a bad date or slot, and 403 to a rider', async () => {
    for (const [query, field] of [
      ['slot=07:00', 'date'],
      [`date=${date}`, 'slot'],
      ['date=2026-02-30&slot=07:00', 'date'],
      ['date=26-11-2026&slot=07:00', 'date'],
      [`date=${date}&slot=morning`, 'slot'],
      [`date=${date}&slot=25:00`, 'slot'],
      [`date=${date}&slot=2020-01-01T07:00`, 'slot'],
    ] as const) {
      const res = await list(packer, query);
      expect(res.status, query).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.errors?.[field], query).toBeTruthy();
      const csv = await packer.get(`/api/admin/picking/csv?${query}`);
      expect(csv.status, query).toBe(400);
    }
    const member = await addStaffMember(owner, 'rider', 'Picking Rider');
    const rider = await staffClient(baseUrl, member.phone);
    expect((await list(rider, `date=${date}&slot=07:00`)).status).toBe(403);
    expect((await rider.get(`/api/admin/picking/csv?date=${date}&slot=07:00`)).status).toBe(403);
    expect((await rider.get(`/admin/picking?date=${date}&slot=07:00`)).status).toBe(403);
    expect((await rider.get(`/admin/orders/${first.id}/slip`)).status).toBe(403);
  });

  it('prints the picking list and the packing slips', async () => {
    const page = await packer.get(`/admin/picking?date=${date}&slot=${encodeURIComponent(slotId)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.body).toContain('Download CSV');
    expect(page.body).toMatch(/type="checkbox"/);
    expect(page.body).toContain('@media print');
    expect((await packer.get(`/admin/picking?date=${date}&slot=noon`)).status).toBe(400);

    const slips = await packer.get(`/admin/picking/slips?date=${date}&slot=${encodeURIComponent(slotId)}`);
    expect(slips.status).toBe(200);
    expect(slips.body).toContain(`Order #${first.id}`);
    expect(slips.body).toContain(`Order #${second.id}`);
    expect(slips.body).toContain('Gate code 42');
    expect(slips.body).toContain('To pay');

    const one = await packer.get(`/admin/orders/${first.id}/slip`);
    expect(one.status).toBe(200);
    expect(one.body).toContain(`Order #${first.id}`);
    expect(one.body).toContain('Picking Test');
    expect(one.body).toContain('Round North');
    expect(one.body).toContain('Cash on Delivery');
    expect(one.body).toContain('Replace with a similar item');
    expect((await packer.get('/admin/orders/999999/slip')).status).toBe(404);
  });
});
