/**
 * A product's life in the back office on a fresh database of each kind: the new-product rules
 * (SKU, GST slab, HSN, price at or below MRP), adding one (stored with every field, audited, in
 * the storefront's snapshot within a second), a duplicate SKU refused, archiving (off the
 * storefront's snapshot, listings, product reads and cart; out of the back office's default list,
 * under its Archived filter), restoring (back off sale), and deleting (refused while an order
 * names the product; its cart and wishlist lines go).
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '#features/cart/index.ts';
import { newProductSchema, productPatchSchema } from '#features/catalog/admin-rules.ts';
import {
  archiveAdminProduct,
  createAdminProduct,
  deleteAdminProduct,
  restoreAdminProduct,
} from '#features/catalog/server/admin-product-lifecycle.ts';
import { updateAdminProduct } from '#features/catalog/server/admin-product-update.ts';
import { getAdminProduct, listAdminProducts } from '#features/catalog/server/admin-products.ts';
import { getProduct, listProducts } from '#features/catalog/server/catalog.ts';
import { catalogSnapshot, DELTA_INTERVAL_MS } from '#features/catalog/server/snapshot.ts';
import { toggleWishlist } from '#features/catalog/server/wishlist.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { cartItems, customers, products, wishlistItems } from '#lib/db/schema.ts';
import { auditReader, TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first message a schema gives `input`, or null when it takes it. */
const firstError = (schema: typeof newProductSchema | typeof productPatchSchema, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? null : r.error.issues[0]!.message;
};

const base = {
  sku: 'NEW-RICE-5',
  name: 'Matta Rice',
  category_id: 1,
  subcategory_id: 1,
  price_paise: 40000,
  mrp_paise: 45000,
  // Rice weighed out from the sack: no packaged declarations needed.
  sold_loose: true,
};

describe('new product rules', () => {
  it('needs a SKU, takes GST slabs only, HSN codes of 4, 6 or 8 digits and a price at or below the MRP', () => {
    expect(newProductSchema.parse(base)).toEqual(base);
    expect(firstError(newProductSchema, { ...base, sku: '  ' })).toBe('Enter a SKU.');
    expect(firstError(newProductSchema, { ...base, sku: 'A B' })).toMatch(/letters, digits/);
    expect(firstError(newProductSchema, { ...base, tax_percent: 7 })).toBe(
      'Choose a GST rate: 0, 0.25, 3, 5, 12, 18, 28, 40 %.',
    );
    for (const rate of [0, 0.25, 3, 5, 12, 18, 28, 40])
      expect(firstError(newProductSchema, { ...base, tax_percent: rate })).toBeNull();
    expect(firstError(newProductSchema, { ...base, hsn_code: '10063' })).toBe(
      'The HSN code must be 4, 6 or 8 digits, e.g. 0702.',
    );
    expect(firstError(newProductSchema, { ...base, hsn_code: '10AB' })).toBe(
      'The HSN code must be 4, 6 or 8 digits, e.g. 0702.',
    );
    for (const hsn of ['1006', '100630', '10063010', ''])
      expect(firstError(newProductSchema, { ...base, hsn_code: hsn })).toBeNull();
    expect(firstError(newProductSchema, { ...base, price_paise: 45001 })).toBe('The price cannot be above the MRP.');
    expect(firstError(newProductSchema, { ...base, price_paise: 400.5 })).toBe('The price must be whole paise.');
    expect(firstError(productPatchSchema, { tax_percent: 41 })).toBe(
      'Choose a GST rate: 0, 0.25, 3, 5, 12, 18, 28, 40 %.',
    );
  });
});

