/**
 * GST credit notes on a fresh database of each kind: a cancellation after confirmation credits
 * the whole invoice once and leaves the invoice valid (unmarked); a packing adjustment gets its
 * own note and the invoice still reads as issued; the series is consecutive and gap-free under
 * parallel issues; the tax splits as on the invoice (CGST + SGST within the state, IGST across
 * states); the PDF names the invoice and is the customer's only.
 */

import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { setPickedAmount } from '#features/fulfilment/server/packing.ts';
import { creditCancelledInvoice, issueCreditNote } from '#features/invoices/index.ts';
import { financialYear, formatCreditNoteNumber } from '#features/invoices/rules.ts';
import { loadCreditNote } from '#features/invoices/server/credit-notes.ts';
import { loadInvoice } from '#features/invoices/server/invoice.ts';
import { allocateInvoiceNumber } from '#features/invoices/server/numbering.ts';
import { renderCreditNotePdf } from '#features/invoices/server/pdf.ts';
import { onInvoicedOrderCancelled } from '#features/orders/server/cancellation.ts';
import { onOrderConfirmed } from '#features/orders/server/confirmation.ts';
import { orderJson } from '#features/orders/server/order-json.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { getOrder } from '#features/orders/server/queries.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { cancelOrder, cancelOrderByShop } from '#features/orders/server/status.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import {
  creditNoteCounters,
  creditNotes,
  customers,
  orderAdjustments,
  orderItems,
  orders,
  products,
} from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { pdfText } from '../helpers/pdf.ts';

// As the server wires it (src/server/wiring.ts): an invoice at confirmation, a credit note at cancellation.
onOrderConfirmed(allocateInvoiceNumber);
onInvoicedOrderCancelled(creditCancelledInvoice);

const packer: StaffActor = { staffId: null, name: 'Test packer', role: 'packer', requestId: null };

