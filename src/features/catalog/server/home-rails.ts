/**
 * The home page's product rails: the back office's list, add, change, move and delete (audited,
 * each moving the catalogue snapshot's signature), and the storefront's rails resolved from the
 * snapshot (only products on sale in active categories):
 * - 'chosen': the products staff picked, in their order (out of stock ones too: staff chose them);
 * - 'deals': in-stock products by largest saving on the MRP (paise), ties newest first;
 * - 'new': in-stock products newest first (highest id: ids grow as products are added);
 * - 'bestsellers': in-stock products by units on orders placed in the last BESTSELLER_DAYS days
 *   (cancelled, unpaid and failed orders aside), read once per BESTSELLER_REUSE_MS per process.
 * ADR 0128.
 */
import { and, asc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import { memoPerDatabase } from '#lib/cache/shared-cache.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { homeRails, orderItems, orders, products } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import type { ProductSummary } from '../rules.ts';
import {
  type AdminRail,
  BESTSELLER_DAYS,
  type Move,
  type RailNew,
  type RailPatch,
  type RailRule,
  TAXONOMY_MESSAGES,
} from '../taxonomy-rules.ts';
import type { CatalogSnapshot } from './snapshot-model.ts';
import { moveOnePlace } from './sort-order.ts';

type RailRow = typeof homeRails.$inferSelect;

/** What the audit log keeps of a rail. */
const auditView = (r: RailRow) => ({
  title: r.title,
  rule: r.rule,
  product_ids: r.productIds,
  product_limit: r.productLimit,
  is_active: r.isActive,
});

/** Every rail in display order, with the names of its chosen products. */
export async function listAdminRails(db: Database): Promise<AdminRail[]> {
  const rows = await db.select().from(homeRails).orderBy(asc(homeRails.sortOrder), asc(homeRails.id));
  const ids = [...new Set(rows.flatMap((r) => r.productIds))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids))).map(
          (p) => [p.id, p.name],
        )
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    rule: r.rule,
    productIds: r.productIds,
    products: r.productIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
    productLimit: r.productLimit,
    isActive: r.isActive,
  }));
}

/** Throws 422 when a product id names no product. */
async function assertProductsExist(db: Pick<Database, 'select'>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(
    (await db.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((p) => p.id),
  );
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length)
    throw new AppError('unprocessable', TAXONOMY_MESSAGES.railUnknownProducts(unknown), {
      errors: { product_ids: TAXONOMY_MESSAGES.railUnknownProducts(unknown) },
    });
}

/** Adds a rail last in the list. Errors: 422 an unknown product. */
export async function createRail(db: Database, input: RailNew, actor: StaffActor): Promise<AdminRail[]> {
  await db.transaction(async (tx) => {
    await assertProductsExist(tx, input.product_ids);
    const [{ last }] = (await tx
      .select({ last: sql<number>`coalesce(max(${homeRails.sortOrder}), -1)` })
      .from(homeRails)) as [{ last: number }];
    const [row] = await tx
      .insert(homeRails)
      .values({
        title: input.title,
        rule: input.rule,
        productIds: input.product_ids,
        productLimit: input.product_limit,
        isActive: input.is_active,
        sortOrder: Number(last) + 1,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'rail.create',
      record: { type: 'home_rail', id: row!.id },
      before: null,
      after: auditView(row!),
    });
  });
  return listAdminRails(db);
}

/** Changes a rail. Errors: 404; 422 an unknown product, or a chosen rail left without products. */
export async function updateRail(db: Database, id: number, patch: RailPatch, actor: StaffActor): Promise<AdminRail[]> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(homeRails).where(eq(homeRails.id, id)).for('update');
    if (!before) throw new AppError('not_found', TAXONOMY_MESSAGES.railNotFound);
    if (patch.product_ids) await assertProductsExist(tx, patch.product_ids);
    const rule = patch.rule ?? before.rule;
    const productIds = patch.product_ids ?? before.productIds;
    if (rule === 'chosen' && productIds.length === 0)
      throw new AppError('unprocessable', TAXONOMY_MESSAGES.railNeedsProducts, {
        errors: { product_ids: TAXONOMY_MESSAGES.railNeedsProducts },
      });
    const [after] = await tx
      .update(homeRails)
      .set({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.rule !== undefined && { rule: patch.rule }),
        ...(patch.product_ids !== undefined && { productIds: patch.product_ids }),
        ...(patch.product_limit !== undefined && { productLimit: patch.product_limit }),
        ...(patch.is_active !== undefined && { isActive: patch.is_active }),
      })
      .where(eq(homeRails.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'rail.update',
      record: { type: 'home_rail', id },
      before: auditView(before),
      after: auditView(after!),
    });
  });
  return listAdminRails(db);
}

