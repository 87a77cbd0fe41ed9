/**
 * Data for the home page (docs/storefront-rules.md#home-page): the banners showing now, the
 * active product rails (home-rails.ts), or, when no rail is active, the first 10 products (one
 * feed, one error message), and the categories. A failed read is logged with the spec's message
 * for its block and the rest of the page still renders; the page is cached only when both reads
 * succeeded, and no longer than until the next banner starts or ends.
 */

import { getConfig } from '#lib/config.ts';
import { type Database, getDb } from '#lib/db/index.ts';
import { logger } from '#lib/log.ts';
import type { JsonLd } from '#lib/seo.ts';
import { type Banner, type Category, HOME_PRODUCT_LIMIT, type ProductSummary } from '../rules.ts';
import { type HomeRail, loadHomeRails } from './home-rails.ts';
import type { Outcome } from './listing-pages.ts';
import { listActiveRails, listBanners, listListedCategories, secondsToNextBannerChange } from './navigation.ts';
import { catalogSnapshot } from './snapshot.ts';

export interface HomeData extends Outcome {
  /** Banners and products failed together (the spec's "Failed to load banners and products"). */
  feedFailed: boolean;
  categoriesFailed: boolean;
  banners: Banner[];
  /** The first products, shown when no rail is active. */
  products: ProductSummary[];
  /** The active rails with products, in order; empty when none is configured. */
  rails: HomeRail[];
  categories: Category[];
  /** The promo tiles' categories (PROMO_TILE_CATEGORY_IDS) that are active, in that order. */
  promoTiles: Category[];
  /** The shop as a schema.org GroceryStore, its image the first banner's. */
  groceryStore: JsonLd;
}

/** The categories the home page's two promo tiles ("Shop Now") open, when they are active. */
export const PROMO_TILE_CATEGORY_IDS = [1, 3] as const;

/** The promo tiles' categories among the active `categories`: a hidden one's tile would lead to a 404. */
export const promoTiles = (categories: Category[]): Category[] =>
  PROMO_TILE_CATEGORY_IDS.flatMap((id) => categories.filter((c) => c.id === id));

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The home page's feed block: banners showing at `now` (navigation.ts's `listBanners`), seconds until one starts or ends (null: none will), rails or the first products. */
export async function loadHomeFeed(db: Database, now = new Date()) {
  const [banners, bannerChange, snapshot, railList] = await Promise.all([
    listBanners(db, now),
    secondsToNextBannerChange(db, now),
    catalogSnapshot(db),
    listActiveRails(db),
  ]);
  const rails = await loadHomeRails(db, railList, snapshot);
  // The first products show when no rail has any (none configured, or all their products gone).
  const products =
    rails.length > 0
      ? []
      : snapshot.listProducts({ pageSize: HOME_PRODUCT_LIMIT }).products.slice(0, HOME_PRODUCT_LIMIT);
  return { banners, bannerChange, products, rails };
}

/** Loads the home page (always status 200; see the module comment). */
export async function loadHome(reqId?: string): Promise<HomeData> {
  const feed = (async () => {
    try {
      return await loadHomeFeed(await getDb());
    } catch (err) {
      logger.error({ err, reqId }, `Error fetching banners and products: ${reason(err)}`);
      return null;
    }
  })();
  const categories = (async () => {
    try {
      return await listListedCategories(await getDb());
    } catch (err) {
      logger.error({ err, reqId }, `Error fetching categories: ${reason(err)}`);
      return null;
    }
  })();
  const [feedData, categoryList] = await Promise.all([feed, categories]);
  const banners = feedData?.banners ?? [];
  return {
    status: 200,
    cacheable: feedData !== null && categoryList !== null,
    maxAgeSeconds: feedData?.bannerChange ?? null,
    feedFailed: feedData === null,
    categoriesFailed: categoryList === null,
    banners,
    products: feedData?.products ?? [],
    rails: feedData?.rails ?? [],
    categories: categoryList ?? [],
    promoTiles: promoTiles(categoryList ?? []),
    groceryStore: groceryStoreJsonLd(banners[0]?.image),
  };
}

/** The home page's GroceryStore JSON-LD from configuration; `image` a banner image (site-relative or absolute). */
function groceryStoreJsonLd(image: string | undefined): JsonLd {
  const config = getConfig();
  const site = config.SITE_URL.replace(/\/+$/, '');
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${site}${path}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'GroceryStore',
    name: config.SHOP_NAME,
    url: `${site}/`,
    logo: `${site}/favicon.svg`,
    image: image ? absolute(image) : `${site}/images/og-default.jpg`,
    description:
      'Farm-fresh fruit, vegetables, sweets, pickles, dry fruits and bakes, delivered to your doorstep in Thrissur.',
    telephone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    address: {
      '@type': 'PostalAddress',
      streetAddress: config.SHOP_ADDRESS.split(',')[0].trim(),
      addressLocality: 'Thrissur',
      addressRegion: 'Kerala',
      addressCountry: 'IN',
    },
    areaServed: { '@type': 'City', name: 'Thrissur' },
    currenciesAccepted: 'INR',
  };
}
