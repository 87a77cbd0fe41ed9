/**
 * Returns and refunds on a delivered order, on every test database: refunded exactly once to
 * where the order was paid from (credit at once, an online payment through the gateway, cash by
 * hand for a Cash order paid at the door), with one credit note per request, whatever is retried
 * or run in parallel; never more than is left of a line; only on delivered orders; a complaint
 * of another order refused; each recorded in the audit log.
 */

import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { allocateInvoiceNumber } from '#features/invoices/server/numbering.ts';
import { onOrderConfirmed } from '#features/orders/server/confirmation.ts';
import { orderJson } from '#features/orders/server/order-json.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { getOrder } from '#features/orders/server/queries.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder } from '#features/orders/server/status.ts';
import { returnRequestSchema } from '#features/returns/rules.ts';
import { recordReturn, returnableLines } from '#features/returns/server/returns.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import {
  auditLog,
  complaints,
  creditNotes,
  customers,
  orderAdjustments,
  orderItems,
  orders,
  paymentRefunds,
  products,
} from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { FakeGateway, payPlaced } from '../helpers/fake-gateway.ts';

// As the server wires it (src/server/wiring.ts): a confirmed order gets its invoice number.
onOrderConfirmed(allocateInvoiceNumber);

const manager: StaffActor = { staffId: null, name: 'Test manager', role: 'manager', requestId: null };
let keys = 0;
const key = () => `test-return-${++keys}-${Math.random().toString(36).slice(2, 8)}`;

