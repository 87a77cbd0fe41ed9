/**
 * Complaints on every test database, in process: a problem is reported within the window after
 * delivery and refused after it (and before delivery, and for another customer's order); the
 * clocks (acknowledge in 48 hours, resolve in 30 days) and their overdue marks; one complaint per
 * idempotency key however many arrive at once; the SMS with the ticket number is queued with the
 * complaint; acknowledge and resolve happen once each and are audited; a photo is deleted after
 * its retention period; a refund recorded against a complaint shows on its ticket for staff and
 * the customer.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newComplaintSchema } from '#features/complaints/contract.ts';
import { ticketNumber } from '#features/complaints/rules.ts';
import {
  acknowledgeComplaint,
  complaintQueue,
  createComplaint,
  customerComplaints,
  resolveComplaint,
  staffComplaint,
} from '#features/complaints/server/complaints.ts';
import { complaintPhotosDir, pruneComplaintPhotos, storeComplaintPhoto } from '#features/complaints/server/photos.ts';
import { dispatchOrderSms } from '#features/notifications/index.ts';
import { recordReturn } from '#features/returns/server/returns.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { auditLog, complaints, customers, orderItems, orderNotifications, orders } from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const HOUR = 3_600_000;
const manager: StaffActor = { staffId: null, name: 'Test manager', role: 'manager', requestId: null };
const WINDOW = { windowHours: 24 };

describe.each(testDatabaseKinds())('complaints on %s', (kind) => {
  let handle: DatabaseHandle;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A new customer with one order of two lines, delivered at `deliveredAt` (or still placed). */
  async function orderOf(deliveredAt: Date | null) {
    const db = handle.db;
    const [c] = await db
      .insert(customers)
      .values({ name: 'Asha', phone: `+91960000${String(++phone).padStart(4, '0')}` })
      .returning();
    const [o] = await db
      .insert(orders)
      .values({
        customerId: c!.id,
        paymentMode: 'Cash',
        subtotalPaise: 30_000,
        paidAmountPaise: 30_000,
        status: deliveredAt ? 'delivered' : 'placed',
        deliveredAt,
      })
      .returning();
    const lines = await db
      .insert(orderItems)
      .values([
        {
          orderId: o!.id,
          productName: 'Tomato',
          qty: 3,
          unitPricePaise: 5000,
          mrpPaise: 5000,
          totalAmountPaise: 15_000,
        },
        {
          orderId: o!.id,
          productName: 'Banana',
          qty: 1,
          unitPricePaise: 15_000,
          mrpPaise: 15_000,
          totalAmountPaise: 15_000,
        },
      ])
      .returning();
    return { customerId: c!.id, orderId: o!.id, lines: lines.map((l) => l.id) };
  }

  const input = (fields: Record<string, unknown>) =>
    newComplaintSchema.parse({ reason: 'damaged', idempotency_key: crypto.randomUUID(), ...fields });

  it('takes a problem within the window after delivery, with its ticket number and clocks', async () => {
    const delivered = new Date(Date.now() - 23 * HOUR);
    const { customerId, orderId, lines } = await orderOf(delivered);
    const now = new Date();
    const made = await createComplaint(
      handle.db,
      customerId,
      input({ order_id: orderId, lines: [{ line_id: lines[0], qty: 2 }], description: 'Two were squashed' }),
      { ...WINDOW, now },
    );
    expect(made.created).toBe(true);
    const c = made.complaint;
    expect(c.ticket_number).toBe(ticketNumber(c.id, now));
    expect(c.ticket_number).toMatch(/^C-\d{2}-\d{6}$/);
    expect(c.status).toBe('new');
    expect(c.lines).toEqual([{ line_id: lines[0], product: 'Tomato', qty: 2 }]);
    expect(new Date(c.acknowledge_by).getTime() - now.getTime()).toBe(48 * HOUR);
    expect(new Date(c.resolve_by).getTime() - now.getTime()).toBe(30 * 24 * HOUR);
  });

  it('refuses a problem after the window, before delivery, for another customer and for lines not in the order', async () => {
    const late = await orderOf(new Date(Date.now() - 25 * HOUR));
    await expect(
      createComplaint(
        handle.db,
        late.customerId,
        input({ order_id: late.orderId, lines: [{ line_id: late.lines[0], qty: 1 }] }),
        WINDOW,
      ),
    ).rejects.toMatchObject({ code: 'unprocessable', message: expect.stringContaining('within 24 hours of delivery') });
    // A longer window from the settings takes it.
    const made = await createComplaint(
      handle.db,
      late.customerId,
      input({ order_id: late.orderId, lines: [{ line_id: late.lines[0], qty: 1 }] }),
      { windowHours: 48 },
    );
    expect(made.created).toBe(true);

    const placed = await orderOf(null);
    await expect(
      createComplaint(
        handle.db,
        placed.customerId,
        input({ order_id: placed.orderId, lines: [{ line_id: placed.lines[0], qty: 1 }] }),
        WINDOW,
      ),
    ).rejects.toMatchObject({
      code: 'unprocessable',
      message: 'You can report a problem once the order is delivered.',
    });

    const mine = await orderOf(new Date());
    const other = await orderOf(new Date());
    await expect(
      createComplaint(
        handle.db,
        other.customerId,
        input({ order_id: mine.orderId, lines: [{ line_id: mine.lines[0], qty: 1 }] }),
        WINDOW,
      ),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      createComplaint(
        handle.db,
        mine.customerId,
        input({ order_id: mine.orderId, lines: [{ line_id: other.lines[0], qty: 1 }] }),
        WINDOW,
      ),
    ).rejects.toMatchObject({ code: 'unprocessable', message: 'One of the items is not in this order.' });
    await expect(
      createComplaint(
        handle.db,
        mine.customerId,
        input({ order_id: mine.orderId, lines: [{ line_id: mine.lines[1], qty: 2 }] }),
        WINDOW,
      ),
    ).rejects.toMatchObject({ code: 'unprocessable', message: 'You can report at most as many as were ordered.' });
  });

  it('makes one complaint and queues one SMS per idempotency key, whatever arrives at once', async () => {
    const { customerId, orderId, lines } = await orderOf(new Date());
    const request = input({ order_id: orderId, lines: [{ line_id: lines[1], qty: 1 }], reason: 'spoiled' });
    const results = await Promise.all([1, 2, 3, 4].map(() => createComplaint(handle.db, customerId, request, WINDOW)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.complaint.id)).size).toBe(1);
    const id = results[0]!.complaint.id;
    const rows = await handle.db.select().from(complaints).where(eq(complaints.customerId, customerId));
    expect(rows).toHaveLength(1);
    const sms = await handle.db.select().from(orderNotifications).where(eq(orderNotifications.complaintId, id));
    expect(sms).toMatchObject([{ event: 'complaint_received', orderId: null, sentAt: null }]);
    // The same key for another complaint is refused.
    await expect(
      createComplaint(handle.db, customerId, { ...request, reason: 'wrong_item' }, WINDOW),
    ).rejects.toMatchObject({ code: 'unprocessable' });
    // The dispatcher sends it to the complaint's customer with the ticket number.
    await dispatchOrderSms(handle.db);
    const [sent] = await handle.db.select().from(orderNotifications).where(eq(orderNotifications.complaintId, id));
    expect(sent!.sentAt).not.toBeNull();
    expect(sent!.failedAt).toBeNull();
  });

  it('takes a grievance not about one order', async () => {
    const { customerId } = await orderOf(null);
    const made = await createComplaint(
      handle.db,
      customerId,
      input({ reason: 'billing', description: 'Charged twice for delivery' }),
      WINDOW,
    );
    expect(made.complaint).toMatchObject({ order_id: null, reason: 'billing', lines: [] });
    expect(() => newComplaintSchema.parse({ reason: 'billing', idempotency_key: crypto.randomUUID() })).toThrow(
      /Tell us what went wrong/,
    );
    // A problem with items names them; a late delivery or a bill need not.
    expect(() => input({ order_id: 1, reason: 'damaged' })).toThrow(/Choose the items that have a problem/);
    expect(input({ order_id: 1, reason: 'late_delivery' })).toMatchObject({ reason: 'late_delivery' });
  });

  it('marks the clocks overdue, and acknowledges and resolves once each, audited', async () => {
    const { customerId, orderId, lines } = await orderOf(new Date());
    const made = await createComplaint(
      handle.db,
      customerId,
      input({ order_id: orderId, lines: [{ line_id: lines[0], qty: 1 }] }),
      WINDOW,
    );
    const id = made.complaint.id;
    const soon = new Date(Date.now() + 47 * HOUR);
    const late = new Date(Date.now() + 49 * HOUR);
    const find = async (at: Date) => (await complaintQueue(handle.db, 'open', at)).complaints.find((c) => c.id === id)!;
    expect((await find(soon)).overdue).toBeNull();
    expect((await find(late)).overdue).toBe('acknowledge');
    expect((await complaintQueue(handle.db, 'open', late)).counts.overdue).toBeGreaterThanOrEqual(1);

    const answers = await Promise.allSettled([1, 2, 3].map(() => acknowledgeComplaint(handle.db, manager, id, late)));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'rejected').map((a) => (a as PromiseRejectedResult).reason.code)).toEqual(
      ['conflict', 'conflict'],
    );
    expect((await find(late)).overdue).toBeNull();
    const monthLater = new Date(Date.now() + 31 * 24 * HOUR);
    expect((await find(monthLater)).overdue).toBe('resolve');

    const resolved = await resolveComplaint(handle.db, manager, id, 'Refunded ₹50 to FarmFresh credit.', monthLater);
    expect(resolved).toMatchObject({
      status: 'resolved',
      overdue: null,
      resolution: 'Refunded ₹50 to FarmFresh credit.',
    });
    await expect(resolveComplaint(handle.db, manager, id, 'again', monthLater)).rejects.toMatchObject({
      code: 'conflict',
    });
    const audit = await handle.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'complaint'), eq(auditLog.recordId, String(id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['complaint.acknowledged', 'complaint.resolved']);
    expect(audit.find((a) => a.action === 'complaint.acknowledged')!.after).toMatchObject({ late: true });
  });

  it('shows a refund recorded against a complaint on its ticket, for staff and its customer', async () => {
    const { customerId, orderId, lines } = await orderOf(new Date(Date.now() - HOUR));
    const { complaint } = await createComplaint(
      handle.db,
      customerId,
      input({ order_id: orderId, lines: [{ line_id: lines[0], qty: 1 }] }),
      WINDOW,
    );
    expect(complaint.refunds).toEqual([]);
    const done = await recordReturn(
      handle.db,
      orderId,
      {
        kind: 'refund',
        reason: 'damaged',
        lines: [{ line_id: lines[0]!, qty: 1 }],
        complaint_id: complaint.id,
        idempotency_key: crypto.randomUUID(),
      },
      manager,
    );
    expect(done.refundPaise).toBe(5000);
    const expected = [
      { kind: 'refund', amount: '50.00', credit_note: done.creditNote?.number ?? null, created_at: expect.any(String) },
    ];
    expect((await staffComplaint(handle.db, complaint.id)).refunds).toEqual(expected);
    expect((await complaintQueue(handle.db, 'open')).complaints.find((c) => c.id === complaint.id)?.refunds).toEqual(
      expected,
    );
    expect((await customerComplaints(handle.db, customerId, orderId))[0]!.refunds).toEqual(expected);
    // Still open: staff resolve it in the queue.
    expect((await staffComplaint(handle.db, complaint.id)).status).toBe('new');
  });

  it('deletes a photo after its retention period, and only then', async () => {
    const { customerId } = await orderOf(null);
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    const photoPath = await storeComplaintPhoto(jpeg);
    const file = path.join(complaintPhotosDir(), photoPath);
    expect(existsSync(file)).toBe(true);
    const madeAt = new Date(Date.now() - 10 * 24 * HOUR);
    const made = await createComplaint(
      handle.db,
      customerId,
      input({ reason: 'other', description: 'See the photo' }),
      { ...WINDOW, photoPath, now: madeAt },
    );
    await pruneComplaintPhotos(handle.db, new Date(madeAt.getTime() + 179 * 24 * HOUR));
    expect(existsSync(file)).toBe(true);
    await pruneComplaintPhotos(handle.db, new Date(madeAt.getTime() + 181 * 24 * HOUR));
    expect(existsSync(file)).toBe(false);
    const [row] = await handle.db.select().from(complaints).where(eq(complaints.id, made.complaint.id));
    expect(row).toMatchObject({ photoPath: null });
    expect(row!.photoDeletedAt).not.toBeNull();
  });
});
