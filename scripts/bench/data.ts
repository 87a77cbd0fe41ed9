/**
 * The bench's data: a fresh database (PGlite under .bench/pglite, or a new PostgreSQL database
 * on BENCH_DATABASE_URL's server, dropped afterwards) with the migrations, the demo shop and the
 * 20,000-product catalogue; signed-in customers with carts (sessions created directly, as the
 * OTP login would); and the URLs to request: distinct product pages and distinct listing pages
 * (categories and subcategories, sorts and page numbers), one set for browser headers and one
 * for `Accept-Encoding: identity`, a few others to read the pages' size from, and every product
 * and listing URL for the day's traffic.
 */
import { createReadStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createSession } from '#features/auth/index.ts';
import { addToCart } from '#features/cart/index.ts';
import { importCatalogCsv } from '#features/catalog/index.ts';
import { seedDemoShop } from '#features/demo-shop/index.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { customers } from '#lib/db/schema.ts';
import { createScratchDatabase } from '#lib/db/scratch.ts';

/** Where the bench's database lives: a PGlite folder or a PostgreSQL URL, and how to drop it. */
export interface BenchDatabase {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A deterministic pseudo-random sequence (mulberry32), so every run picks the same URLs. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` items of `list` drawn without replacement, in a stable order. */
export function sample<T>(list: T[], count: number, seed = 13): T[] {
  const next = random(seed);
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

/** Creates the empty database: PGlite in `root`/.bench/pglite, or a new database on `adminUrl`. */
export async function createBenchDatabase(root: string, adminUrl: string | undefined): Promise<BenchDatabase> {
  if (!adminUrl) {
    const dir = path.join(root, '.bench/pglite');
    rmSync(path.join(root, '.bench'), { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return { kind: 'pglite', env: { PGLITE_DATA_DIR: dir, DATABASE_URL: '' }, drop: async () => undefined };
  }
  const { url, drop } = await createScratchDatabase(adminUrl, 'farmfresh_bench');
  return { kind: 'postgres', env: { DATABASE_URL: url }, drop };
}

/** What the bench requests, chosen from the database. */
export interface BenchTargets {
  products: number;
  /** Distinct pages for the cold phases with browser headers, and others for the identity ones. */
  productUrls: string[];
  listingUrls: string[];
  productIdentityUrls: string[];
  listingIdentityUrls: string[];
  /** Pages requested by no measured phase, whose size (identity) the reference pages are made to match. */
  sizeSampleUrls: { product: string[]; listing: string[] };
  /**
   * Other pages no measured phase requests, rendered once by the shop and by the reference before
   * the phases: a cold phase then measures a running server's cache miss, not V8's first
   * compilations of the render path.
   */
  warmupUrls: { product: string[]; listing: string[] };
  /** Every active product's page and every listing page, for the day's traffic. */
  allProductUrls: string[];
  allListingUrls: string[];
  /** Bearer tokens of signed-in customers, each with a few cart lines, and product ids to add. */
  tokens: string[];
  addableProductIds: number[];
  import: { seconds: number; inserted: number; skipped: number } | null;
}

const rows = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** How many pages deep the cold phases' listing pages go (sorted three ways, 10 products a page). */
const COLD_LISTING_DEPTH = 60;

/**
 * Migrates, seeds the demo shop, imports `csvPath` when it exists, creates `customerCount`
 * customers with sessions and carts, and picks `productPages` product URLs and `listingPages`
 * listing URLs per header set (all distinct; fewer listings when the catalogue has fewer).
 * Closes the database again (the server must own PGlite).
 */
export async function prepareBenchData(
  database: BenchDatabase,
  csvPath: string,
  { productPages = 500, listingPages = 50, customerCount = 32 } = {},
): Promise<BenchTargets> {
  const handle = await openDatabase({
    pgliteDataDir: database.env.PGLITE_DATA_DIR ?? '',
    databaseUrl: database.env.DATABASE_URL ?? '',
  });
  try {
    await migrateDatabase(handle);
    await seedDemoShop(handle.db);
    let importInfo: BenchTargets['import'] = null;
    if (existsSync(csvPath)) {
      const t = performance.now();
      const result = await importCatalogCsv(handle.db, createReadStream(csvPath));
      importInfo = {
        seconds: Math.round((performance.now() - t) / 100) / 10,
        inserted: result.inserted,
        skipped: result.skipped.length,
      };
    }
    const productIds = (
      await rows<{ id: number }>(handle, sql`SELECT id FROM products WHERE is_active ORDER BY id`)
    ).map((r) => r.id);
    const inStock = (
      await rows<{ id: number }>(handle, sql`SELECT id FROM products WHERE is_active AND stock > 100 ORDER BY id`)
    ).map((r) => r.id);

    // Listings: the biggest categories and subcategories, by sort and page number.
    const categories = await rows<{ id: number; n: number }>(
      handle,
      sql`SELECT category_id AS id, count(*)::int AS n FROM products WHERE is_active GROUP BY category_id ORDER BY n DESC, id`,
    );
    const subcategories = await rows<{ id: number; category_id: number; n: number }>(
      handle,
      sql`SELECT subcategory_id AS id, min(category_id) AS category_id, count(*)::int AS n FROM products WHERE is_active GROUP BY subcategory_id ORDER BY n DESC, id`,
    );
    // The day's traffic asks for the first three pages of a category (what shoppers read); the
    // cold phases need more distinct pages than that, one set per bracket, so they draw from
    // pages further on too (a page of a listing is read from the catalogue snapshot, at any depth).
    const categoryPages = (depth: number) =>
      categories.flatMap((c) =>
        ['', 'asc', 'desc'].flatMap((sort) =>
          Array.from({ length: Math.min(depth, Math.ceil(c.n / 10)) }, (_, i) => {
            const query = new URLSearchParams({
              ...(sort ? { sort } : {}),
              ...(i > 0 ? { page: String(i + 1) } : {}),
            }).toString();
            return `/category/${c.id}/subcategories${query ? `?${query}` : ''}`;
          }),
        ),
      );
    const subcategoryPages = subcategories.map((s) => `/categories/${s.category_id}/subcategory/${s.id}`);
    const listings = [...categoryPages(3), ...subcategoryPages];
    const coldListings = [...categoryPages(COLD_LISTING_DEPTH), ...subcategoryPages];

    // Signed-in customers, each with three cart lines.
    const tokens: string[] = [];
    for (let i = 0; i < customerCount; i++) {
      const [customer] = await handle.db
        .insert(customers)
        .values({
          name: `Bench customer ${i + 1}`,
          phone: `+9198${String(i).padStart(8, '0')}`,
          phoneVerifiedAt: new Date(),
          creditLimitPaise: 100_000,
          creditBalancePaise: 100_000,
        })
        .returning({ id: customers.id });
      for (const productId of sample(inStock, 3, 100 + i)) await addToCart(handle.db, customer!.id, productId, 1);
      tokens.push((await createSession(handle.db, customer!.id)).token);
    }
    // The size samples and the warm-up pages first, then the two measured sets share the rest
    // (evenly when the catalogue has fewer pages than they ask for).
    const SIZE_SAMPLES = { product: 10, listing: 5 };
    const WARMUP = { product: 300, listing: 30 };
    const split = (urls: string[], samples: number, warmup: number, perSet: number) => {
      const share = Math.min(perSet, Math.floor((urls.length - samples - warmup) / 2));
      const measured = samples + warmup;
      return {
        samples: urls.slice(0, samples),
        warmup: urls.slice(samples, measured),
        browser: urls.slice(measured, measured + share),
        identity: urls.slice(measured + share, measured + 2 * share),
      };
    };
    const productSets = split(
      sample(productIds, 2 * productPages + SIZE_SAMPLES.product + WARMUP.product).map((id) => `/product/${id}`),
      SIZE_SAMPLES.product,
      WARMUP.product,
      productPages,
    );
    // Listings are fewer: their warm-up takes at most a fifth of what the catalogue has.
    const listingWarmup = Math.min(WARMUP.listing, Math.floor(coldListings.length / 5));
    const listingSets = split(
      sample(coldListings, 2 * listingPages + SIZE_SAMPLES.listing + listingWarmup, 7),
      SIZE_SAMPLES.listing,
      listingWarmup,
      listingPages,
    );
    return {
      products: productIds.length,
      productUrls: productSets.browser,
      productIdentityUrls: productSets.identity,
      listingUrls: listingSets.browser,
      listingIdentityUrls: listingSets.identity,
      sizeSampleUrls: { product: productSets.samples, listing: listingSets.samples },
      warmupUrls: { product: productSets.warmup, listing: listingSets.warmup },
      allProductUrls: productIds.map((id) => `/product/${id}`),
      allListingUrls: listings,
      tokens,
      addableProductIds: sample(inStock, 200, 29),
      import: importInfo,
    };
  } finally {
    await handle.close();
  }
}
