/**
 * The back office's categories and subcategories: the tree with product counts, add, rename,
 * image, deactivate and reactivate, move up or down, and delete when empty. Each change is
 * audited in its transaction and bumps the row's `updated_at`, which moves the catalogue
 * snapshot's signature: every server process shows it within a second (snapshot.ts). ADR 0128.
 *
 * A slug is made once, from the name when the row is added, and kept on a rename: the
 * storefront's URLs name categories by id, so old links keep working whatever the name.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { categories, products, subcategories } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { slugify } from '#lib/slug.ts';
import {
  type AdminCategory,
  type AdminTaxon,
  type Move,
  TAXONOMY_MESSAGES,
  type TaxonNew,
  type TaxonPatch,
} from '../taxonomy-rules.ts';
import { media, onSale } from './catalog.ts';
import { moveOnePlace } from './sort-order.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Row = { id: number; name: string; slug: string; image: string | null; isActive: boolean };

type Counts = { all: number; onSale: number };

const toTaxon = (row: Row, counts: Counts = { all: 0, onSale: 0 }): AdminTaxon => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  image: row.image,
  imageUrl: media(row.image),
  isActive: row.isActive,
  productCount: counts.all,
  onSaleCount: counts.onSale,
});

/** What the audit log keeps of a category or subcategory. */
const auditView = (row: Row) => ({ name: row.name, image: row.image, is_active: row.isActive });

/** Every category with its subcategories, active or not, in display order, with product counts. */
export async function listAdminCategories(db: Database): Promise<AdminCategory[]> {
  const [cats, subs, bySub] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
    db.select().from(subcategories).orderBy(asc(subcategories.sortOrder), asc(subcategories.id)),
    db
      .select({
        categoryId: products.categoryId,
        subcategoryId: products.subcategoryId,
        n: count(),
        onSale: sql<number>`count(*) filter (where ${onSale()})`,
      })
      .from(products)
      .groupBy(products.categoryId, products.subcategoryId),
  ]);
  const perSub = new Map<number, Counts>();
  const perCat = new Map<number, Counts>();
  const add = (map: Map<number, Counts>, id: number, n: number, sale: number) => {
    const was = map.get(id) ?? { all: 0, onSale: 0 };
    map.set(id, { all: was.all + n, onSale: was.onSale + sale });
  };
  for (const r of bySub) {
    add(perSub, r.subcategoryId, Number(r.n), Number(r.onSale));
    add(perCat, r.categoryId, Number(r.n), Number(r.onSale));
  }
  return cats.map((c) => ({
    ...toTaxon(c, perCat.get(c.id)),
    subcategories: subs.filter((s) => s.categoryId === c.id).map((s) => toTaxon(s, perSub.get(s.id))),
  }));
}

/** A slug for a new row: the name's, with -2, -3… when `taken` says it is in use. */
async function freeSlug(name: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  const base = slugify(name);
  let slug = base;
  for (let n = 2; await taken(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** Throws 409 when another category (any case) has `name`. */
async function assertCategoryNameFree(tx: Tx, name: string, exceptId = 0): Promise<void> {
  const [clash] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(sql`lower(${categories.name}) = lower(${name})`, ne(categories.id, exceptId)));
  if (clash)
    throw new AppError('conflict', TAXONOMY_MESSAGES.categoryTaken(name), {
      errors: { name: TAXONOMY_MESSAGES.categoryTaken(name) },
    });
}

/** Throws 409 when another subcategory of `categoryId` (any case) has `name`. */
async function assertSubcategoryNameFree(tx: Tx, categoryId: number, name: string, exceptId = 0): Promise<void> {
  const [clash] = await tx
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(
      and(
        eq(subcategories.categoryId, categoryId),
        sql`lower(${subcategories.name}) = lower(${name})`,
        ne(subcategories.id, exceptId),
      ),
    );
  if (clash)
    throw new AppError('conflict', TAXONOMY_MESSAGES.subcategoryTaken(name), {
      errors: { name: TAXONOMY_MESSAGES.subcategoryTaken(name) },
    });
}

/** Adds a category last in the list. Errors: 409 the name is taken. */
export async function createCategory(db: Database, input: TaxonNew, actor: StaffActor): Promise<AdminCategory[]> {
  await db.transaction(async (tx) => {
    await assertCategoryNameFree(tx, input.name);
    const slug = await freeSlug(input.name, async (s) =>
      Boolean((await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, s)))[0]),
    );
    const [{ last }] = (await tx
      .select({ last: sql<number>`coalesce(max(${categories.sortOrder}), -1)` })
      .from(categories)) as [{ last: number }];
    const [row] = await tx
      .insert(categories)
      .values({ name: input.name, slug, image: input.image, sortOrder: Number(last) + 1 })
      // Another add of the same name that committed meanwhile: the unique indexes say so (409).
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError('conflict', TAXONOMY_MESSAGES.categoryTaken(input.name), {
        errors: { name: TAXONOMY_MESSAGES.categoryTaken(input.name) },
      });
    await recordAudit(tx, actor, {
      action: 'category.create',
      record: { type: 'category', id: row.id },
      before: null,
      after: auditView(row),
    });
  });
  return listAdminCategories(db);
}

/** Renames a category, changes its image or (de)activates it. Errors: 404; 409 the name is taken. */
export async function updateCategory(
  db: Database,
  id: number,
  patch: TaxonPatch,
  actor: StaffActor,
): Promise<AdminCategory[]> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw new AppError('not_found', TAXONOMY_MESSAGES.categoryNotFound);
    if (patch.name !== undefined) await assertCategoryNameFree(tx, patch.name, id);
    const [after] = await tx
      .update(categories)
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.image !== undefined && { image: patch.image }),
        ...(patch.is_active !== undefined && { isActive: patch.is_active }),
      })
      .where(eq(categories.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action:
        patch.is_active === false ? 'category.deactivate' : patch.is_active ? 'category.reactivate' : 'category.update',
      record: { type: 'category', id },
      before: auditView(before),
      after: auditView(after!),
    });
  });
  return listAdminCategories(db);
}

