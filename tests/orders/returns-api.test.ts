/**
 * Returns over HTTP, on every test database: only staff with orders.refund record one (a packer's
 * 403, a guest's 401), a bad body is a 400 with its field messages, an order not delivered a 409,
 * the same idempotency key twice refunds once (`replayed`), and the credit note's PDF is served to
 * staff and to its customer.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DEMO_STAFF_PHONE,
  placeCustomerOrder,
  type StaffClient,
  staffClient,
  stockedProduct,
} from '../admin/staff-helpers.ts';
import { ApiClient } from '../helpers/api.ts';

describe.each(inject('servers'))('returns over HTTP on $kind', ({ baseUrl }) => {
  let packer: StaffClient;
  let manager: StaffClient;

  beforeAll(async () => {
    packer = await staffClient(baseUrl, DEMO_STAFF_PHONE.packer);
    manager = await staffClient(baseUrl, DEMO_STAFF_PHONE.manager);
  });

  /** A customer's Cash order of one pack, taken out and delivered at the door (what was due collected) by the manager. */
  async function deliveredOrder() {
    const placed = await placeCustomerOrder(baseUrl, (await stockedProduct(baseUrl)).id);
    for (const step of ['processed', 'out-for-delivery'])
      expect((await manager.post(`/api/admin/orders/${placed.order.id}/${step}`)).status).toBe(200);
    const due = Number((await manager.get(`/api/admin/orders/${placed.order.id}`)).body.data.order.amount_due);
    const delivered = await manager.post(`/api/admin/orders/${placed.order.id}/outcome`, {
      json: {
        outcome: 'delivered',
        collected: due > 0 ? due : undefined,
        idempotency_key: `returns-delivered-${placed.order.id}`,
      },
    });
    expect(delivered.status).toBe(200);
    return placed;
  }

  it('records a return once per key, for orders.refund only, with its credit note', async () => {
    const { customer, order } = await deliveredOrder();
    const line = order.order_items[0].id as number;
    const body = {
      reason: 'damaged',
      lines: [{ line_id: line, qty: 1 }],
      note: 'Crushed',
      idempotency_key: `api-return-${order.id}`,
    };
    const path = `/api/admin/orders/${order.id}/returns`;
    expect((await new ApiClient(baseUrl).post(path, { json: body })).status).toBe(401);
    expect((await packer.post(path, { json: body })).status).toBe(403);
    const bad = await manager.post(path, { json: { ...body, reason: 'because', lines: [] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(expect.arrayContaining(['reason', 'lines']));

    const first = await manager.post(path, { json: body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ refund_to: 'cash', replayed: false });
    expect(first.body.data.credit_note.number).toMatch(/^FFC\/\d\d-\d\d\/\d{6}$/);
    const again = await manager.post(path, { json: body });
    expect(again.body.data).toMatchObject({ replayed: true, credit_note: first.body.data.credit_note });
    // Nothing is left of the line: another key is a 409.
    const more = await manager.post(path, { json: { ...body, idempotency_key: `api-return-more-${order.id}` } });
    expect(more.status).toBe(409);

    const id = first.body.data.credit_note.id as number;
    const staffPdf = await fetch(`${baseUrl}/api/admin/orders/${order.id}/credit-notes/${id}`, {
      headers: { cookie: manager.cookie!, 'x-forwarded-for': manager.ip },
    });
    expect(staffPdf.status).toBe(200);
    expect(staffPdf.headers.get('content-type')).toContain('application/pdf');
    const listed = (await customer.get(`/api/customer/orders/${order.id}`)).body.data.order.credit_notes;
    expect(listed).toEqual([expect.objectContaining({ id, reason: 'return' })]);
  });

  it('refuses an order that is not delivered', async () => {
    const { order } = await placeCustomerOrder(baseUrl, (await stockedProduct(baseUrl)).id);
    const res = await manager.post(`/api/admin/orders/${order.id}/returns`, {
      json: {
        reason: 'goodwill',
        kind: 'refund',
        lines: [{ line_id: order.order_items[0].id, qty: 1 }],
        idempotency_key: `api-refund-${order.id}`,
      },
    });
    expect(res.status).toBe(409);
  });
});