describe.each(testDatabaseKinds())('a product added, archived, restored and deleted on %s', (kind) => {
  let handle: DatabaseHandle;
  const audit = auditReader(() => handle.db);
  const actor = TEST_ACTOR;
  let customerId: number;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db, { demoCustomer: true });
    const [c] = await handle.db.insert(customers).values({ name: 'Asha', phone: '+919400012345' }).returning();
    customerId = c!.id;
  });
  afterAll(async () => handle?.close());

  /** Waits for the snapshot's next check and answers it. */
  const freshSnapshot = async () => {
    await sleep(DELTA_INTERVAL_MS + 10);
    return catalogSnapshot(handle.db);
  };

  /** A category with a subcategory of it, from the seeded shop. */
  const placement = async () => {
    const rows = (await handle.db.execute(
      sql`SELECT category_id, id FROM subcategories ORDER BY id LIMIT 1`,
    )) as unknown as {
      rows: { category_id: number; id: number }[];
    };
    return { category_id: rows.rows[0]!.category_id, subcategory_id: rows.rows[0]!.id };
  };

  it('adds a product with every field, audited, and the storefront snapshot shows it within a second', async () => {
    const db = handle.db;
    await catalogSnapshot(db);
    await audit.mark();
    const product = await createAdminProduct(
      db,
      {
        ...base,
        ...(await placement()),
        sku: 'NEW-MATTA-5KG',
        name: 'Palakkadan Matta Rice',
        brand: 'Nirapara',
        weight: 5,
        weight_unit: 'kg',
        tax_percent: 5,
        hsn_code: '10063010',
        stock: 12,
        description: 'Red parboiled rice.',
        additional_information: 'Store in a dry place.',
        highlights: ['Parboiled', 'Kerala staple'],
        images: ['emoji/1f35a.svg'],
        sold_loose: false,
        manufacturer: 'Nirapara Foods, Kalady, Ernakulam, Kerala 683574',
        country_of_origin: 'India',
        shelf_life: 'Best before 9 months from packing',
        fssai_licence: '10014041000522',
        food_mark: 'veg',
      },
      actor,
    );
    expect(product).toMatchObject({
      sku: 'NEW-MATTA-5KG',
      name: 'Palakkadan Matta Rice',
      slug: 'palakkadan-matta-rice',
      brand: 'Nirapara',
      weight: 5,
      weightUnit: 'kg',
      pricePaise: 40000,
      mrpPaise: 45000,
      taxPercent: 5,
      hsnCode: '10063010',
      stock: 12,
      additionalInformation: 'Store in a dry place.',
      highlights: ['Parboiled', 'Kerala staple'],
      images: ['emoji/1f35a.svg'],
      isActive: true,
      archivedAt: null,
    });
    const [entry] = await audit.entries();
    expect(entry).toMatchObject({
      action: 'product.create',
      entity: 'product',
      entityId: String(product.id),
      after: { sku: 'NEW-MATTA-5KG', price_paise: 40000, hsn_code: '10063010', stock: 12 },
    });
    const seen = (await freshSnapshot()).product(product.id);
    expect(seen).toMatchObject({ name: 'Palakkadan Matta Rice', pricePaise: 40000 });
    expect((await getProduct(db, product.id))?.name).toBe('Palakkadan Matta Rice');
  });

  it('refuses a SKU another product has, and a subcategory outside the category', async () => {
    const db = handle.db;
    const [taken] = await db.select({ sku: products.sku }).from(products).limit(1);
    await expect(
      createAdminProduct(db, { ...base, ...(await placement()), sku: taken!.sku }, actor),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: 'Another product already has this SKU: choose another.',
      errors: { sku: 'Another product already has this SKU: choose another.' },
    });
    const rows = (await db.execute(
      sql`SELECT s.id FROM subcategories s WHERE s.category_id <> (SELECT min(id) FROM categories) LIMIT 1`,
    )) as unknown as { rows: { id: number }[] };
    const cat = (await db.execute(sql`SELECT min(id) AS id FROM categories`)) as unknown as { rows: { id: number }[] };
    await expect(
      createAdminProduct(
        db,
        { ...base, sku: 'OTHER-1', category_id: cat.rows[0]!.id, subcategory_id: rows.rows[0]!.id },
        actor,
      ),
    ).rejects.toMatchObject({
      code: 'unprocessable',
      errors: { subcategory_id: 'The subcategory is not in the chosen category.' },
    });
  });

  it('archives a product: off the storefront and the default list, not addable to a cart; restores it off sale', async () => {
    const db = handle.db;
    const p = await createAdminProduct(db, { ...base, ...(await placement()), sku: 'ARCH-1', stock: 5 }, actor);
    expect((await freshSnapshot()).product(p.id)).not.toBeNull();
    await audit.mark();
    const archived = await archiveAdminProduct(db, p.id, actor);
    expect(archived.archivedAt).not.toBeNull();
    expect(archived.isActive).toBe(false);
    expect((await audit.entries()).map((e) => e.action)).toEqual(['product.archive']);
    expect((await freshSnapshot()).product(p.id)).toBeNull();
    expect(await getProduct(db, p.id)).toBeNull();
    const listed = await listProducts(db, { categoryId: p.categoryId, pageSize: 100 });
    expect(listed.products.map((x) => x.id)).not.toContain(p.id);
    await expect(addToCart(db, customerId, p.id, 1)).rejects.toMatchObject({ code: 'not_found' });
    expect((await listAdminProducts(db, { text: 'ARCH-1' })).products).toEqual([]);
    expect((await listAdminProducts(db, { filter: 'archived' })).products.map((x) => x.id)).toEqual([p.id]);
    await expect(updateAdminProduct(db, p.id, { is_active: true }, actor)).rejects.toMatchObject({
      code: 'unprocessable',
      message: 'This product is archived: restore it before putting it on sale.',
    });
    await expect(archiveAdminProduct(db, p.id, actor)).rejects.toMatchObject({ code: 'unprocessable' });

    // An archived row switched on by other means (an import) still stays off the shop.
    await db.update(products).set({ isActive: true }).where(eq(products.id, p.id));
    expect((await freshSnapshot()).product(p.id)).toBeNull();
    await expect(addToCart(db, customerId, p.id, 1)).rejects.toMatchObject({ code: 'not_found' });
    await db.update(products).set({ isActive: false }).where(eq(products.id, p.id));

    const restored = await restoreAdminProduct(db, p.id, actor);
    expect(restored).toMatchObject({ archivedAt: null, isActive: false });
    expect((await listAdminProducts(db, { text: 'ARCH-1' })).products.map((x) => x.id)).toEqual([p.id]);
    await updateAdminProduct(db, p.id, { is_active: true }, actor);
    expect((await freshSnapshot()).product(p.id)).not.toBeNull();
    await expect(restoreAdminProduct(db, p.id, actor)).rejects.toMatchObject({ code: 'unprocessable' });
  });

  it('refuses to delete an ordered product and deletes a never-ordered one with its cart and wishlist lines', async () => {
    const db = handle.db;
    const ordered = (await db.execute(
      sql`SELECT product_id AS id FROM order_items WHERE product_id IS NOT NULL LIMIT 1`,
    )) as unknown as { rows: { id: number }[] };
    const orderedId = ordered.rows[0]!.id;
    await expect(deleteAdminProduct(db, orderedId, actor)).rejects.toMatchObject({
      code: 'unprocessable',
      message:
        'This product is on past orders, so it cannot be deleted: archive it instead (it leaves the shop and stays on those orders and invoices).',
    });
    expect(await getAdminProduct(db, orderedId)).not.toBeNull();

    const p = await createAdminProduct(db, { ...base, ...(await placement()), sku: 'DEL-1', stock: 3 }, actor);
    // A product added after it: the deleted one is not the highest id, so the snapshot sees the count drop.
    await createAdminProduct(db, { ...base, ...(await placement()), sku: 'DEL-2' }, actor);
    await addToCart(db, customerId, p.id, 1);
    await toggleWishlist(db, customerId, p.id);
    expect((await freshSnapshot()).product(p.id)).not.toBeNull();
    await audit.mark();
    await deleteAdminProduct(db, p.id, actor);
    expect(await getAdminProduct(db, p.id)).toBeNull();
    expect(await db.select().from(cartItems).where(eq(cartItems.productId, p.id))).toEqual([]);
    expect(await db.select().from(wishlistItems).where(eq(wishlistItems.productId, p.id))).toEqual([]);
    expect(await audit.entries()).toMatchObject([
      { action: 'product.delete', entityId: String(p.id), before: { sku: 'DEL-1' }, after: null },
    ]);
    expect((await freshSnapshot()).product(p.id)).toBeNull();
    await expect(deleteAdminProduct(db, p.id, actor)).rejects.toMatchObject({ code: 'not_found' });
  });
});