/** Deletes a rail. Errors: 404. */
export async function deleteRail(db: Database, id: number, actor: StaffActor): Promise<AdminRail[]> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(homeRails).where(eq(homeRails.id, id)).returning();
    if (!before) throw new AppError('not_found', TAXONOMY_MESSAGES.railNotFound);
    await recordAudit(tx, actor, {
      action: 'rail.delete',
      record: { type: 'home_rail', id },
      before: auditView(before),
      after: null,
    });
  });
  return listAdminRails(db);
}

/** Moves a rail one place. Errors: 404; 409 already first or last. */
export async function moveRail(db: Database, id: number, move: Move, actor: StaffActor): Promise<AdminRail[]> {
  await db.transaction((tx) =>
    moveOnePlace(
      tx,
      { table: homeRails, action: 'rail.move', recordType: 'home_rail', notFound: TAXONOMY_MESSAGES.railNotFound },
      id,
      move.direction,
      actor,
    ),
  );
  return listAdminRails(db);
}

/** A rail as the home page shows it. */
export interface HomeRail {
  id: number;
  title: string;
  rule: RailRule;
  products: ProductSummary[];
}

/** How long (ms) a process reuses the bestsellers' ranking: units sold move slowly, the products' own state does not wait. */
export const BESTSELLER_REUSE_MS = 60_000;

/** Product ids by units on orders placed in the last BESTSELLER_DAYS days, most first (ties lower id). */
export async function readBestsellerIds(db: Database, now = new Date()): Promise<number[]> {
  const since = new Date(now.getTime() - BESTSELLER_DAYS * 86_400_000);
  const units = sql<number>`sum(${orderItems.qty})`;
  const rows = await db
    .select({ id: orderItems.productId, units })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        gte(orders.createdAt, since),
        notInArray(orders.status, ['cancelled', 'pending_payment', 'payment_failed']),
        sql`${orderItems.productId} IS NOT NULL`,
      ),
    )
    .groupBy(orderItems.productId)
    .orderBy(sql`${units} DESC`, asc(orderItems.productId))
    .limit(200);
  return rows.map((r) => r.id!);
}

const cachedBestsellers = memoPerDatabase(BESTSELLER_REUSE_MS, (db) => readBestsellerIds(db));

/** The active rails' definitions in display order. */
export async function readActiveRails(db: Database): Promise<RailRow[]> {
  return db
    .select()
    .from(homeRails)
    .where(eq(homeRails.isActive, true))
    .orderBy(asc(homeRails.sortOrder), asc(homeRails.id));
}

/**
 * The rails' products from the snapshot (module comment); a rail left with no products is
 * dropped. `bestsellers` is the ranking the 'bestsellers' rule reads.
 */
export function resolveRails(rails: RailRow[], snapshot: CatalogSnapshot, bestsellers: number[]): HomeRail[] {
  const all = snapshot.products();
  const inStock = all.filter((p) => p.stock > 0);
  const pick = (rail: RailRow): ProductSummary[] => {
    const limit = rail.productLimit;
    switch (rail.rule) {
      case 'chosen':
        return rail.productIds
          .map((id) => snapshot.product(id))
          .filter((p) => p !== null)
          .slice(0, limit);
      case 'deals':
        return inStock
          .filter((p) => p.mrpPaise > p.pricePaise)
          .sort((a, b) => b.mrpPaise - b.pricePaise - (a.mrpPaise - a.pricePaise) || b.id - a.id)
          .slice(0, limit);
      case 'new':
        return [...inStock].sort((a, b) => b.id - a.id).slice(0, limit);
      case 'bestsellers':
        return bestsellers
          .map((id) => snapshot.product(id))
          .filter((p) => p !== null && p.stock > 0)
          .slice(0, limit) as ProductSummary[];
    }
  };
  return rails
    .map((rail) => ({ id: rail.id, title: rail.title, rule: rail.rule, products: pick(rail) }))
    .filter((rail) => rail.products.length > 0);
}

/** The home page's rails (resolved from `snapshot`); empty when none is active. */
export async function loadHomeRails(db: Database, rails: RailRow[], snapshot: CatalogSnapshot): Promise<HomeRail[]> {
  if (rails.length === 0) return [];
  const bestsellers = rails.some((r) => r.rule === 'bestsellers') ? await cachedBestsellers(db) : [];
  return resolveRails(rails, snapshot, bestsellers);
}
