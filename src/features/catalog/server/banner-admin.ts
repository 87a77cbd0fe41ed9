/**
 * The back office's home banners: the list with each banner's state now, add, change, move up
 * or down, delete. Each change is audited in its transaction and moves the catalogue snapshot's
 * signature (banners' count and latest `updated_at`), so every server process shows it within a
 * second. The storefront shows the active banners whose window holds now (`bannerState`). ADR 0128.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { banners } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import {
  type AdminBanner,
  type BannerNew,
  type BannerPatch,
  type BannerState,
  linkOpensHidden,
  type Move,
  TAXONOMY_MESSAGES,
} from '../taxonomy-rules.ts';
import { media, readAllSubcategories, readCategories } from './catalog.ts';
import { moveOnePlace } from './sort-order.ts';

type BannerRow = typeof banners.$inferSelect;

/** A banner's state at `now`: off (switched off), scheduled (starts later), ended, or showing. */
export function bannerState(
  b: { isActive: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): BannerState {
  if (!b.isActive) return 'off';
  if (b.endsAt && b.endsAt <= now) return 'ended';
  if (b.startsAt && b.startsAt > now) return 'scheduled';
  return 'showing';
}

const toAdminBanner = (b: BannerRow, now: Date, linkHidden: boolean): AdminBanner => ({
  id: b.id,
  title: b.title,
  description: b.description,
  image: b.image,
  imageUrl: media(b.image),
  cta: b.cta,
  ctaLink: b.ctaLink,
  startsAt: b.startsAt?.toISOString() ?? null,
  endsAt: b.endsAt?.toISOString() ?? null,
  isActive: b.isActive,
  state: bannerState(b, now) === 'showing' && linkHidden ? 'link-hidden' : bannerState(b, now),
});

/** What the audit log keeps of a banner. */
const auditView = (b: BannerRow) => ({
  title: b.title,
  image: b.image,
  cta: b.cta,
  cta_link: b.ctaLink,
  starts_at: b.startsAt?.toISOString() ?? null,
  ends_at: b.endsAt?.toISOString() ?? null,
  is_active: b.isActive,
});

/** Every banner in display order with its state at `now` (`link-hidden` when showing but its link opens a hidden category). */
export async function listAdminBanners(db: Database, now = new Date()): Promise<AdminBanner[]> {
  const [rows, cats, subs] = await Promise.all([
    db.select().from(banners).orderBy(asc(banners.sortOrder), asc(banners.id)),
    readCategories(db),
    readAllSubcategories(db),
  ]);
  // Read fresh rather than from the storefront's reused lists: the answer to a change shows it.
  const active = { categoryIds: new Set(cats.map((c) => c.id)), subcategoryIds: new Set(subs.map((s) => s.id)) };
  return rows.map((b) => toAdminBanner(b, now, b.ctaLink !== null && linkOpensHidden(b.ctaLink, active)));
}

const toDate = (iso: string | null) => (iso ? new Date(iso) : null);

/** Adds a banner last in the list. */
export async function createBanner(db: Database, input: BannerNew, actor: StaffActor): Promise<AdminBanner[]> {
  await db.transaction(async (tx) => {
    const [{ last }] = (await tx
      .select({ last: sql<number>`coalesce(max(${banners.sortOrder}), -1)` })
      .from(banners)) as [{ last: number }];
    const [row] = await tx
      .insert(banners)
      .values({
        title: input.title,
        description: input.description,
        image: input.image,
        cta: input.cta,
        ctaLink: input.cta_link,
        startsAt: toDate(input.starts_at),
        endsAt: toDate(input.ends_at),
        isActive: input.is_active,
        sortOrder: Number(last) + 1,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'banner.create',
      record: { type: 'banner', id: row!.id },
      before: null,
      after: auditView(row!),
    });
  });
  return listAdminBanners(db);
}

/** Changes a banner. Errors: 404; 422 the end (given or kept) is not after the start. */
export async function updateBanner(
  db: Database,
  id: number,
  patch: BannerPatch,
  actor: StaffActor,
): Promise<AdminBanner[]> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!before) throw new AppError('not_found', TAXONOMY_MESSAGES.bannerNotFound);
    const startsAt = patch.starts_at === undefined ? before.startsAt : toDate(patch.starts_at);
    const endsAt = patch.ends_at === undefined ? before.endsAt : toDate(patch.ends_at);
    if (startsAt && endsAt && endsAt <= startsAt)
      throw new AppError('unprocessable', TAXONOMY_MESSAGES.endsBeforeStart, {
        errors: { ends_at: TAXONOMY_MESSAGES.endsBeforeStart },
      });
    const [after] = await tx
      .update(banners)
      .set({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.image !== undefined && { image: patch.image }),
        ...(patch.cta !== undefined && { cta: patch.cta }),
        ...(patch.cta_link !== undefined && { ctaLink: patch.cta_link }),
        ...(patch.is_active !== undefined && { isActive: patch.is_active }),
        startsAt,
        endsAt,
      })
      .where(eq(banners.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'banner.update',
      record: { type: 'banner', id },
      before: auditView(before),
      after: auditView(after!),
    });
  });
  return listAdminBanners(db);
}

/** Deletes a banner. Errors: 404. */
export async function deleteBanner(db: Database, id: number, actor: StaffActor): Promise<AdminBanner[]> {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!before) throw new AppError('not_found', TAXONOMY_MESSAGES.bannerNotFound);
    await recordAudit(tx, actor, {
      action: 'banner.delete',
      record: { type: 'banner', id },
      before: auditView(before),
      after: null,
    });
  });
  return listAdminBanners(db);
}

/** Moves a banner one place. Errors: 404; 409 already first or last. */
export async function moveBanner(db: Database, id: number, move: Move, actor: StaffActor): Promise<AdminBanner[]> {
  await db.transaction((tx) =>
    moveOnePlace(
      tx,
      { table: banners, action: 'banner.move', recordType: 'banner', notFound: TAXONOMY_MESSAGES.bannerNotFound },
      id,
      move.direction,
      actor,
    ),
  );
  return listAdminBanners(db);
}
