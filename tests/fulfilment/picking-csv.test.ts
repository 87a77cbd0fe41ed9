/**
 * The picking list's sums and its CSV on each test database, with a product whose name holds a
 * comma and double quotes: one field in the CSV, quoted as RFC 4180 says, read back unchanged.
 * A staff member's CSV download is audited with its slot.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopInstant } from '#features/delivery/index.ts';
import { exportPickingCsv, pickingCsv, pickingList } from '#features/fulfilment/server/picking-list.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { categories, customers, orderItems, orders, products, subcategories } from '#lib/db/schema.ts';
import { auditReader, TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const NAME = 'Bhindi, "Lady\'s finger"';
const DATE = '2026-11-26';
const SLOT = `${DATE}T07:00`;

describe.each(testDatabaseKinds())('picking list CSV on %s', (kind) => {
  let handle: DatabaseHandle;
  let productId: number;
  const audit = auditReader(() => handle.db);

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const { db } = handle;
    const [cat] = await db.insert(categories).values({ name: 'Vegetables', slug: 'vegetables' }).returning();
    const [sub] = await db
      .insert(subcategories)
      .values({ categoryId: cat!.id, name: 'Daily veg', slug: 'daily-veg' })
      .returning();
    const [product] = await db
      .insert(products)
      .values({
        sku: 'VEG-1',
        name: NAME,
        slug: 'bhindi',
        categoryId: cat!.id,
        subcategoryId: sub!.id,
        weight: 500,
        weightUnit: 'g',
        mrpPaise: 4000,
        pricePaise: 3500,
        stock: 50,
      })
      .returning();
    productId = product!.id;
    const [customer] = await db.insert(customers).values({ phone: '+919876500001', name: 'Asha' }).returning();
    const slotColumns = {
      deliveryZoneId: 'thrissur-central',
      deliverySlotId: SLOT,
      deliverySlotStart: shopInstant(DATE, '07:00'),
      deliverySlotEnd: shopInstant(DATE, '09:00'),
    };
    for (const [status, qty] of [
      ['placed', 2],
      ['processed', 3],
      ['cancelled', 7],
      ['delivered', 11],
    ] as const) {
      const [order] = await db
        .insert(orders)
        .values({
          customerId: customer!.id,
          status,
          paymentMode: 'Cash',
          subtotalPaise: 3500 * qty,
          paidAmountPaise: 3500 * qty,
          ...slotColumns,
        })
        .returning();
      await db.insert(orderItems).values({
        orderId: order!.id,
        productId,
        productName: NAME,
        qty,
        unitPricePaise: 3500,
        mrpPaise: 4000,
        weight: 500,
        weightUnit: 'g',
        totalAmountPaise: 3500 * qty,
      });
    }
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('sums the placed and processed orders only, and quotes the name in the CSV', async () => {
    const list = await pickingList(handle.db, { date: DATE, slotId: SLOT });
    expect(list.orderCount).toBe(2);
    expect(list.categories).toEqual([
      { name: 'Vegetables', lines: [{ productId, sku: 'VEG-1', name: NAME, unit: '500 g', qty: 5, orders: 2 }] },
    ]);
    const csv = pickingCsv(list);
    expect(csv).toContain('"Bhindi, ""Lady\'s finger"""');
    // A UTF-8 byte-order mark first, as every export of the shop's CSV writer has.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parse(csv, { bom: true })).toEqual([
      ['Category', 'SKU', 'Product', 'Unit', 'Quantity', 'Orders'],
      ['Vegetables', 'VEG-1', NAME, '500 g', '5', '2'],
    ]);
    // A name that a spreadsheet would run as a formula is written as text.
    const formula = pickingCsv({
      ...list,
      categories: [{ name: 'Misc', lines: [{ ...list.categories[0]!.lines[0]!, name: '=HYPERLINK("x")' }] }],
    });
    expect(parse(formula, { bom: true })[1][2]).toBe('\'=HYPERLINK("x")');
    const empty = await pickingList(handle.db, { date: DATE, slotId: `${DATE}T16:00` });
    expect(empty).toMatchObject({ orderCount: 0, categories: [] });
  });

  it('audits a staff download with its slot and what the file holds', async () => {
    await audit.mark();
    const csv = await exportPickingCsv(handle.db, { date: DATE, slotId: SLOT }, TEST_ACTOR);
    expect(parse(csv, { columns: true, bom: true })).toHaveLength(1);
    expect(await audit.entries()).toEqual([
      { action: 'picking.exported', entity: 'slot', entityId: SLOT, before: null, after: { orders: 2, products: 1 } },
    ]);
  });
});
