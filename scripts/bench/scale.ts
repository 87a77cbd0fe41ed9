/**
 * The bench's "synthetic 100k" phase (BENCH_PHASES=scale): what one server process needs with a
 * large catalogue. On a database of its own (a new PostgreSQL database on BENCH_DATABASE_URL's
 * server, dropped after; or a PGlite folder under .bench/), the demo shop plus BENCH_SCALE_PRODUCTS
 * synthetic products (default 100,000; BENCH_SCALE_PGLITE_PRODUCTS on PGlite) with descriptions
 * of about 1 KB, spread over the demo's subcategories, inserted by one multi-row
 * `INSERT … SELECT … FROM generate_series` per slice. Then ONE server as `npm start` runs it
 * (dist/server/entry.mjs with serverNodeFlags, WEB_CONCURRENCY=1): the time from spawn to
 * /readyz 200 and to the first listing page, its resident memory (VmRSS, VmHWM from /proc) after
 * a warm-up and after a burst of distinct product, listing and search requests.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { seedDemoShop } from '#features/demo-shop/index.ts';
import { migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { createScratchDatabase } from '#lib/db/scratch.ts';
import { sample } from './data.ts';
import { BROWSER_API_HEADERS, runLoad } from './load.ts';
import { shopEnvironment } from './options.ts';
import { gets, searchPath } from './phase.ts';
import type { ScaleResult } from './report.ts';
import { shopEntry, startBenchServer } from './server-process.ts';

export const scaleProducts = Number(process.env.BENCH_SCALE_PRODUCTS || 100_000);
export const scalePgliteProducts = Number(process.env.BENCH_SCALE_PGLITE_PRODUCTS || scaleProducts);
/** The phase's PostgreSQL database is named `<prefix>_scale_…` (created and dropped by the phase). */
const databasePrefix = process.env.BENCH_SCALE_DATABASE_PREFIX || 'farmfresh';

/** Rows per INSERT statement. */
const SLICE = 20_000;

const WORDS = ['Organic', 'Fresh', 'Premium', 'Farm', 'Classic', 'Select', 'Daily', 'Golden', 'Pure', 'Kerala'];
const NOUNS = [
  'Basmati Rice',
  'Toor Dal',
  'Coconut Oil',
  'Banana Chips',
  'Green Tea',
  'Jaggery',
  'Cashew Nuts',
  'Turmeric Powder',
  'Wheat Atta',
  'Mango Pickle',
  'Ghee',
  'Honey',
  'Rava',
  'Black Pepper',
  'Tapioca',
];
const textArray = (words: string[]) => sql.raw(`ARRAY[${words.map((w) => `'${w}'`).join(',')}]`);

/**
 * Inserts `count` synthetic products over every subcategory (round robin): a name from a few
 * words and a pack size, a brand of 300 and a type of 60, a description of about 1 KB (distinct
 * per product), two highlights, declarations, one image.
 */
async function insertSynthetic(db: Awaited<ReturnType<typeof openDatabase>>['db'], count: number): Promise<void> {
  for (let from = 1; from <= count; from += SLICE) {
    const to = Math.min(count, from + SLICE - 1);
    // One transaction per slice with no statement timeout: a slice takes seconds, longer than the web's limit.
    await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      await tx.execute(sql`
      WITH subs AS (SELECT id, category_id, (row_number() OVER (ORDER BY id)) - 1 AS k, count(*) OVER () AS n FROM subcategories)
      INSERT INTO products (sku, name, slug, category_id, subcategory_id, brand, type, rating, description,
        additional_information, highlights, weight, weight_unit, mrp_paise, price_paise, tax_percent, stock,
        manufacturer, country_of_origin, shelf_life, food_mark, images)
      SELECT 'SYN-' || g,
        (${textArray(WORDS)})[1 + g % 10] || ' ' || (${textArray(NOUNS)})[1 + (g / 10) % 15] || ' ' || (50 * (1 + g % 20)) || ' g',
        'synthetic-' || g, s.category_id, s.id,
        'Brand ' || (g % 300), 'Type ' || (g % 60), (g % 50) / 10.0,
        repeat(md5(g::text) || ' picked, sorted and packed on the farm. ', 14),
        'Store in a cool, dry place. Lot ' || g,
        jsonb_build_array('Highlight ' || (g % 40), 'Packed fresh'),
        50 * (1 + g % 20), 'g', 10000 + (g % 500) * 100, 9000 + (g % 500) * 90, 5, g % 97,
        'Maker ' || (g % 300) || ', Thrissur, Kerala', 'India', '6 months', 'veg',
        jsonb_build_array('products/' || (g % 500) || '.webp')
      FROM generate_series(${from}::int, ${to}::int) AS g
      JOIN subs s ON s.k = g % s.n`);
    });
  }
  await db.execute(sql`ANALYZE products`);
}

