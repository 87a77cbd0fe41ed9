/**
 * What every storefront page shows besides product rows — the active categories and
 * subcategories (navigation, footer, listings), the home banners and the home rails' definitions
 * — read once and reused while the catalogue snapshot's signature stays the same. The signature
 * counts these tables and their latest `updated_at` and is read by the snapshot's check twice a
 * second on every server process (snapshot.ts), so a back-office change shows within a second
 * everywhere, for the cost of one comparison per read. ADR 0128.
 */
import type { Database } from '#lib/db/index.ts';
import type { Banner, Category, Subcategory } from '../rules.ts';
import { linkOpensHidden } from '../taxonomy-rules.ts';
import { type BannerWithWindow, readActiveBanners, readAllSubcategories, readCategories } from './catalog.ts';
import { readActiveRails } from './home-rails.ts';
import { catalogSignature, catalogSnapshot } from './snapshot.ts';

/** Wraps `load(db)` so its result is reused until the catalogue's signature moves; concurrent callers share one load. */
function memoPerSignature<T>(load: (db: Database) => Promise<T>): (db: Database) => Promise<T> {
  const cache = new WeakMap<Database, { signature: string; value: Promise<T> }>();
  return async (db) => {
    const signature = await catalogSignature(db);
    const hit = cache.get(db);
    if (hit && hit.signature === signature) return hit.value;
    const value = load(db);
    cache.set(db, { signature, value });
    value.catch(() => {
      if (cache.get(db)?.value === value) cache.delete(db);
    });
    return value;
  };
}

/** The active categories in display order (every page's footer and navigation lists them). */
export const listCategories = memoPerSignature(readCategories);

const listAllSubcategories = memoPerSignature(readAllSubcategories);

/**
 * The categories the storefront lists (home, navigation, footer, /categories, the API's menu): the
 * active ones with at least one product on sale, in display order. An empty active category's own
 * page still answers (the owner previews it) but nothing links to it. ADR 0144.
 */
export async function listListedCategories(db: Database): Promise<Category[]> {
  const [all, snapshot] = await Promise.all([listCategories(db), catalogSnapshot(db)]);
  const { categoryIds } = snapshot.taxaOnSale();
  return all.filter((c) => categoryIds.has(c.id));
}

/** The subcategories of category `categoryId` the storefront lists: active, with a product on sale. */
export async function listListedSubcategories(db: Database, categoryId: number): Promise<Subcategory[]> {
  const [subs, snapshot] = await Promise.all([cachedTree.subcategories(db, categoryId), catalogSnapshot(db)]);
  const { subcategoryIds } = snapshot.taxaOnSale();
  return subs.filter((s) => subcategoryIds.has(s.id));
}

/**
 * The active category tree as listing pages read it, from the reused lists instead of a query
 * per page (catalog.ts's `getCategory`, `getSubcategory`, `listSubcategories` read the database
 * each time, for the API). A deactivated category or subcategory is not found (the page answers 404).
 */
export const cachedTree = {
  category: async (db: Database, id: number): Promise<Category | null> =>
    (await listCategories(db)).find((c) => c.id === id) ?? null,
  subcategory: async (db: Database, id: number): Promise<Subcategory | null> =>
    (await listAllSubcategories(db)).find((s) => s.id === id) ?? null,
  subcategories: async (db: Database, categoryId: number): Promise<Subcategory[]> =>
    (await listAllSubcategories(db)).filter((s) => s.categoryId === categoryId),
};

/** The ids of the active categories and subcategories (a subcategory counts only under an active category). */
export async function activeTaxonIds(
  db: Database,
): Promise<{ categoryIds: ReadonlySet<number>; subcategoryIds: ReadonlySet<number> }> {
  const [cats, subs] = await Promise.all([listCategories(db), listAllSubcategories(db)]);
  return { categoryIds: new Set(cats.map((c) => c.id)), subcategoryIds: new Set(subs.map((s) => s.id)) };
}

const activeBanners = memoPerSignature(readActiveBanners);

/** Whether a banner's window holds at `now`. */
const showing = (b: BannerWithWindow, now: Date) => (!b.startsAt || b.startsAt <= now) && (!b.endsAt || b.endsAt > now);

/**
 * The banners showing at `now`: active, started and not ended, in order, except those whose link
 * opens a category or subcategory that is not active (its page answers 404).
 */
export async function listBanners(db: Database, now = new Date()): Promise<Banner[]> {
  const [all, active] = await Promise.all([activeBanners(db), activeTaxonIds(db)]);
  return all
    .filter((b) => showing(b, now) && !linkOpensHidden(b.ctaLink, active))
    .map(({ startsAt: _s, endsAt: _e, ...banner }) => banner);
}

/**
 * Seconds from `now` until the next active banner starts or ends (at least 1), or null when
 * none will: a cached page showing banners must not outlive that moment.
 */
export async function secondsToNextBannerChange(db: Database, now = new Date()): Promise<number | null> {
  let next = Number.POSITIVE_INFINITY;
  for (const b of await activeBanners(db))
    for (const at of [b.startsAt, b.endsAt]) if (at && at > now) next = Math.min(next, at.getTime());
  return Number.isFinite(next) ? Math.max(1, Math.ceil((next - now.getTime()) / 1000)) : null;
}

/** The active home rails' definitions in display order. */
export const listActiveRails = memoPerSignature(readActiveRails);
