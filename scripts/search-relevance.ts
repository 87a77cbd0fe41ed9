/**
 * `npm run search:relevance [-- FILE.csv]`: measures search relevance and latency and
 * writes bench/results/search-relevance.json. Loads the BigBasket catalogue (FILE.csv, else
 * BIGBASKET_CSV, else /work/shared/data/bigbasket-products.csv) with the catalogue import into a
 * fresh in-memory PGlite and runs its 60+ queries; runs the demo shop's queries on another. Each
 * set reports hit@3 (0–1), p50/p95 latency of a search in ms, and the queries that missed; the
 * BigBasket set also how its index takes a whole new build (slices, the longest one's ms) and one
 * edit (documents touched, ms): how long serving waits at most. A
 * missing CSV skips that set with a message. Exit code 0 (1 when the database cannot be opened).
 */
import './quiet-logs.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importCatalogCsv } from '#features/catalog/index.ts';
import { seedDemoShop } from '#features/demo-shop/index.ts';
import {
  BIGBASKET_CASES,
  DEMO_CASES,
  type IndexUpdateReport,
  measureIndexUpdates,
  measureRelevance,
  type RelevanceReport,
} from '#features/search/index.ts';
import { migrateDatabase, openDatabase } from '#lib/db/index.ts';

const csv =
  process.argv.slice(2).find((a) => a !== '--') ??
  process.env.BIGBASKET_CSV ??
  '/work/shared/data/bigbasket-products.csv';

async function freshDatabase() {
  const handle = await openDatabase({ pgliteDataDir: 'memory://', databaseUrl: '' });
  await migrateDatabase(handle);
  return handle;
}

const results: {
  generatedAt: string;
  database: string;
  bigbasket: RelevanceReport | { skipped: string };
  /** The BigBasket catalogue's index: a whole build in slices and one edit (ms). */
  indexUpdates: IndexUpdateReport | null;
  demo: RelevanceReport;
} = {
  generatedAt: new Date().toISOString(),
  database: 'PGlite (in memory)',
  bigbasket: { skipped: `${csv} not found` },
  indexUpdates: null,
  demo: undefined as unknown as RelevanceReport,
};

if (existsSync(csv)) {
  const handle = await freshDatabase();
  console.log(`Importing ${csv}…`);
  await importCatalogCsv(handle.db, readFileSync(csv, 'utf8'));
  results.bigbasket = await measureRelevance(handle.db, BIGBASKET_CASES);
  results.indexUpdates = await measureIndexUpdates(handle.db);
  await handle.close();
} else {
  console.warn(`Skipping the BigBasket set: ${csv} not found.`);
}
const demo = await freshDatabase();
await seedDemoShop(demo.db);
results.demo = await measureRelevance(demo.db, DEMO_CASES);
await demo.close();

const out = path.resolve('bench/results/search-relevance.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
for (const [name, r] of [
  ['BigBasket', results.bigbasket],
  ['demo shop', results.demo],
] as const) {
  if ('skipped' in r) console.log(`${name}: skipped (${r.skipped})`);
  else
    console.log(
      `${name}: ${r.queries} queries, hit@3 ${(r.hitAt3 * 100).toFixed(1)}%, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms${r.misses.length ? `, missed: ${r.misses.map((m) => m.q).join(', ')}` : ''}`,
    );
}
const u = results.indexUpdates;
if (u)
  console.log(
    `Index updates (BigBasket): build of ${u.products} products in ${u.buildSlices} slices, longest ${u.buildLongestSliceMs} ms; an edit touched ${u.editDocuments} document(s) in ${u.editMs} ms`,
  );
console.log(`Wrote ${path.relative(process.cwd(), out)}`);
