/**
 * The back office's edit of a product. An edit runs in one transaction: the product's row is
 * locked, the merged result checked (price ≤ MRP, the subcategory in the category), the row
 * updated (the database's triggers stamp `updated_at` and log the change to the catalogue change
 * feed, which every server process's catalogue snapshot reads within a second of the commit,
 * invalidating the cached pages that show what changed), a
 * stock change written to the stock ledger as an `adjust` movement, and the audit entry written
 * with the changed fields before and after. This process's snapshot is told at once
 * (`markCatalogChanged`).
 */
import { eq } from 'drizzle-orm';
import { changedFields } from '#lib/changed-fields.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { categories, products, stockMovements, subcategories } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { ADMIN_PRODUCT_MESSAGES, type AdminProduct, type ProductPatch } from '../admin-rules.ts';
import { DECLARATION_MESSAGES, type DeclarationFields, gapErrors, publishGaps } from '../declarations.ts';
import { declarationsOf, getAdminProduct } from './admin-products.ts';
import { markCatalogChanged } from './snapshot.ts';

/** The audit entry's view of a product: the fields staff edit. */
export function auditView(p: AdminProduct): Record<string, unknown> {
  return {
    name: p.name,
    brand: p.brand,
    description: p.description,
    additional_information: p.additionalInformation,
    highlights: p.highlights,
    images: p.images,
    category_id: p.categoryId,
    subcategory_id: p.subcategoryId,
    tax_percent: p.taxPercent,
    hsn_code: p.hsnCode,
    price_paise: p.pricePaise,
    mrp_paise: p.mrpPaise,
    stock: p.stock,
    is_active: p.isActive,
    // The declarations, pack size and unit.
    ...declarationsOf(p),
  };
}

/**
 * Throws a 400 naming each declaration a product would go on sale without (declarations.ts
 * `publishGaps`): `before` as stored (null for a new product), `after` as it would be saved.
 */
export function checkDeclarations(
  before: AdminProduct | null,
  after: DeclarationFields & { is_active: boolean },
): void {
  const gaps = publishGaps(before && { ...declarationsOf(before), is_active: before.isActive }, after);
  if (gaps.length) throw new AppError('bad_request', DECLARATION_MESSAGES.refused(gaps), { errors: gapErrors(gaps) });
}

/** A patch's declarations merged into the product as stored. */
function mergedDeclarations(before: AdminProduct, patch: ProductPatch): DeclarationFields & { is_active: boolean } {
  const stored = declarationsOf(before);
  const pick = <K extends keyof DeclarationFields>(key: K): DeclarationFields[K] =>
    patch[key] === undefined ? stored[key] : (patch[key] as DeclarationFields[K]);
  return {
    manufacturer: pick('manufacturer'),
    packer: pick('packer'),
    importer: pick('importer'),
    country_of_origin: pick('country_of_origin'),
    shelf_life: pick('shelf_life'),
    consumer_care: pick('consumer_care'),
    fssai_licence: pick('fssai_licence'),
    food_mark: pick('food_mark'),
    sold_loose: pick('sold_loose'),
    weight: pick('weight'),
    weight_unit: pick('weight_unit'),
    is_active: patch.is_active ?? before.isActive,
  };
}

/** A cleared text field (empty or null) as null; undefined (not sent) as undefined. */
export const emptyAsNull = (v: string | null | undefined): string | null | undefined =>
  v === undefined ? undefined : v || null;

/**
 * Throws a 422 unless `patch` merged into `before` is a product the shop can sell: price at or
 * below MRP, a known category and a known subcategory within it, not put on sale while archived;
 * a 400 when it would go on sale without a declaration it needs (`checkDeclarations`).
 */
