/**
 * GST invoices on a fresh database of each kind: one number per order, issued when it is placed,
 * consecutive and gap-free per financial year under parallel orders; never issued by reading;
 * scoped by customer; none for an order whose payment is pending; and the PDF's fields as a
 * reader sees them.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { financialYear, formatInvoiceNumber } from '#features/invoices/rules.ts';
import { loadInvoice } from '#features/invoices/server/invoice.ts';
import {
  allocateInvoiceNumber,
  invoiceNumberOf,
  NO_INVOICE_CANCELLED,
  NO_INVOICE_YET,
} from '#features/invoices/server/numbering.ts';
import { renderInvoicePdf } from '#features/invoices/server/pdf.ts';
import { onOrderConfirmed } from '#features/orders/server/confirmation.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, invoiceCounters, orders, products } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { pdfText } from '../helpers/pdf.ts';

const ADDRESS = {
  type: 'home',
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: 'Near Vadakkunnathan Temple',
  city: 'Thrissur',
  po_box: '680001',
  latitude: 10.5276,
  longitude: 76.2144,
};
const NOV_2026 = new Date('2026-11-25T06:00:00Z');

// As the server wires it (src/server/wiring.ts): a confirmed order gets its invoice number.
onOrderConfirmed(allocateInvoiceNumber);

describe.each(testDatabaseKinds())('invoices on %s', (kind) => {
  let handle: DatabaseHandle;
  let skus: Map<string, number>;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    skus = new Map(
      (await handle.db.select({ sku: products.sku, id: products.id }).from(products)).map((p) => [p.sku, p.id]),
    );
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A customer with an order of `lines` (SKU → qty), paid in `mode`. */
  async function order(
    lines: Record<string, number> = { 'FF-VEG-001': 2 },
    mode: 'Cash' | 'Credit' = 'Cash',
    promoCode?: string,
  ) {
    const db = handle.db;
    const [c] = await db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+91960000${String(++phone).padStart(4, '0')}`,
        creditLimitPaise: 10_000_000,
        creditBalancePaise: 10_000_000,
      })
      .returning();
    const address = await addAddress(db, c!.id, ADDRESS);
    for (const [sku, qty] of Object.entries(lines)) await addToCart(db, c!.id, skus.get(sku)!, qty);
    const quote = await quoteOrder(db, c!.id, { promoCode });
    const placed = await placeOrder(db, c!.id, {
      addressId: address.id,
      paymentMode: mode,
      paidAmountPaise: quote.paidAmountPaise,
      discountPaise: quote.discountPaise,
      promoCode,
      points: 0,
    });
    return { customerId: c!.id, order: placed.order };
  }

  const numberOf = async (id: number) =>
    (await handle.db.select({ n: orders.invoiceNumber }).from(orders).where(eq(orders.id, id)))[0]!.n;

  it('numbers orders when they are placed, consecutive and gap-free under parallel orders', async () => {
    const [before] = await handle.db.select().from(invoiceCounters);
    const start = before?.lastNumber ?? 0;
    const placed = await Promise.all(Array.from({ length: 6 }, () => order()));
    const numbers = placed.map((p) => p.order.invoiceNumber).sort();
    const fy = formatInvoiceNumber('FF', financialYear(new Date()), 1).slice(0, -6);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => `${fy}${String(start + n).padStart(6, '0')}`));
    // Downloads read the number and change nothing.
    for (const p of placed) {
      const read = await Promise.all([1, 2, 3].map(() => invoiceNumberOf(handle.db, p.customerId, p.order.id)));
      expect(new Set(read.map((r) => r.number))).toEqual(new Set([p.order.invoiceNumber]));
    }
    const [after] = await handle.db.select().from(invoiceCounters);
    expect(after!.lastNumber).toBe(start + 6);
  });

  it('issues the next number of the financial year of the confirmation, once per order', async () => {
    const { order: o } = await order();
    await handle.db.update(orders).set({ invoiceNumber: null, invoiceDate: null }).where(eq(orders.id, o.id));
    const april = new Date('2027-03-31T18:30:00Z');
    await handle.db.transaction((tx) => allocateInvoiceNumber(tx, o.id, april));
    // A second allocation keeps the first number and gives its own back.
    await handle.db.transaction((tx) => allocateInvoiceNumber(tx, o.id, april));
    expect(await numberOf(o.id)).toBe('FF/27-28/000001');
    expect(await handle.db.select().from(invoiceCounters).where(eq(invoiceCounters.financialYear, '2027-28'))).toEqual([
      { financialYear: '2027-28', lastNumber: 1 },
    ]);
  });

  it('never issues a number on reading: an order without one answers 409 however often it is read', async () => {
    const { customerId, order: o } = await order();
    await handle.db.update(orders).set({ invoiceNumber: null, invoiceDate: null }).where(eq(orders.id, o.id));
    const counters = await handle.db.select().from(invoiceCounters);
    for (let i = 0; i < 2; i++)
      await expect(loadInvoice(handle.db, customerId, o.id)).rejects.toMatchObject({
        code: 'conflict',
        message: NO_INVOICE_YET,
      });
    expect(await numberOf(o.id)).toBeNull();
    expect(await handle.db.select().from(invoiceCounters)).toEqual(counters);
  });

  it("is not found for another customer's order or one awaiting payment; a cancelled order keeps its invoice", async () => {
    const mine = await order();
    const theirs = await order();
    await expect(invoiceNumberOf(handle.db, mine.customerId, theirs.order.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await handle.db
      .update(orders)
      .set({ status: 'pending_payment', paymentStatus: 'pending' })
      .where(eq(orders.id, theirs.order.id));
    await expect(invoiceNumberOf(handle.db, theirs.customerId, theirs.order.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await cancelOrder(handle.db, mine.customerId, mine.order.id);
    const invoice = await loadInvoice(handle.db, mine.customerId, mine.order.id);
    expect(invoice.number).toBe(mine.order.invoiceNumber);
    expect(invoice.cancelled).toBe(true);
    // One cancelled before numbers were issued at confirmation has none.
    await handle.db.update(orders).set({ invoiceNumber: null, invoiceDate: null }).where(eq(orders.id, mine.order.id));
    await expect(invoiceNumberOf(handle.db, mine.customerId, mine.order.id)).rejects.toMatchObject({
      code: 'conflict',
      message: NO_INVOICE_CANCELLED,
    });
  });

  it('prints the fields of CGST Rules 46 and 49', async () => {
    // Tomatoes (exempt, HSN 0702), black halwa (5%, 1704) and plum cake (18%, 1905), with a 10% promo.
    const { customerId, order: o } = await order(
      { 'FF-VEG-001': 2, 'FF-SWT-001': 1, 'FF-BAK-007': 1 },
      'Credit',
      'WELCOME10',
    );
    expect(o.discountPaise).toBeGreaterThan(0);
    await handle.db.update(orders).set({ invoiceDate: NOV_2026 }).where(eq(orders.id, o.id));
    const invoice = await loadInvoice(handle.db, customerId, o.id);
    const text = await pdfText(await renderInvoicePdf(invoice));
    expect(text).toContain('TAX INVOICE CUM BILL OF SUPPLY');
    expect(text).toContain('FarmFresh');
    expect(text).toContain('MG Road, Thrissur, Kerala 680001, India');
    expect(text).toContain('GSTIN: 32ABCDE1234F1Z5');
    expect(text).toMatch(/Invoice number: FF\/26-27\/\d{6}/);
    expect(text).toContain('Invoice date: 25 Nov 2026');
    expect(text).toContain(`Order number: #${o.id}`);
    expect(text).toContain('Asha Menon');
    expect(text).toContain('12/4, Round North');
    expect(text).toContain('Thrissur 680001');
    expect(text).toContain('Place of supply');
    expect(text).toContain('Kerala (32)');
    // Lines: HSN, quantity and unit, rates; the exempt tomatoes on the bill of supply part.
    expect(text).toMatch(
      /Kozhikode Halwa \(Black\) 1704 1 500 g [\d,.]+ [\d,.]+ [\d,.]+ 2\.5% [\d.]+ 2\.5% [\d.]+ [\d,.]+/,
    );
    expect(text).toMatch(/Kerala Plum Cake 1905 1 .* 9% [\d.]+ 9% [\d.]+/);
    expect(text).toContain('Bill of supply: exempt and nil-rated goods');
    expect(text).toMatch(/Tomato 0702 2 /);
    expect(text).toContain('Promo discount (WELCOME10)');
    expect(text).toContain('Delivery fee');
    const rupees = (o.paidAmountPaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
    expect(text).toContain(`Invoice total Rs. ${rupees}`);
    expect(text).toMatch(/Amount in words: Rupees [A-Za-z -]+ Only/);
    // The lines add up to what was paid.
    const all = [...invoice.taxable, ...invoice.exempt, ...(invoice.delivery ? [invoice.delivery] : [])];
    expect(all.reduce((a, l) => a + l.netPaise, 0)).toBe(o.paidAmountPaise);
    expect(invoice.exempt.map((l) => l.hsn)).toEqual(['0702']);
  });
});
