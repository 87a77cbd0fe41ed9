/**
 * GST invoices on a fresh database of each kind: one number per
 * order, issued at the first download, consecutive and gap-free per financial year under
 * parallel first downloads (of one order and of many); scoped by customer; none for an order
 * whose payment is pending or that was cancelled first; and the PDF's fields as a reader sees them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { pdfText } from '../helpers/pdf.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { customers, invoiceCounters, orders, products } from '#lib/db/schema.ts';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import { issueInvoiceNumber, NO_INVOICE_CANCELLED } from '#features/invoices/server/numbering.ts';
import { loadInvoice } from '#features/invoices/server/invoice.ts';
import { renderInvoicePdf } from '#features/invoices/server/pdf.ts';
import { settleOrderSms } from '#features/notifications/server/order-sms.ts';

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
    await settleOrderSms();
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

  it('gives each order one number, consecutive and gap-free under parallel first downloads', async () => {
    const placed = await Promise.all(Array.from({ length: 6 }, () => order()));
    // Every order downloaded three times at once, all eighteen at the same moment.
    const issued = await Promise.all(
      placed.flatMap((p) =>
        [1, 2, 3].map(() =>
          issueInvoiceNumber(handle.db, p.customerId, p.order.id, NOV_2026).then((i) => ({ id: p.order.id, ...i })),
        ),
      ),
    );
    const byOrder = new Map<number, Set<string>>();
    for (const i of issued) byOrder.set(i.id, (byOrder.get(i.id) ?? new Set()).add(i.number));
    expect([...byOrder.values()].every((s) => s.size === 1)).toBe(true);
    const numbers = [...byOrder.values()].map((s) => [...s][0]!).sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => `FF/26-27/${String(n).padStart(6, '0')}`));
    const stored = await handle.db.select({ id: orders.id, number: orders.invoiceNumber }).from(orders);
    for (const p of placed)
      expect(stored.find((s) => s.id === p.order.id)!.number).toBe([...byOrder.get(p.order.id)!][0]);
    // A later download returns the same number and date.
    const again = await issueInvoiceNumber(
      handle.db,
      placed[0]!.customerId,
      placed[0]!.order.id,
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(again.number).toBe([...byOrder.get(placed[0]!.order.id)!][0]);
    expect(again.date.toISOString()).toBe(NOV_2026.toISOString());
  });

  it('starts again at 1 in a new financial year (April, India time)', async () => {
    const { customerId, order: o } = await order();
    const april = await issueInvoiceNumber(handle.db, customerId, o.id, new Date('2027-03-31T18:30:00Z'));
    expect(april.number).toBe('FF/27-28/000001');
    expect(await handle.db.select().from(invoiceCounters).where(eq(invoiceCounters.financialYear, '2027-28'))).toEqual([
      { financialYear: '2027-28', lastNumber: 1 },
    ]);
  });

  it("is not found for another customer's order or one awaiting payment, and refused for a cancelled one", async () => {
    const mine = await order();
    const theirs = await order();
    await expect(issueInvoiceNumber(handle.db, mine.customerId, theirs.order.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await handle.db.update(orders).set({ paymentStatus: 'pending' }).where(eq(orders.id, theirs.order.id));
    await expect(issueInvoiceNumber(handle.db, theirs.customerId, theirs.order.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await cancelOrder(handle.db, mine.customerId, mine.order.id);
    await expect(issueInvoiceNumber(handle.db, mine.customerId, mine.order.id)).rejects.toMatchObject({
      code: 'conflict',
      message: NO_INVOICE_CANCELLED,
    });
    const [row] = await handle.db.select({ n: orders.invoiceNumber }).from(orders).where(eq(orders.id, mine.order.id));
    expect(row!.n).toBeNull();
  });

  it('prints the fields of CGST Rules 46 and 49', async () => {
    // Tomatoes (exempt, HSN 0702), black halwa (5%, 1704) and plum cake (18%, 1905), with a 10% promo.
    const { customerId, order: o } = await order(
      { 'FF-VEG-001': 2, 'FF-SWT-001': 1, 'FF-BAK-007': 1 },
      'Credit',
      'WELCOME10',
    );
    expect(o.discountPaise).toBeGreaterThan(0);
    const invoice = await loadInvoice(handle.db, customerId, o.id, NOV_2026);
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
