/**
 * A product's life in the back office besides its edits (admin-product-update.ts): added from the
 * product form, archived (off the shop and out of the default list, kept for the orders and
 * invoices that name it), restored, and deleted while no order names it. Each runs in one
 * transaction with its audit entry; the storefront's catalogue snapshot reads the change within a
 * second on every server process (the catalogue change feed, snapshot.ts) and this
 * process's is told at once (`markCatalogChanged`). ADR 0126.
 */
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { orderItems, products, stockMovements } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { slugify } from '#lib/slug.ts';
import { ADMIN_PRODUCT_MESSAGES, type AdminProduct, type NewProduct } from '../admin-rules.ts';
import { auditView, checkDeclarations, checkPlacement, emptyAsNull } from './admin-product-update.ts';
import { getAdminProduct } from './admin-products.ts';
import { markCatalogChanged } from './snapshot.ts';

/** The 409 for a SKU another product has, with the field's message. */
const duplicateSku = () =>
  new AppError('conflict', ADMIN_PRODUCT_MESSAGES.duplicateSku, {
    errors: { sku: ADMIN_PRODUCT_MESSAGES.duplicateSku },
  });

/** Whether `err` is the database refusing a second product with one SKU. */
function isDuplicateSku(err: unknown): boolean {
  const pg = ((err as { cause?: unknown })?.cause ?? err) as { code?: string; constraint?: string };
  return pg?.code === '23505' && pg.constraint === 'products_sku_key';
}

/**
 * Adds a product and returns it. Its stock, when above 0, is written to the stock ledger as a
 * `restock`. Errors: 409 a SKU another product has; 422 an unknown category or a subcategory
 * outside it; 400 a packaged product added on sale without a declaration it needs.
 */
export async function createAdminProduct(db: Database, input: NewProduct, actor: StaffActor): Promise<AdminProduct> {
  try {
    const created = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, input.sku));
      if (taken) throw duplicateSku();
      await checkPlacement(tx, input.category_id, input.subcategory_id);
      checkDeclarations(null, {
        manufacturer: input.manufacturer ?? null,
        packer: input.packer ?? null,
        importer: input.importer ?? null,
        country_of_origin: input.country_of_origin ?? null,
        shelf_life: input.shelf_life ?? null,
        consumer_care: input.consumer_care ?? null,
        fssai_licence: input.fssai_licence ?? null,
        food_mark: input.food_mark ?? null,
        sold_loose: input.sold_loose ?? false,
        weight: input.weight ?? null,
        weight_unit: input.weight_unit ?? null,
        is_active: input.is_active ?? true,
      });
      const [row] = await tx
        .insert(products)
        .values({
          sku: input.sku,
          name: input.name,
          slug: slugify(input.name),
          categoryId: input.category_id,
          subcategoryId: input.subcategory_id,
          brand: emptyAsNull(input.brand) ?? null,
          description: emptyAsNull(input.description) ?? null,
          additionalInformation: emptyAsNull(input.additional_information) ?? null,
          highlights: input.highlights ?? [],
          images: input.images ?? [],
          weight: input.weight ?? null,
          weightUnit: input.weight_unit ?? null,
          pricePaise: input.price_paise,
          mrpPaise: input.mrp_paise,
          taxPercent: input.tax_percent ?? 0,
          hsnCode: emptyAsNull(input.hsn_code) ?? null,
          stock: input.stock ?? 0,
          isActive: input.is_active ?? true,
          manufacturer: emptyAsNull(input.manufacturer) ?? null,
          packer: emptyAsNull(input.packer) ?? null,
          importer: emptyAsNull(input.importer) ?? null,
          countryOfOrigin: emptyAsNull(input.country_of_origin) ?? null,
          shelfLife: emptyAsNull(input.shelf_life) ?? null,
          consumerCare: emptyAsNull(input.consumer_care) ?? null,
          fssaiLicence: emptyAsNull(input.fssai_licence) ?? null,
          foodMark: input.food_mark ?? null,
          soldLoose: input.sold_loose ?? false,
        })
        .returning({ id: products.id });
      const id = row!.id;
      if ((input.stock ?? 0) > 0)
        await tx.insert(stockMovements).values({ productId: id, delta: input.stock!, reason: 'restock' });
      const product = (await getAdminProduct(tx, id))!;
      await recordAudit(tx, actor, {
        action: 'product.create',
        record: { type: 'product', id },
        after: { sku: product.sku, ...auditView(product) },
      });
      return product;
    });
    markCatalogChanged(db);
    return created;
  } catch (err) {
    if (isDuplicateSku(err)) throw duplicateSku();
    throw err;
  }
}

