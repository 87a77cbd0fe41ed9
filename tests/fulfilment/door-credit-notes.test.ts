/**
 * Hand-backs at the door and the GST papers, on a fresh database of each kind: a delivery in part
 * makes one credit note with the handed-back lines and their tax split; the invoice still reads
 * as issued, and the invoice less its credit notes is what the customer paid; the undo is refused
 * once the note is issued; a line handed back in part and then returned is returned only for what
 * is left, priced on what the customer still paid for it.
 */
import { and, asc, eq, gt, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { type OutcomeInput, recordOutcome, UNDO_MESSAGES, undoOutcome } from '#features/fulfilment/server/door.ts';
import { loadInvoice } from '#features/invoices/server/invoice.ts';
import { allocateInvoiceNumber } from '#features/invoices/server/numbering.ts';
import { onOrderConfirmed } from '#features/orders/server/confirmation.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder } from '#features/orders/server/status.ts';
import { recordReturn } from '#features/returns/server/returns.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { creditNotes, customers, orderAdjustments, orderItems, orders, products, staff } from '#lib/db/schema.ts';
import type { SessionStaff, StaffActor } from '#lib/http/staff-session.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

// As the server wires it (src/server/wiring.ts): the invoice number at confirmation.
onOrderConfirmed(allocateInvoiceNumber);

const key = () => `test-${Math.random().toString(36).slice(2)}-${Date.now()}`;

describe.each(testDatabaseKinds())('hand-backs and credit notes on %s', (kind) => {
  let handle: DatabaseHandle;
  let items: { id: number }[];
  let rider: SessionStaff;
  let riderActor: StaffActor;
  let owner: SessionStaff;
  let ownerActor: StaffActor;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    // Two taxed products sold by the pack, so the notes carry CGST and SGST.
    items = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), gte(products.pricePaise, 1000), gt(products.taxPercent, 0)))
      .orderBy(asc(products.id))
      .limit(2);
    expect(items).toHaveLength(2);
    for (const p of items)
      await handle.db
        .update(products)
        .set({ weight: null, weightUnit: null, stock: 1000 })
        .where(eq(products.id, p.id));
    const [r] = await handle.db
      .insert(staff)
      .values({ name: 'Note Rider', phone: '+919447991001', role: 'rider' })
      .returning();
    const [o] = await handle.db
      .insert(staff)
      .values({ name: 'Note Owner', phone: '+919447991002', role: 'owner' })
      .returning();
    rider = { id: r!.id, name: r!.name, phone: r!.phone, role: 'rider', sessionId: 0 };
    riderActor = { staffId: r!.id, name: r!.name, role: 'rider', requestId: null };
    owner = { id: o!.id, name: o!.name, phone: o!.phone, role: 'owner', sessionId: 0 };
    ownerActor = { staffId: o!.id, name: o!.name, role: 'owner', requestId: null };
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** An invoiced order of 3 of the first product and 1 of the second, out for delivery with the rider. */
  async function outForDelivery(paymentMode: 'Cash' | 'Credit') {
    const db = handle.db;
    const [c] = await db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+91952000${String(++phone).padStart(4, '0')}`,
        creditLimitPaise: 500_000,
        creditBalancePaise: 500_000,
      })
      .returning();
    const address = await addAddress(db, c!.id, THRISSUR_ADDRESS);
    await addToCart(db, c!.id, items[0]!.id, 3);
    await addToCart(db, c!.id, items[1]!.id, 1);
    const quote = await quoteOrder(db, c!.id, { points: 0 });
    const { order } = await placeOrder(db, c!.id, {
      addressId: address.id,
      paymentMode,
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
      substitution: 'replace',
    });
    await db.update(orders).set({ riderId: rider.id }).where(eq(orders.id, order.id));
    await advanceOrder(db, order.id, new Date(), { to: 'processed' });
    await advanceOrder(db, order.id, new Date(), { to: 'out_for_delivery' });
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    return { customerId: c!.id, orderId: order.id, lines };
  }
  const row = async (id: number) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const notesOf = (orderId: number) =>
    handle.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(asc(creditNotes.id));
  const input = (o: Partial<OutcomeInput>): OutcomeInput => ({
    outcome: 'partly_delivered',
    note: 'Customer did not want them',
    handBack: [],
    collectedPaise: null,
    collectedMethod: null,
    idempotencyKey: key(),
    ...o,
  });

  it('a delivery in part makes one credit note of the handed-back lines; invoice less notes is what was paid', async () => {
    const { customerId, orderId, lines } = await outForDelivery('Cash');
    expect((await row(orderId)).invoiceNumber).toBeTruthy();
    const issued = await loadInvoice(handle.db, customerId, orderId);
    const handBack = [
      { lineId: lines[0]!.id, qty: 1 },
      { lineId: lines[1]!.id, qty: 1 },
    ];
    const retried = input({ handBack });
    const quoteDue =
      (await row(orderId)).paidAmountPaise - Math.round(lines[0]!.totalAmountPaise / 3) - lines[1]!.totalAmountPaise;
    const done = await recordOutcome(handle.db, orderId, { ...retried, collectedPaise: quoteDue }, rider, riderActor);
    expect(done).toMatchObject({ changed: true, duePaise: quoteDue, collectedPaise: quoteDue });
    // The same tap again issues nothing more.
    await recordOutcome(handle.db, orderId, { ...retried, collectedPaise: quoteDue }, rider, riderActor);

    const notes = await notesOf(orderId);
    expect(notes).toHaveLength(1);
    const [note] = notes;
    const adjustments = await handle.db
      .select()
      .from(orderAdjustments)
      .where(eq(orderAdjustments.orderId, orderId))
      .orderBy(asc(orderAdjustments.id));
    expect(adjustments.map((a) => [a.kind, a.creditNoteId])).toEqual([
      ['hand_back', note!.id],
      ['hand_back', note!.id],
    ]);
    expect(note).toMatchObject({
      reason: 'hand_back',
      note: 'Customer did not want them',
      invoiceNumber: (await row(orderId)).invoiceNumber,
      totalPaise: adjustments[0]!.amountPaise + adjustments[1]!.amountPaise,
    });
    expect(note!.lines.map((l) => [l.orderItemId, l.qty, l.totalPaise])).toEqual([
      [lines[0]!.id, 1, adjustments[0]!.amountPaise],
      [lines[1]!.id, 1, adjustments[1]!.amountPaise],
    ]);
    // Within the state: CGST and SGST, no IGST; each line's parts add up to its total.
    expect(note!.igstPaise).toBe(0);
    expect(note!.cgstPaise).toBeGreaterThan(0);
    expect(note!.cgstPaise + note!.sgstPaise + note!.taxablePaise).toBe(note!.totalPaise);
    for (const l of note!.lines) expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.totalPaise);

    // The invoice still reads as issued; less the credit note, it is what the customer paid at the door.
    const after = await loadInvoice(handle.db, customerId, orderId);
    expect(after.totalPaise).toBe(issued.totalPaise);
    expect(after.subtotalPaise).toBe(issued.subtotalPaise);
    expect(after.taxable.map((l) => l.netPaise)).toEqual(issued.taxable.map((l) => l.netPaise));
    expect(after.totalPaise - note!.totalPaise).toBe(done.collectedPaise);

    // The note is never deleted: the undo is refused with what to do instead.
    await expect(undoOutcome(handle.db, orderId, 'Tapped the wrong line', owner, ownerActor)).rejects.toMatchObject({
      code: 'conflict',
      message: UNDO_MESSAGES.creditNote,
    });
    expect(await row(orderId)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
  });

  it('a line handed back in part and then returned is returned only for what is left, priced right', async () => {
    const { customerId, orderId, lines } = await outForDelivery('Credit');
    const paidBefore = (await row(orderId)).paidAmountPaise;
    const issued = await loadInvoice(handle.db, customerId, orderId);
    await recordOutcome(handle.db, orderId, input({ handBack: [{ lineId: lines[0]!.id, qty: 1 }] }), rider, riderActor);
    const [handBack] = await handle.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, orderId));
    expect(handBack).toMatchObject({ kind: 'hand_back', refundTo: 'credit', refundPaise: handBack!.amountPaise });
    const paidAfterDoor = (await row(orderId)).paidAmountPaise;
    expect(paidAfterDoor).toBe(paidBefore - handBack!.amountPaise);

    // Two packs are left of the line: three are refused, one and then one are taken.
    const ask = (qty: number) =>
      recordReturn(
        handle.db,
        orderId,
        { kind: 'return', reason: 'damaged', lines: [{ line_id: lines[0]!.id, qty }], idempotency_key: key() },
        ownerActor,
      );
    await expect(ask(3)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('Only 2 of') });
    const first = await ask(1);
    const second = await ask(1);
    await expect(ask(1)).rejects.toMatchObject({ code: 'conflict' });
    // What is left of the line after the hand-back, in two halves to the paisa.
    const left = lines[0]!.totalAmountPaise - handBack!.amountPaise;
    expect(first.refundPaise + second.refundPaise).toBe(left);
    expect(Math.abs(first.refundPaise - second.refundPaise)).toBeLessThanOrEqual(1);

    // Three notes (hand-back, two returns); the invoice as issued less them is what the customer still paid.
    const notes = await notesOf(orderId);
    expect(notes.map((n) => n.reason)).toEqual(['hand_back', 'return', 'return']);
    const invoice = await loadInvoice(handle.db, customerId, orderId);
    expect(invoice.totalPaise).toBe(issued.totalPaise);
    const credited = notes.reduce((a, n) => a + n.totalPaise, 0);
    expect(invoice.totalPaise - credited).toBe(paidAfterDoor - first.refundPaise - second.refundPaise);
  });
});