/** Runs the phase on PostgreSQL (`adminUrl`) or PGlite (no URL); resolves with its figures. */
export async function runScale({
  root,
  adminUrl,
  port,
  flags,
  log,
}: {
  root: string;
  adminUrl: string | undefined;
  port: number;
  flags: string[];
  log: (msg: string) => void;
}): Promise<ScaleResult> {
  const kind = adminUrl ? 'postgres' : 'pglite';
  const count = adminUrl ? scaleProducts : scalePgliteProducts;
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (adminUrl) {
    const created = await createScratchDatabase(adminUrl, `${databasePrefix}_scale`);
    env = { DATABASE_URL: created.url };
    drop = created.drop;
  } else {
    const dir = path.join(root, '.bench/scale-pglite');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    env = { PGLITE_DATA_DIR: dir, DATABASE_URL: '' };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  try {
    const handle = await openDatabase({
      pgliteDataDir: env.PGLITE_DATA_DIR ?? '',
      databaseUrl: env.DATABASE_URL ?? '',
    });
    let insertSeconds: number;
    let productIds: number[];
    let listings: string[];
    try {
      await migrateDatabase(handle);
      await seedDemoShop(handle.db);
      log(`scale ${kind}: inserting ${count} synthetic products…`);
      const t = performance.now();
      await insertSynthetic(handle.db, count);
      insertSeconds = Math.round((performance.now() - t) / 100) / 10;
      const ids = (await handle.db.execute(sql`SELECT id FROM products WHERE is_active ORDER BY id`)) as unknown as {
        rows: { id: number }[];
      };
      productIds = ids.rows.map((r) => r.id);
      const subs = (await handle.db.execute(
        sql`SELECT id, category_id FROM subcategories WHERE is_active ORDER BY id`,
      )) as unknown as { rows: { id: number; category_id: number }[] };
      const categoryIds = [...new Set(subs.rows.map((s) => s.category_id))];
      listings = [
        ...categoryIds.flatMap((c) =>
          ['', '?sort=asc', '?sort=desc', '?page=40', '?sort=asc&page=200'].map(
            (q) => `/category/${c}/subcategories${q}`,
          ),
        ),
        ...subs.rows.map((s) => `/categories/${s.category_id}/subcategory/${s.id}`),
      ];
    } finally {
      await handle.close();
    }
    log(`scale ${kind}: ${productIds.length} products (insert ${insertSeconds} s); starting one server…`);

    const started = performance.now();
    const server = await startBenchServer({
      entry: shopEntry(root),
      port,
      env: {
        ...shopEnvironment(),
        ...env,
        DEMO_MODE: 'true',
        WEB_CONCURRENCY: '1',
        PAYMENT_SIMULATOR_PORT: String(port + 3),
      },
      flags,
      readyTimeoutMs: 300_000,
    });
    const readyMs = Math.round(performance.now() - started);
    const first = await fetch(`${server.base}/shop`);
    await first.arrayBuffer();
    const firstPageMs = Math.round(performance.now() - started);
    const memory = () => {
      const m = server.memoryMb();
      return { rss: m.rss, peak: m.peak };
    };
    try {
      await runLoad(
        server.base,
        gets(['/', '/shop', ...listings.slice(0, 10), ...sample(productIds, 30, 3).map((id) => `/product/${id}`)]),
      );
      await runLoad(
        server.base,
        ['rice', 'dal', 'oil', 'tea'].map((q) => ({ path: searchPath(q) })),
        { headers: BROWSER_API_HEADERS },
      );
      const afterWarmUp = memory();
      log(
        `scale ${kind}: ready in ${readyMs} ms, first listing at ${firstPageMs} ms; RSS after warm-up ${afterWarmUp.rss} MB.`,
      );
      const pages = await runLoad(server.base, [
        ...gets(sample(productIds, 3_000, 11).map((id) => `/product/${id}`)),
        ...gets(listings),
      ]);
      const queries = [
        'basmati',
        'coconut oil',
        'organic ghee',
        'pepper',
        'brand 12',
        'mango pickle',
        'jagery',
        'cashew',
      ];
      const searches = await runLoad(
        server.base,
        Array.from({ length: 400 }, (_, i) => ({ path: searchPath(`${queries[i % queries.length]} ${i % 50}`) })),
        { headers: BROWSER_API_HEADERS },
      );
      const afterBurst = memory();
      const requests = pages.requests + searches.requests;
      log(`scale ${kind}: after ${requests} requests RSS ${afterBurst.rss} MB, peak ${afterBurst.peak} MB.`);
      return {
        database: kind,
        products: productIds.length,
        insertSeconds,
        readyMs,
        firstPageMs,
        afterWarmUp,
        afterBurst,
        burst: {
          requests,
          errors: pages.errors + searches.errors,
          rps: Math.round((requests / (pages.seconds + searches.seconds)) * 10) / 10,
        },
        flags,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await drop();
  }
}