/**
 * Locks product `id` in `tx` and returns it as the back office reads it; 404 when there is none.
 */
async function lockProduct(tx: Transaction, id: number): Promise<AdminProduct> {
  const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  if (!locked) throw new AppError('not_found', ADMIN_PRODUCT_MESSAGES.notFound);
  return (await getAdminProduct(tx, id))!;
}

/**
 * Archives product `id`: stamps `archived_at` and takes it off sale, so no page, search, cart or
 * reorder offers it, while orders and invoices keep naming it. 404 unknown; 422 already archived.
 */
export async function archiveAdminProduct(db: Database, id: number, actor: StaffActor): Promise<AdminProduct> {
  const result = await db.transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    if (before.archivedAt !== null) throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.alreadyArchived);
    await tx.update(products).set({ archivedAt: sql`now()`, isActive: false }).where(eq(products.id, id));
    const after = (await getAdminProduct(tx, id))!;
    await recordAudit(tx, actor, {
      action: 'product.archive',
      record: { type: 'product', id },
      before: { archived_at: null, is_active: before.isActive },
      after: { archived_at: after.archivedAt, is_active: false },
    });
    return after;
  });
  markCatalogChanged(db);
  return result;
}

/**
 * Brings archived product `id` back to the catalogue, off sale: staff check its price and stock
 * and switch it on. 404 unknown; 422 not archived.
 */
export async function restoreAdminProduct(db: Database, id: number, actor: StaffActor): Promise<AdminProduct> {
  const result = await db.transaction(async (tx) => {
    const before = await lockProduct(tx, id);
    if (before.archivedAt === null) throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.notArchived);
    await tx.update(products).set({ archivedAt: null }).where(eq(products.id, id));
    const after = (await getAdminProduct(tx, id))!;
    await recordAudit(tx, actor, {
      action: 'product.restore',
      record: { type: 'product', id },
      before: { archived_at: before.archivedAt },
      after: { archived_at: null, is_active: after.isActive },
    });
    return after;
  });
  markCatalogChanged(db);
  return result;
}

/**
 * Deletes product `id` when no order line names it: its cart and wishlist lines and its stock
 * ledger go with it (the foreign keys cascade) and home rails stop naming it. The audit entry
 * keeps the product as it was. 404 unknown; 422 when an order names it (archive it instead).
 */
export async function deleteAdminProduct(db: Database, id: number, actor: StaffActor): Promise<void> {
  await db.transaction(async (tx) => {
    // The lock holds off an order placed meanwhile: it updates the product's stock, so it waits.
    const before = await lockProduct(tx, id);
    const [ordered] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.productId, id))
      .limit(1);
    if (ordered)
      throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.orderedCannotDelete, {
        errors: { id: ADMIN_PRODUCT_MESSAGES.orderedCannotDelete },
      });
    await tx.execute(sql`UPDATE home_rails
      SET product_ids = (SELECT coalesce(jsonb_agg(e ORDER BY n), '[]'::jsonb)
        FROM jsonb_array_elements(product_ids) WITH ORDINALITY AS t(e, n) WHERE e <> to_jsonb(${id}::int))
      WHERE product_ids @> to_jsonb(ARRAY[${id}::int])`);
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(tx, actor, {
      action: 'product.delete',
      record: { type: 'product', id },
      before: { sku: before.sku, ...auditView(before) },
      after: null,
    });
  });
  markCatalogChanged(db);
}