describe.each(testDatabaseKinds())('credit notes on %s', (kind) => {
  let handle: DatabaseHandle;
  let skus: Map<string, number>;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    await handle.db.update(products).set({ stock: 10_000 }).where(gte(products.id, 0));
    skus = new Map(
      (await handle.db.select({ sku: products.sku, id: products.id }).from(products)).map((p) => [p.sku, p.id]),
    );
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A customer with a Credit order of `lines` (SKU → qty) delivered to `address`. */
  async function order(lines: Record<string, number> = { 'FF-SWT-001': 1, 'FF-VEG-001': 2 }) {
    const db = handle.db;
    const [c] = await db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+91961000${String(++phone).padStart(4, '0')}`,
        creditLimitPaise: 10_000_000,
        creditBalancePaise: 10_000_000,
      })
      .returning();
    const saved = await addAddress(db, c!.id, THRISSUR_ADDRESS);
    for (const [sku, qty] of Object.entries(lines)) await addToCart(db, c!.id, skus.get(sku)!, qty);
    const quote = await quoteOrder(db, c!.id, {});
    const placed = await placeOrder(db, c!.id, {
      addressId: saved.id,
      paymentMode: 'Credit',
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
    });
    return { customerId: c!.id, order: placed.order };
  }
  const notesOf = (orderId: number) =>
    handle.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId)).orderBy(creditNotes.id);

  it('formats its own series: the invoice prefix and C, at most 16 characters', () => {
    expect(formatCreditNoteNumber('FF', '2026-27', 12)).toBe('FFC/26-27/000012');
    expect(formatCreditNoteNumber('ABC', '2026-27', 12)).toBe('ABCC/26-27/00012');
    expect(formatCreditNoteNumber('ABC', '2026-27', 99_999).length).toBeLessThanOrEqual(16);
  });

  it('a cancellation after confirmation credits the whole invoice once; the invoice stays valid', async () => {
    const { customerId, order: o } = await order();
    const invoiceBefore = await loadInvoice(handle.db, customerId, o.id);
    await cancelOrder(handle.db, customerId, o.id);
    const [note, ...more] = await notesOf(o.id);
    expect(more).toHaveLength(0);
    expect(note).toMatchObject({
      reason: 'cancellation',
      invoiceNumber: o.invoiceNumber,
      totalPaise: invoiceBefore.totalPaise,
    });
    expect(note!.taxablePaise + note!.cgstPaise + note!.sgstPaise + note!.igstPaise).toBe(note!.totalPaise);
    // The invoice is not marked cancelled: the credit note records it.
    const invoice = await loadInvoice(handle.db, customerId, o.id);
    expect(invoice.cancelled).toBe(false);
    expect(invoice.totalPaise).toBe(invoiceBefore.totalPaise);
    // Each goods line counts as the invoice does: its Qty and Unit, never blank.
    const invoiced = [...invoiceBefore.taxable, ...invoiceBefore.exempt];
    for (const line of note!.lines.filter((l) => l.orderItemId !== null)) {
      const on = invoiced.find((l) => l.description === line.description);
      expect(line).toMatchObject({ qty: on!.qty, unit: on!.unit });
      expect(line.unit).toMatch(/^(\d+(\.\d+)? \w+|pc)$/);
    }
    // Asked again (a retried hook), nothing more is issued.
    await handle.db.transaction((tx) => creditCancelledInvoice(tx, o.id, new Date(), null));
    expect(await notesOf(o.id)).toHaveLength(1);
    // The customer's order lists it with its PDF link.
    const json = orderJson(await getOrder(handle.db, customerId, o.id));
    expect(json.credit_notes).toEqual([
      expect.objectContaining({ number: note!.number, url: `/api/customer/orders/${o.id}/credit-notes/${note!.id}` }),
    ]);
  });

  it('an order cancelled before credit notes existed keeps its mark on the invoice', async () => {
    const { customerId, order: o } = await order();
    await handle.db.update(orders).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(orders.id, o.id));
    expect((await loadInvoice(handle.db, customerId, o.id)).cancelled).toBe(true);
  });

  it('a packing adjustment gets its credit note, and the invoice still reads as issued', async () => {
    const { customerId, order: o } = await order({ 'FF-VEG-001': 2 });
    const issued = await loadInvoice(handle.db, customerId, o.id);
    const [line] = issued.exempt;
    const items = (await getOrder(handle.db, customerId, o.id)).items;
    await setPickedAmount(handle.db, o.id, items[0]!.id, items[0]!.measure === 'packs' ? 1 : 0.5, packer);
    const [note] = await notesOf(o.id);
    const [adjustment] = await handle.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, o.id));
    expect(note).toMatchObject({ reason: 'packing', totalPaise: adjustment!.amountPaise });
    expect(adjustment!.creditNoteId).toBe(note!.id);
    expect(adjustment!.kind).toBe('packing');
    // The line counts what was not picked, in the line's measure (e.g. 1.5 kg of 2 × 1 kg).
    const picked = items[0]!.measure === 'packs' ? 1 : 0.5;
    const [row] = await handle.db.select().from(orderItems).where(eq(orderItems.id, items[0]!.id));
    const ordered = items[0]!.measure === 'packs' ? 2 : 2 * Number(row!.weight);
    expect(note!.lines[0]).toMatchObject({ qty: ordered - picked, unit: items[0]!.measure });
    const after = await loadInvoice(handle.db, customerId, o.id);
    expect(after.totalPaise).toBe(issued.totalPaise);
    expect(after.exempt[0]!.netPaise).toBe(line!.netPaise);
    // A cancellation afterwards credits what is left: the two notes add up to the invoice.
    await cancelOrderByShop(handle.db, o.id, 'Customer asked', async () => {});
    const notes = await notesOf(o.id);
    expect(notes.map((n) => n.reason)).toEqual(['packing', 'cancellation']);
    expect(notes.reduce((a, n) => a + n.totalPaise, 0)).toBe(issued.totalPaise);
  });

  it('numbers are consecutive and gap-free under parallel issues', async () => {
    const placed = await Promise.all(Array.from({ length: 6 }, () => order({ 'FF-SWT-001': 1 })));
    const fy = financialYear(new Date());
    const [before] = await handle.db.select().from(creditNoteCounters).where(eq(creditNoteCounters.financialYear, fy));
    const start = before?.lastNumber ?? 0;
    await Promise.all(placed.map((p) => cancelOrder(handle.db, p.customerId, p.order.id)));
    const numbers = (
      await Promise.all(placed.map(async (p) => (await notesOf(p.order.id)).map((n) => n.number)))
    ).flat();
    expect(numbers.sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => formatCreditNoteNumber('FF', fy, start + n)));
  });

  it('splits the tax as the invoice does: CGST + SGST within the state, IGST across states', async () => {
    for (const interState of [false, true]) {
      const { customerId, order: o } = await order({ 'FF-SWT-001': 1, 'FF-BAK-007': 1 });
      // A delivery to Bengaluru (Karnataka) is outside the shop's state (Kerala): IGST.
      if (interState)
        await handle.db
          .update(orders)
          .set({ addressSnapshot: { ...THRISSUR_ADDRESS, city: 'Bengaluru', po_box: '560001' } })
          .where(eq(orders.id, o.id));
      const invoice = await loadInvoice(handle.db, customerId, o.id);
      await cancelOrder(handle.db, customerId, o.id);
      const [note] = await notesOf(o.id);
      const taxed = [...invoice.taxable, ...(invoice.delivery ? [invoice.delivery] : [])];
      const sum = (k: 'cgstPaise' | 'sgstPaise' | 'igstPaise') => taxed.reduce((a, l) => a + l[k], 0);
      expect(note).toMatchObject({
        cgstPaise: sum('cgstPaise'),
        sgstPaise: sum('sgstPaise'),
        igstPaise: sum('igstPaise'),
      });
      if (interState) expect(note!.cgstPaise + note!.sgstPaise).toBe(0);
      else expect(note!.igstPaise).toBe(0);
      expect(note!.igstPaise > 0).toBe(interState);
      expect(invoice.interState).toBe(interState);
    }
  });

  it("prints the invoice it reduces, and is only the customer's", async () => {
    const { customerId, order: o } = await order({ 'FF-SWT-001': 1 });
    const other = await order({ 'FF-SWT-001': 1 });
    await cancelOrder(handle.db, customerId, o.id);
    const [note] = await notesOf(o.id);
    const data = await loadCreditNote(handle.db, o.id, note!.id, customerId);
    const text = await pdfText(await renderCreditNotePdf(data));
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credit note number: ${note!.number}`);
    expect(text).toContain(`Against invoice: ${o.invoiceNumber}`);
    expect(text).toContain('Order cancelled after the invoice');
    // Qty and Unit as on the invoice: the line's count and its pack, not dashes.
    const invoiced = await loadInvoice(handle.db, customerId, o.id);
    const line = [...invoiced.taxable, ...invoiced.exempt][0]!;
    expect(text).toContain(`${line.qty} ${line.unit}`);
    expect(text).toContain('Kerala (32)');
    expect(text).toMatch(/Credit note total Rs\. [\d,.]+/);
    await expect(loadCreditNote(handle.db, o.id, note!.id, other.customerId)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(loadCreditNote(handle.db, other.order.id, note!.id, null)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('issues nothing for an order without an invoice number, or for rows already credited', async () => {
    const { order: o } = await order({ 'FF-SWT-001': 1 });
    await handle.db.update(orders).set({ invoiceNumber: null, invoiceDate: null }).where(eq(orders.id, o.id));
    const none = await handle.db.transaction((tx) =>
      issueCreditNote(tx, { orderId: o.id, reason: 'cancellation', adjustmentIds: [] }),
    );
    expect(none).toBeNull();
    const rows = await handle.db
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.orderId, o.id)));
    expect(rows).toHaveLength(0);
  });
});
