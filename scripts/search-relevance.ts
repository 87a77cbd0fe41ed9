/**
 * `npm run search:relevance [-- FILE.csv]`: measures search relevance and latency and
 * writes bench/results/search-relevance.json. Loads the BigBasket catalogue (FILE.csv, else
 * BIGBASKET_CSV, else /work/shared/data/bigbasket-products.csv) with the catalogue import into a
 * fresh in-memory PGlite and runs its 60+ queries; runs the demo shop's queries on another. Each
 * set reports hit@3 (0–1), p50/p95 latency of a search in ms, and the queries that missed. A
 * missing CSV skips that set with a message. Exit code 0 (1 when the database cannot be opened).
 */
import './quiet-logs.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importCatalogCsv } from '#features/catalog/index.ts';
import { seedDemoShop } from '#features/demo-shop/index.ts';
import { BIGBASKET_CASES, DEMO_CASES, measureRelevance, type RelevanceReport } from '#features/search/index.ts';
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
  demo: RelevanceReport;
} = {
  generatedAt: new Date().toISOString(),
  database: 'PGlite (in memory)',
  bigbasket: { skipped: `${csv} not found` },
  demo: undefined as unknown as RelevanceReport,
};

if (existsSync(csv)) {
  const handle = await freshDatabase();
  console.log(`Importing ${csv}…`);
  await importCatalogCsv(handle.db, readFileSync(csv, 'utf8'));
  results.bigbasket = await measureRelevance(handle.db, BIGBASKET_CASES);
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
console.log(`Wrote ${path.relative(process.cwd(), out)}`);