/** Deletes a category without subcategories or products. Errors: 404; 409 not empty. */
export async function deleteCategory(db: Database, id: number, actor: StaffActor): Promise<AdminCategory[]> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw new AppError('not_found', TAXONOMY_MESSAGES.categoryNotFound);
    const [sub] = await tx
      .select({ id: subcategories.id })
      .from(subcategories)
      .where(eq(subcategories.categoryId, id))
      .limit(1);
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.categoryId, id)).limit(1);
    if (sub || product) throw new AppError('conflict', TAXONOMY_MESSAGES.categoryNotEmpty);
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(tx, actor, {
      action: 'category.delete',
      record: { type: 'category', id },
      before: auditView(before),
      after: null,
    });
  });
  return listAdminCategories(db);
}

/** Moves a category one place. Errors: 404; 409 already first or last. */
export async function moveCategory(db: Database, id: number, move: Move, actor: StaffActor): Promise<AdminCategory[]> {
  await db.transaction((tx) =>
    moveOnePlace(
      tx,
      {
        table: categories,
        action: 'category.move',
        recordType: 'category',
        notFound: TAXONOMY_MESSAGES.categoryNotFound,
      },
      id,
      move.direction,
      actor,
    ),
  );
  return listAdminCategories(db);
}

/** Adds a subcategory last in its category. Errors: 404 unknown category; 409 the name is taken there. */
export async function createSubcategory(
  db: Database,
  categoryId: number,
  input: TaxonNew,
  actor: StaffActor,
): Promise<AdminCategory[]> {
  await db.transaction(async (tx) => {
    const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
    if (!category) throw new AppError('not_found', TAXONOMY_MESSAGES.categoryNotFound);
    await assertSubcategoryNameFree(tx, categoryId, input.name);
    const [{ last }] = (await tx
      .select({ last: sql<number>`coalesce(max(${subcategories.sortOrder}), -1)` })
      .from(subcategories)
      .where(eq(subcategories.categoryId, categoryId))) as [{ last: number }];
    const [row] = await tx
      .insert(subcategories)
      .values({
        categoryId,
        name: input.name,
        slug: slugify(input.name),
        image: input.image,
        sortOrder: Number(last) + 1,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new AppError('conflict', TAXONOMY_MESSAGES.subcategoryTaken(input.name), {
        errors: { name: TAXONOMY_MESSAGES.subcategoryTaken(input.name) },
      });
    await recordAudit(tx, actor, {
      action: 'subcategory.create',
      record: { type: 'subcategory', id: row.id },
      before: null,
      after: { ...auditView(row), category_id: categoryId },
    });
  });
  return listAdminCategories(db);
}

/** Renames a subcategory, changes its image or (de)activates it. Errors: 404; 409 the name is taken. */
export async function updateSubcategory(
  db: Database,
  id: number,
  patch: TaxonPatch,
  actor: StaffActor,
): Promise<AdminCategory[]> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(subcategories).where(eq(subcategories.id, id)).for('update');
    if (!before) throw new AppError('not_found', TAXONOMY_MESSAGES.subcategoryNotFound);
    if (patch.name !== undefined) await assertSubcategoryNameFree(tx, before.categoryId, patch.name, id);
    const [after] = await tx
      .update(subcategories)
      .set({
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.image !== undefined && { image: patch.image }),
        ...(patch.is_active !== undefined && { isActive: patch.is_active }),
      })
      .where(eq(subcategories.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action:
        patch.is_active === false
          ? 'subcategory.deactivate'
          : patch.is_active
            ? 'subcategory.reactivate'
            : 'subcategory.update',
      record: { type: 'subcategory', id },
      before: auditView(before),
      after: auditView(after!),
    });
  });
  return listAdminCategories(db);
}

/** Deletes a subcategory without products. Errors: 404; 409 it has products. */
export async function deleteSubcategory(db: Database, id: number, actor: StaffActor): Promise<AdminCategory[]> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(subcategories).where(eq(subcategories.id, id)).for('update');
    if (!before) throw new AppError('not_found', TAXONOMY_MESSAGES.subcategoryNotFound);
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.subcategoryId, id))
      .limit(1);
    if (product) throw new AppError('conflict', TAXONOMY_MESSAGES.subcategoryNotEmpty);
    await tx.delete(subcategories).where(eq(subcategories.id, id));
    await recordAudit(tx, actor, {
      action: 'subcategory.delete',
      record: { type: 'subcategory', id },
      before: { ...auditView(before), category_id: before.categoryId },
      after: null,
    });
  });
  return listAdminCategories(db);
}

/** Moves a subcategory one place within its category. Errors: 404; 409 already first or last. */
export async function moveSubcategory(
  db: Database,
  id: number,
  move: Move,
  actor: StaffActor,
): Promise<AdminCategory[]> {
  await db.transaction(async (tx) => {
    const [sub] = await tx
      .select({ categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.id, id));
    if (!sub) throw new AppError('not_found', TAXONOMY_MESSAGES.subcategoryNotFound);
    await moveOnePlace(
      tx,
      {
        table: subcategories,
        where: eq(subcategories.categoryId, sub.categoryId),
        action: 'subcategory.move',
        recordType: 'subcategory',
        notFound: TAXONOMY_MESSAGES.subcategoryNotFound,
      },
      id,
      move.direction,
      actor,
    );
  });
  return listAdminCategories(db);
}