async function checkPatch(tx: Transaction, before: AdminProduct, patch: ProductPatch): Promise<void> {
  if (patch.is_active === true && before.archivedAt !== null)
    throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.archivedCannotSell, {
      errors: { is_active: ADMIN_PRODUCT_MESSAGES.archivedCannotSell },
    });
  const price = patch.price_paise ?? before.pricePaise;
  const mrp = patch.mrp_paise ?? before.mrpPaise;
  if (price > mrp)
    throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.priceAboveMrp, {
      errors: {
        [patch.price_paise !== undefined ? 'price_paise' : 'mrp_paise']: ADMIN_PRODUCT_MESSAGES.priceAboveMrp,
      },
    });
  if (patch.category_id !== undefined || patch.subcategory_id !== undefined)
    await checkPlacement(tx, patch.category_id ?? before.categoryId, patch.subcategory_id ?? before.subcategoryId);
  checkDeclarations(before, mergedDeclarations(before, patch));
}

/** Throws a 422 unless the category exists and the subcategory exists within it. */
export async function checkPlacement(tx: Transaction, categoryId: number, subcategoryId: number): Promise<void> {
  const [cat] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!cat)
    throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.unknownCategory, {
      errors: { category_id: ADMIN_PRODUCT_MESSAGES.unknownCategory },
    });
  const [sub] = await tx
    .select({ categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.id, subcategoryId));
  if (!sub)
    throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.unknownSubcategory, {
      errors: { subcategory_id: ADMIN_PRODUCT_MESSAGES.unknownSubcategory },
    });
  if (sub.categoryId !== categoryId)
    throw new AppError('unprocessable', ADMIN_PRODUCT_MESSAGES.subcategoryMismatch, {
      errors: { subcategory_id: ADMIN_PRODUCT_MESSAGES.subcategoryMismatch },
    });
}

/**
 * Applies a validated patch to product `id` (see the module comment) and returns the product as
 * it now is. Errors: 404 unknown product; 422 price above MRP, a subcategory outside the
 * category, an unknown category or subcategory.
 */
export async function updateAdminProduct(
  db: Database,
  id: number,
  patch: ProductPatch,
  actor: StaffActor,
): Promise<AdminProduct> {
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    if (!locked) throw new AppError('not_found', ADMIN_PRODUCT_MESSAGES.notFound);
    const before = (await getAdminProduct(tx, id))!;
    await checkPatch(tx, before, patch);
    await tx
      .update(products)
      .set({
        name: patch.name,
        brand: emptyAsNull(patch.brand),
        description: emptyAsNull(patch.description),
        additionalInformation: emptyAsNull(patch.additional_information),
        hsnCode: emptyAsNull(patch.hsn_code),
        highlights: patch.highlights,
        images: patch.images,
        categoryId: patch.category_id,
        subcategoryId: patch.subcategory_id,
        weight: patch.weight,
        weightUnit: patch.weight_unit,
        taxPercent: patch.tax_percent,
        pricePaise: patch.price_paise,
        mrpPaise: patch.mrp_paise,
        stock: patch.stock,
        isActive: patch.is_active,
        manufacturer: emptyAsNull(patch.manufacturer),
        packer: emptyAsNull(patch.packer),
        importer: emptyAsNull(patch.importer),
        countryOfOrigin: emptyAsNull(patch.country_of_origin),
        shelfLife: emptyAsNull(patch.shelf_life),
        consumerCare: emptyAsNull(patch.consumer_care),
        fssaiLicence: emptyAsNull(patch.fssai_licence),
        foodMark: patch.food_mark,
        soldLoose: patch.sold_loose,
      })
      .where(eq(products.id, id));
    const after = (await getAdminProduct(tx, id))!;
    if (after.stock !== before.stock)
      await tx.insert(stockMovements).values({ productId: id, delta: after.stock - before.stock, reason: 'adjust' });
    const change = changedFields(auditView(before), auditView(after));
    if (Object.keys(change.after).length > 0)
      await recordAudit(tx, actor, { action: 'product.update', record: { type: 'product', id }, ...change });
    return after;
  });
  markCatalogChanged(db);
  return result;
}
