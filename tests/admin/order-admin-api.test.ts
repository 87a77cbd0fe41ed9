/**
 * The back office's orders over HTTP, on every test database: a new order on the board (its slot,
 * counts and version), search and filters, one order's page, the staff moves (exactly once under
 * retries and parallel clicks, each with its audit entry), the shop's cancellation with a reason
 * (stock and slot back), riders seeing and moving only their own orders.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addStaffMember,
  DEMO_STAFF_PHONE,
  placeCustomerOrder,
  type StaffClient,
  staffClient,
  stockedProduct,
  stockOf,
} from './staff-helpers.ts';

type BoardSlot = {
  zone_id: string;
  slot_id: string;
  used: number;
  counts: Record<string, number>;
  matching: number;
  orders: { id: number }[];
};

describe.each(inject('servers'))('orders in the back office on $kind', ({ baseUrl }) => {
  let owner: StaffClient;
  let manager: StaffClient;
  let packer: StaffClient;
  let product: { id: number; stock: number };

  beforeAll(async () => {
    owner = await staffClient(baseUrl, DEMO_STAFF_PHONE.owner);
    manager = await staffClient(baseUrl, DEMO_STAFF_PHONE.manager);
    packer = await staffClient(baseUrl, DEMO_STAFF_PHONE.packer);
    product = await stockedProduct(baseUrl);
  });

  /** The order's slot on the board, or undefined. */
  const slotOf = (board: { days: { slots: BoardSlot[] }[] }, orderId: number) =>
    board.days.flatMap((d) => d.slots).find((s) => s.orders.some((o) => o.id === orderId));

  /** The board (with `query`), listing every order of the central zone's `slotId` (other tests' orders may fill its page). */
  const boardOpen = async (slotId: string, query = '') =>
    (await owner.get(`/api/admin/board?${query}&open=${encodeURIComponent(`thrissur-central|${slotId}`)}`)).body.data;

  it('shows a new order in its slot on the board, with the version moved', async () => {
    const before = (await owner.get('/api/admin/board/version')).body.data.version;
    const { order, phone } = await placeCustomerOrder(baseUrl, product.id, 2);
    const after = (await owner.get('/api/admin/board/version')).body.data.version;
    expect(after).not.toBe(before);

    const board = await boardOpen(order.delivery_slot.id);
    expect(board.version).toBe(after);
    const slot = slotOf(board, order.id)!;
    expect(slot.slot_id).toBe(order.delivery_slot.id);
    expect(slot.zone_id).toBe('thrissur-central');
    expect(slot.counts.placed).toBeGreaterThanOrEqual(1);
    expect(slot.used).toBeGreaterThanOrEqual(slot.orders.length > 0 ? 1 : 0);
    const listed = slot.orders.find((o) => o.id === order.id);
    // Items count units, as the customer's pages do: two of one product are 2 items.
    expect(listed).toMatchObject({ status: 'placed', payment_mode: 'Cash', customer_mobile: phone, items: 2 });

    // Search by order number and by mobile; filters.
    const byId = (await owner.get(`/api/admin/board?q=%23${order.id}`)).body.data;
    expect(byId.results.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const byPhone = (await owner.get(`/api/admin/board?q=${encodeURIComponent(phone)}`)).body.data;
    expect(byPhone.results.map((o: { id: number }) => o.id)).toEqual([order.id]);
    const delivered = await boardOpen(order.delivery_slot.id, 'status=delivered');
    expect(slotOf(delivered, order.id)).toBeUndefined();
    const cash = await boardOpen(
      order.delivery_slot.id,
      'payment_mode=Cash&payment_status=unpaid&zone=thrissur-central',
    );
    expect(slotOf(cash, order.id)).toBeTruthy();

    // Without `open`, each slot lists at most its 20 newest matching orders and says how many match.
    const plain = (await owner.get('/api/admin/board')).body.data;
    // A new order is listed without opening its slot: a slot's page holds its newest orders.
    expect(slotOf(plain, order.id)).toBeTruthy();
    for (const s of plain.days.flatMap((d: { slots: BoardSlot[] }) => d.slots) as BoardSlot[]) {
      expect(s.orders.length).toBe(Math.min(20, s.matching));
      expect(s.matching).toBe(Object.values(s.counts).reduce((n, c) => n + c, 0));
    }
    const placed = (await owner.get('/api/admin/board?status=placed')).body.data;
    for (const s of placed.days.flatMap((d: { slots: BoardSlot[] }) => d.slots) as BoardSlot[]) {
      expect(s.matching).toBe(s.counts.placed);
    }
    const bad = await owner.get('/api/admin/board?status=lost');
    expect(bad.status).toBe(400);
  });

  it('shows any bookable day from a chosen first day, with its own version; refuses a day past the last bookable one', async () => {
    const first = (await owner.get('/api/admin/board')).body.data;
    expect(first.days.map((d: { label: string }) => d.label)).toEqual(['Today', 'Tomorrow']);
    const lastDay = first.last_bookable as string;
    expect(lastDay > first.days[1].date).toBe(true);
    const customerSlots = (await (await fetch(`${baseUrl}/api/customer/delivery-slots?pin=680001`)).json()).data
      .slots as { id: string; status: string }[];
    const later = customerSlots.find((s) => s.status === 'open' && s.id.startsWith(lastDay));
    expect(later, 'an open slot on the last bookable day').toBeTruthy();

    const before = (await owner.get(`/api/admin/board/version?date=${lastDay}`)).body.data.version;
    const { order } = await placeCustomerOrder(baseUrl, product.id, 1, later!.id);
    expect((await owner.get(`/api/admin/board/version?date=${lastDay}`)).body.data.version).not.toBe(before);

    const board = (
      await owner.get(`/api/admin/board?date=${lastDay}&open=${encodeURIComponent(`thrissur-central|${later!.id}`)}`)
    ).body.data;
    // The last bookable day stands alone: the day after it takes no orders.
    expect(board.days.map((d: { date: string }) => d.date)).toEqual([lastDay]);
    expect(board.days[0].label).toMatch(/day$/);
    expect(slotOf(board, order.id)?.slot_id).toBe(later!.id);
    expect(slotOf(first, order.id)).toBeUndefined();

    const past = new Date(Date.parse(`${lastDay}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const tooLate = await owner.get(`/api/admin/board?date=${past}`);
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.message).toBe('Choose a day up to the last one customers can book.');
    expect((await owner.get('/api/admin/board?date=tomorrow')).status).toBe(400);
    expect((await owner.get(`/api/admin/board/version?date=${past}`)).status).toBe(400);
  });

  it('shows one order with its lines, choices, customer, address, slot and history', async () => {
    const { order, phone } = await placeCustomerOrder(baseUrl, product.id, 1);
    const res = await packer.get(`/api/admin/orders/${order.id}`);
    expect(res.status).toBe(200);
    const o = res.body.data.order;
    expect(o).toMatchObject({
      id: order.id,
      status: 'placed',
      customer: { mobile: phone },
      customer_note: 'Ring twice',
      delivery_slot: { id: order.delivery_slot.id },
    });
    expect(o.lines[0]).toMatchObject({ product_id: product.id, qty: 1, substitution: 'replace' });
    // Cash on delivery: the rider collects the whole total.
    expect(o.amount_due).toBe(o.paid_amount);
    expect(o.map_url).toContain('10.5276');
    expect(o.history).toEqual([expect.objectContaining({ status: 'placed', by: 'Customer' })]);
    expect(o.riders.length).toBeGreaterThan(0);
    expect((await packer.get('/api/admin/orders/999999')).status).toBe(404);
  });

  it('marks an order processed exactly once, however often and however parallel the click', async () => {
    const { order } = await placeCustomerOrder(baseUrl, product.id, 1);
    const answers = await Promise.all([1, 2, 3].map(() => packer.post(`/api/admin/orders/${order.id}/processed`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.every((a) => a.body.data.order.status === 'processed')).toBe(true);
    const again = await packer.post(`/api/admin/orders/${order.id}/processed`);
    expect(again.body.message).toBe('Nothing to change: the order is there already.');
    const audit = (await owner.get(`/api/admin/audit?record_type=order&record_id=${order.id}`)).body.data.entries;
    const processed = audit.filter((e: { action: string }) => e.action === 'order.processed');
    expect(processed).toHaveLength(1);
    expect(processed[0]).toMatchObject({
      staff_name: 'Anu Thomas',
      role: 'packer',
      before: { status: 'placed' },
      after: { status: 'processed' },
    });
    const history = (await packer.get(`/api/admin/orders/${order.id}`)).body.data.order.history;
    expect(history.map((h: { status: string; by: string }) => [h.status, h.by])).toEqual([
      ['placed', 'Customer'],
      ['processed', 'Anu Thomas'],
    ]);
    // Skipping a step is refused.
    const skip = await packer.post(`/api/admin/orders/${order.id}/outcome`, {
      json: { outcome: 'delivered', idempotency_key: 'skip-a-step-key' },
    });
    expect(skip.status).toBe(409);
  });

  it('lets a manager cancel with a reason: stock and the slot’s place come back; a packer may not', async () => {
    const stock = await stockOf(baseUrl, product.id);
    const { order, customer } = await placeCustomerOrder(baseUrl, product.id, 3);
    expect(await stockOf(baseUrl, product.id)).toBe(stock - 3);
    const usedBefore = slotOf(await boardOpen(order.delivery_slot.id), order.id)!.used;

    // A packer of its own: the demo packer's refusals in other tests may fill its 10 logged refusals a window.
    const newPacker = await staffClient(baseUrl, (await addStaffMember(owner, 'packer', 'Refused Packer')).phone);
    const refused = await newPacker.post(`/api/admin/orders/${order.id}/cancel`, { json: { reason: 'Out of stock' } });
    expect(refused.status).toBe(403);
    const noReason = await manager.post(`/api/admin/orders/${order.id}/cancel`, { json: { reason: ' ' } });
    expect(noReason.status).toBe(400);

    const cancelled = await manager.post(`/api/admin/orders/${order.id}/cancel`, { json: { reason: 'Bad weather' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.order).toMatchObject({ status: 'cancelled', cancel_reason: 'Bad weather' });
    expect(await stockOf(baseUrl, product.id)).toBe(stock);
    const board = (await owner.get('/api/admin/board')).body.data;
    const slot = board.days
      .flatMap((d: { slots: BoardSlot[] }) => d.slots)
      .find((s: BoardSlot) => s.slot_id === order.delivery_slot.id && s.zone_id === 'thrissur-central');
    expect(slot.used).toBe(usedBefore - 1);
    expect((await customer.get(`/api/customer/orders/${order.id}`)).body.data.order.order_status).toBe('cancelled');
    const twice = await manager.post(`/api/admin/orders/${order.id}/cancel`, { json: { reason: 'Bad weather' } });
    expect(twice.status).toBe(409);
    expect(await stockOf(baseUrl, product.id)).toBe(stock);

    const audit = (await owner.get(`/api/admin/audit?record_type=order&record_id=${order.id}`)).body.data.entries;
    expect(audit.find((e: { action: string }) => e.action === 'order.cancelled')).toMatchObject({
      staff_name: 'Ravi Menon',
      after: { status: 'cancelled', reason: 'Bad weather' },
    });
    expect(audit.find((e: { action: string }) => e.action === 'permission.denied')).toBeUndefined();
    const denied = (
      await owner.get(`/api/admin/audit?staff_id=${(await newPacker.get('/api/admin/me')).body.data.staff.id}`)
    ).body.data.entries;
    expect(
      denied.some(
        (e: { action: string; after: { path?: string } }) =>
          e.action === 'permission.denied' && e.after.path === `/api/admin/orders/${order.id}/cancel`,
      ),
    ).toBe(true);
  });

  it('lets a rider see and move only the orders assigned to them', async () => {
    const member = await addStaffMember(owner, 'rider', 'Sanju R');
    const rider = await staffClient(baseUrl, member.phone);
    const { order } = await placeCustomerOrder(baseUrl, product.id, 1);
    expect((await rider.get(`/api/admin/orders/${order.id}`)).status).toBe(404);
    expect((await rider.get('/api/admin/board')).status).toBe(403);
    expect((await rider.post(`/api/admin/orders/${order.id}/processed`)).status).toBe(403);

    const notRider = await packer.put(`/api/admin/orders/${order.id}/rider`, {
      json: { rider_id: (await owner.get('/api/admin/me')).body.data.staff.id },
    });
    expect(notRider.status).toBe(400);
    const assigned = await packer.put(`/api/admin/orders/${order.id}/rider`, { json: { rider_id: member.id } });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.order.rider).toEqual({ id: member.id, name: 'Sanju R' });

    expect((await rider.get('/api/admin/deliveries')).body.data.orders.map((o: { id: number }) => o.id)).toContain(
      order.id,
    );
    expect((await rider.get(`/api/admin/orders/${order.id}`)).status).toBe(200);
    expect((await rider.post(`/api/admin/orders/${order.id}/out-for-delivery`)).status).toBe(409); // not packed yet
    await packer.post(`/api/admin/orders/${order.id}/processed`);
    expect((await rider.post(`/api/admin/orders/${order.id}/out-for-delivery`)).status).toBe(200);
    const due = (await rider.get(`/api/admin/orders/${order.id}`)).body.data.order.amount_due;
    const done = await rider.post(`/api/admin/orders/${order.id}/outcome`, {
      json: { outcome: 'delivered', collected: Number(due), idempotency_key: `deliver-${order.id}-once` },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.order).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    const late = await manager.post(`/api/admin/orders/${order.id}/cancel`, { json: { reason: 'Too late' } });
    expect(late.status).toBe(409);
    const history = done.body.data.order.history.map(
      (h: { status: string | null; text: string; by: string }) => `${h.status ?? h.text} by ${h.by}`,
    );
    expect(history).toEqual([
      'placed by Customer',
      'Rider assigned: Sanju R by Anu Thomas',
      'processed by Anu Thomas',
      'out_for_delivery by Sanju R',
      'delivered by Sanju R',
      expect.stringMatching(/^At the door: Delivered — collected ₹[\d.,]+ cash by Sanju R$/),
    ]);

    // Undo and the day's cash are an owner's or manager's: a rider is refused.
    const riderUndo = await rider.post(`/api/admin/orders/${order.id}/outcome/undo`, { json: { reason: 'Oops' } });
    expect(riderUndo.status).toBe(403);
    expect((await rider.get('/api/admin/cash')).status).toBe(403);
    const cash = await manager.get('/api/admin/cash');
    expect(cash.status).toBe(200);
    const sanju = cash.body.data.riders.find((r: { rider: string }) => r.rider === 'Sanju R');
    expect(Number(sanju.collected)).toBeGreaterThanOrEqual(Number(due));
    const undone = await manager.post(`/api/admin/orders/${order.id}/outcome/undo`, {
      json: { reason: 'Tapped the wrong order' },
    });
    expect(undone.status).toBe(200);
    expect(undone.body.data.order).toMatchObject({ status: 'out_for_delivery', outcome: null });
    // The undone trip's cash no longer counts.
    const after = (await manager.get('/api/admin/cash')).body.data.riders.find(
      (r: { rider: string }) => r.rider === 'Sanju R',
    );
    expect(Number(after.collected)).toBe(Number(sanju.collected) - Number(due));
  });

  it('sums a window’s products to pick, by category, as JSON and CSV', async () => {
    // Two orders in one slot: another file's orders may fill the first one's slot in between, then two more.
    let slotId = '';
    for (let attempt = 0; attempt < 5 && !slotId; attempt++) {
      const first = await placeCustomerOrder(baseUrl, product.id, 2);
      const tried = first.order.delivery_slot.id as string;
      slotId = await placeCustomerOrder(baseUrl, product.id, 3, tried).then(
        () => tried,
        () => '',
      );
    }
    expect(slotId).not.toBe('');
    const [date, start] = slotId.split('T');
    const list = (await packer.get(`/api/admin/picking?date=${date}&slot=${start}`)).body.data;
    const line = list.categories
      .flatMap((g: { lines: { product_id: number }[] }) => g.lines)
      .find((l: { product_id: number }) => l.product_id === product.id);
    expect(line.qty).toBeGreaterThanOrEqual(5);
    expect(line.orders).toBeGreaterThanOrEqual(2);
    expect(list.orders).toBeGreaterThanOrEqual(2);
    const csv = await packer.get(`/api/admin/picking/csv?date=${date}&slot=${start}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="picking-${slotId.replace('T', '-').replace(':', '')}.csv"`,
    );
    const rows = parse(csv.body as string) as string[][];
    expect(rows[0]).toEqual(['Category', 'SKU', 'Product', 'Unit', 'Quantity', 'Orders']);
    expect(rows.some((r) => r[2] === line.name && r[4] === String(line.qty))).toBe(true);
    // The download is in the audit log, with its slot and the packer who took it.
    const exports = (await owner.get(`/api/admin/audit?record_type=slot&record_id=${encodeURIComponent(slotId)}`)).body
      .data.entries;
    expect(exports.find((e: { action: string }) => e.action === 'picking.exported')).toMatchObject({
      staff_name: 'Anu Thomas',
      role: 'packer',
    });
    expect((await packer.get(`/api/admin/picking?date=${date}&slot=7am`)).status).toBe(400);
  });
});