describe.each(testDatabaseKinds())('returns and refunds on %s', (kind) => {
  let handle: DatabaseHandle;
  let productId: number;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const [p] = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), gte(products.pricePaise, 1000)))
      .limit(1);
    await handle.db.update(products).set({ stock: 10_000 }).where(eq(products.id, p!.id));
    productId = p!.id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A customer's order of 2 packs paid in `mode`, delivered (Online: paid through `gateway`). */
  async function delivered(mode: 'Cash' | 'Credit' | 'Online', gateway?: FakeGateway) {
    const db = handle.db;
    const [c] = await db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+91962000${String(++phone).padStart(4, '0')}`,
        creditLimitPaise: 1_000_000,
        creditBalancePaise: 1_000_000,
      })
      .returning();
    const address = await addAddress(db, c!.id, THRISSUR_ADDRESS);
    await addToCart(db, c!.id, productId, 2);
    const quote = await quoteOrder(db, c!.id, { points: 0 });
    const placed = await placeOrder(
      db,
      c!.id,
      { addressId: address.id, paymentMode: mode, paidAmountPaise: quote.paidAmountPaise, points: 0 },
      { gateway },
    );
    if (gateway) await payPlaced(db, gateway, placed);
    for (let i = 0; i < 3; i++) await advanceOrder(db, placed.order.id);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.order.id));
    return { customerId: c!.id, orderId: placed.order.id, line: line! };
  }
  const request = (lineId: number, qty: number, extra: Record<string, unknown> = {}) =>
    returnRequestSchema.parse({
      reason: 'damaged',
      lines: [{ line_id: lineId, qty }],
      idempotency_key: key(),
      ...extra,
    });
  const balance = async (id: number) =>
    (await handle.db.select().from(customers).where(eq(customers.id, id)))[0]!.creditBalancePaise;
  const notesOf = (orderId: number) => handle.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));

  it('a refund on a delivered order is paid once under two parallel requests and makes one credit note', async () => {
    const { customerId, orderId, line } = await delivered('Credit');
    const before = await balance(customerId);
    const [net] = (await returnableLines(handle.db, orderId)).map((l) => l.netPaise);
    const same = request(line.id, 1, { kind: 'refund' });
    const outcomes = await Promise.all([
      recordReturn(handle.db, orderId, same, manager),
      recordReturn(handle.db, orderId, same, manager),
    ]);
    expect(outcomes.map((o) => o.replayed).sort()).toEqual([false, true]);
    expect(outcomes[0]!.refundPaise).toBe(Math.round(net! / 2));
    expect(outcomes[1]!.refundPaise).toBe(outcomes[0]!.refundPaise);
    expect(outcomes[0]!.creditNote).toEqual(outcomes[1]!.creditNote);
    expect(await balance(customerId)).toBe(before + Math.round(net! / 2));
    const json = orderJson(await getOrder(handle.db, customerId, orderId));
    expect(json.refund).toEqual([
      expect.objectContaining({ to: 'credit', amount: (Math.round(net! / 2) / 100).toFixed(2) }),
    ]);
    // Marked on its line, once, not as a full-price line.
    expect(json.order_items[0]!.returns).toEqual([
      expect.objectContaining({ kind: 'refund', reason: 'damaged', amount: (Math.round(net! / 2) / 100).toFixed(2) }),
    ]);
    const notes = await notesOf(orderId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ reason: 'refund', totalPaise: Math.round(net! / 2) });
    const adjustments = await handle.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, orderId));
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({
      kind: 'refund',
      reason: 'damaged',
      qty: 1,
      refundTo: 'credit',
      creditNoteId: notes[0]!.id,
    });
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(orderId)), eq(auditLog.action, 'order.refund_recorded')));
    expect(entry).toMatchObject({ staffName: 'Test manager' });
    expect(entry!.after).toMatchObject({ refund_to: 'credit', credit_note: notes[0]!.number });
  });

  it('never gives back more than is left of a line, whatever runs in parallel', async () => {
    const { customerId, orderId, line } = await delivered('Credit');
    const before = await balance(customerId);
    const [net] = (await returnableLines(handle.db, orderId)).map((l) => l.netPaise);
    const settled = await Promise.allSettled([
      recordReturn(handle.db, orderId, request(line.id, 2), manager),
      recordReturn(handle.db, orderId, request(line.id, 2), manager),
    ]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(settled.find((s) => s.status === 'rejected')).toMatchObject({ reason: { code: 'conflict' } });
    // The whole line back: exactly its net amount, no paisa lost to rounding.
    expect(await balance(customerId)).toBe(before + net!);
    expect(await returnableLines(handle.db, orderId)).toEqual([expect.objectContaining({ returnedQty: 2 })]);
    await expect(recordReturn(handle.db, orderId, request(line.id, 0.5), manager)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('in full already'),
    });
  });

  it('an online order is refunded to its payment through the gateway, once', async () => {
    const gateway = new FakeGateway();
    const { orderId, line } = await delivered('Online', gateway);
    const outcome = await recordReturn(handle.db, orderId, request(line.id, 1), manager, { gateway });
    expect(outcome).toMatchObject({ refundTo: 'original_payment', replayed: false });
    const refunds = await handle.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
    expect(refunds).toEqual([expect.objectContaining({ reason: 'return', amountPaise: outcome.refundPaise })]);
    expect(gateway.refunds.map((r) => r.amountPaise)).toEqual([outcome.refundPaise]);
  });

  it('a cash order paid at the door gets its money back in cash, by hand', async () => {
    const { customerId, orderId, line } = await delivered('Cash');
    const before = await balance(customerId);
    const outcome = await recordReturn(handle.db, orderId, request(line.id, 1, { reason: 'spoiled' }), manager);
    expect(outcome.refundTo).toBe('cash');
    expect(await balance(customerId)).toBe(before);
    // The customer's order says where the money went.
    const json = orderJson(await getOrder(handle.db, customerId, orderId));
    expect(json.refund).toEqual([
      expect.objectContaining({
        to: 'cash',
        text: expect.stringMatching(/for returned or refunded items, given back in cash$/),
      }),
    ]);
    expect((await notesOf(orderId)).map((n) => n.reason)).toEqual(['return']);
    // The line says what came back of it, in its measure: 1 pack of 500 g reads 500 "g".
    const perPack = line.weight && line.weightUnit ? Number(line.weight) : 1;
    expect(json.order_items[0]!.returns).toEqual([
      { kind: 'return', reason: 'spoiled', qty: perPack, amount: (outcome.refundPaise / 100).toFixed(2) },
    ]);
  });

  it('refuses an order not delivered, an unknown line and a complaint of another order', async () => {
    const { orderId, line } = await delivered('Credit');
    const other = await delivered('Credit');
    await handle.db.update(orders).set({ status: 'out_for_delivery' }).where(eq(orders.id, other.orderId));
    await expect(recordReturn(handle.db, other.orderId, request(other.line.id, 1), manager)).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(recordReturn(handle.db, orderId, request(other.line.id, 1), manager)).rejects.toMatchObject({
      code: 'not_found',
    });
    const [complaint] = await handle.db
      .insert(complaints)
      .values({
        ticketNumber: `C-T-${orderId}`,
        customerId: other.customerId,
        orderId: other.orderId,
        reason: 'damaged',
        acknowledgeBy: new Date(),
        resolveBy: new Date(),
      })
      .returning();
    await expect(
      recordReturn(handle.db, orderId, request(line.id, 1, { complaint_id: complaint!.id }), manager),
    ).rejects.toMatchObject({ code: 'bad_request' });
    expect(await notesOf(orderId)).toHaveLength(0);
  });

  it('checks the request: a quantity above 0, at most 3 decimals, each line once', () => {
    const parse = (body: unknown) => returnRequestSchema.safeParse(body).success;
    const base = { reason: 'damaged', idempotency_key: 'abcdefgh-1' };
    expect(parse({ ...base, lines: [{ line_id: 1, qty: 0.25 }] })).toBe(true);
    expect(parse({ ...base, lines: [{ line_id: 1, qty: 0 }] })).toBe(false);
    expect(parse({ ...base, lines: [{ line_id: 1, qty: 0.0001 }] })).toBe(false);
    expect(parse({ ...base, lines: [] })).toBe(false);
    expect(
      parse({
        ...base,
        lines: [
          { line_id: 1, qty: 1 },
          { line_id: 1, qty: 1 },
        ],
      }),
    ).toBe(false);
    expect(parse({ ...base, reason: 'because', lines: [{ line_id: 1, qty: 1 }] })).toBe(false);
  });
});
