/**
 * `npm run bench`: what users get from one server, measured in one run per database and
 * compared with budgets expressed as ratios to a bare Astro app on the same framework packages
 * (bench/reference-astro), served and measured in the same run with the same requests and
 * headers (see bench/README.md and docs/performance.md).
 *
 * Per database (PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * a server where it may create a database): a fresh database with the demo shop and the
 * 20,000-product catalogue (BENCH_CSV), 32 signed-in customers with carts, then the production
 * server (`node dist/server/entry.mjs`, production flags) under load, 16 requests in flight,
 * every request with a browser's headers unless a phase says identity: the bare Astro reference,
 * sized to the shop's pages, runs beside it on the same distinct product and listing pages, search
 * queries and day's traffic, half just before and half just after the shop's phase (drift on a
 * shared machine cancels out); the shop on 500 distinct product pages and 50 distinct listing pages, each once (cold),
 * and as many others with `Accept-Encoding: identity`; the same pages again (cached); the
 * search API with 400 distinct queries; add-to-cart and checkout-summary for the signed-in
 * customers; a day's traffic (20,000 page views drawn from a Zipf distribution) while the back
 * office changes a price or a stock every 2 s, and how soon each change shows. It reads the
 * servers' CPU time per request and the shop's memory (VmRSS after the load, VmHWM peak,
 * start-up included). Then JavaScript per page and Lighthouse (PGlite run).
 *
 * Writes bench/results-<date>.json (machine, runs, budgets) and bench/results/latest.md.
 * Exit code 1 when a budget fails or any request answered outside 2xx. BENCH_PHASES (e.g.
 * `search` or `cold,day`) runs only those phases and writes no results file: a partial run
 * for working on one budget, not a result.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureBuild } from './ensure-build.ts';
import { BROWSER_API_HEADERS, percentile, runLoad } from './bench/load.ts';
import { shopEntry, startBenchServer } from './bench/server-process.ts';
import { createBenchDatabase, prepareBenchData, type BenchTargets } from './bench/data.ts';
import { benchSearchQueries, benchWarmupSearchQueries } from './bench/queries.ts';
import { measureFrontend } from './bench/frontend.ts';
import { ensureReferenceBuild } from './bench/reference.ts';
import { dayTraffic } from './bench/day.ts';
import { budgetChecks, writeMarkdown, type BenchRun, type Phase } from './bench/report.ts';
import { gets, repeat, searchPath, startBenchReference } from './bench/phase.ts';
import { runShopPhases } from './bench/shop-phases.ts';
import { backOfficeChecks, measureBackOffice, seedBackOffice } from './bench/back-office.ts';
import {
  chosen,
  chromePath,
  concurrency,
  csvPath,
  dayRequests,
  flags,
  frontendWanted,
  log,
  only,
  partial,
  port,
  postgresAdminUrl,
  root,
  serverCpus,
  wants,
  wantsReference,
  workers,
} from './bench/options.ts';
import { openDatabase } from '#lib/db/index.ts';
import { measureRelevance, searchProducts } from '#features/search/index.ts';

/** The whole measurement on one database. */
async function benchDatabase(
  kind: 'pglite' | 'postgres',
  queries: string[],
  referenceEntry: string | null,
): Promise<BenchRun> {
  const database = await createBenchDatabase(root, kind === 'postgres' ? postgresAdminUrl : undefined);
  try {
    log(
      `${kind}: migrating, seeding the demo shop${existsSync(csvPath) ? ` and importing ${path.relative(root, csvPath)}` : ' (no CSV: demo shop only)'}…`,
    );
    const targets: BenchTargets = await prepareBenchData(database, csvPath);
    log(`${kind}: ${targets.products} products${targets.import ? `, import ${targets.import.seconds} s` : ''}.`);
    const day = dayTraffic(targets.allProductUrls, targets.allListingUrls, dayRequests);

    // Search in-process (the service alone, no HTTP), each query once after a short warm-up.
    const handle = await openDatabase({
      pgliteDataDir: database.env.PGLITE_DATA_DIR ?? '',
      databaseUrl: database.env.DATABASE_URL ?? '',
    });
    const serviceMs: number[] = [];
    if (wants('search')) {
      for (const q of queries.slice(0, 20)) await searchProducts(handle.db, q);
      for (const q of queries) {
        const t = performance.now();
        await searchProducts(handle.db, q);
        serviceMs.push(performance.now() - t);
      }
    }
    // Relevance: the expected product or category in the first three results.
    const relevance = targets.import && wants('search') ? await measureRelevance(handle.db) : null;
    if (relevance)
      log(
        `${kind}: search relevance hit@3 ${(relevance.hitAt3 * 100).toFixed(1)}% over ${relevance.queries} queries (p95 ${relevance.p95Ms} ms).`,
      );
    await handle.close();
    serviceMs.sort((a, b) => a - b);
    const searchService = {
      p50: Math.round(percentile(serviceMs, 50) * 10) / 10,
      p95: Math.round(percentile(serviceMs, 95) * 10) / 10,
    };
    if (serviceMs.length)
      log(
        `${kind}: search in-process over ${queries.length} queries: p50 ${searchService.p50} ms, p95 ${searchService.p95} ms`,
      );

    const backOffice = wants('back-office') ? await seedBackOffice(database.env) : null;

    // One process for the budgets (BENCH_WORKERS for more; bench/README.md "Cluster").
    const server = await startBenchServer({
      entry: shopEntry(root),
      port,
      env: { ...database.env, DEMO_MODE: 'true', WEB_CONCURRENCY: workers },
      flags,
      cpus: serverCpus,
    });
    const memoryAtReady = server.memoryMb();
    log(
      `${kind}: server ready (${memoryAtReady.processes} process(es), RSS ${memoryAtReady.rss} MB, peak so far ${memoryAtReady.peak} MB).`,
    );
    try {
      // Warm-up away from the measured URLs: the code paths, not the cache (search: other
      // queries). The sample and warm-up pages are the reference's warm-up too.
      await runLoad(
        server.base,
        [
          ...repeat('/about', 200),
          ...repeat('/', 20),
          ...gets([...targets.sizeSampleUrls.product, ...targets.sizeSampleUrls.listing]),
          ...gets([...targets.warmupUrls.product, ...targets.warmupUrls.listing]),
        ],
        { concurrency },
      );
      if (wants('search'))
        await runLoad(
          server.base,
          warmupQueries.map((q) => ({ path: searchPath(q) })),
          { concurrency, headers: BROWSER_API_HEADERS },
        );
      const reference =
        referenceEntry && wantsReference
          ? await startBenchReference(
              referenceEntry,
              server.base,
              targets,
              wants('search') ? warmupQueries.slice(0, 10) : [],
            )
          : null;
      let phases: Phase[];
      let freshness: BenchRun['freshness'];
      let referenceMemory: BenchRun['memory'] | null = null;
      try {
        ({ phases, freshness } = await runShopPhases({
          kind,
          server,
          targets,
          queries,
          day,
          databaseUrl: database.env.DATABASE_URL,
          reference,
        }));
      } finally {
        referenceMemory = reference ? reference.server.memoryMb() : null;
        await reference?.server.stop();
      }
      if (backOffice) phases.push(...(await measureBackOffice(server, backOffice, log)));
      const memory = server.memoryMb();
      log(`${kind}: RSS after the load ${memory.rss} MB, peak ${memory.peak} MB.`);

      const frontend =
        kind === 'pglite' && frontendWanted && wants('frontend')
          ? await measureFrontend(
              root,
              server.base,
              [
                { name: 'home', url: '/' },
                { name: 'listing', url: targets.listingUrls[0]! },
                { name: 'product', url: targets.productUrls[0]! },
                { name: 'cart', url: '/cart' },
              ],
              chromePath,
              log,
            )
          : null;
      return {
        database: kind,
        products: targets.products,
        import: targets.import,
        searchService,
        relevance: relevance && {
          queries: relevance.queries,
          hitAt3: relevance.hitAt3,
          p95Ms: relevance.p95Ms,
          misses: relevance.misses,
        },
        phases,
        memory,
        memoryAtReady,
        reference: reference && {
          versions: reference.versions,
          sizes: reference.sizes,
          phases: reference.phases,
          memory: referenceMemory!,
        },
        freshness,
        frontend,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

ensureBuild({ root });
const referenceEntry = wantsReference ? ensureReferenceBuild(root, log) : null;
const queries = await benchSearchQueries();
const warmupQueries = await benchWarmupSearchQueries();
const runs: BenchRun[] = [];
if (only !== 'postgres') runs.push(await benchDatabase('pglite', queries, referenceEntry));
if (only !== 'pglite' && postgresAdminUrl) runs.push(await benchDatabase('postgres', queries, referenceEntry));
else if (only !== 'pglite') log('No BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL run is skipped.');

const checks = runs.flatMap((run) => [...budgetChecks(run, concurrency), ...backOfficeChecks(run)]);
const machine = {
  cpus: os.availableParallelism(),
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
  loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
};
const date = new Date().toISOString();
const results = { date, machine, concurrency, nodeFlags: flags, runs, budgets: checks };
if (partial) {
  log(`Partial run (BENCH_PHASES=${chosen.join(',')}): no results file written.`);
} else {
  const file = path.join(root, `bench/results-${date.slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/latest.md'), writeMarkdown(results));
  log(`Wrote ${path.relative(root, file)} and bench/results/latest.md.`);
}
for (const c of checks)
  log(`${c.pass === null ? '–   ' : c.pass ? 'pass' : 'FAIL'} ${c.database}: ${c.budget} — ${c.measured}`);
const failed = checks.filter((c) => c.pass === false);
process.exit(failed.length ? 1 : 0);
