/**
 * `npm run bench`: what users get from one server, measured in one run per database and held to
 * the gates of bench/README.md, most of them ratios to a bare Astro app on the same framework
 * packages (bench/reference-astro) run with the framework's defaults, served and measured beside
 * the shop in the same minutes with the same requests and headers.
 *
 * Per database (PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * a server where it may create a database): a fresh database with the demo shop and the
 * 20,000-product catalogue (BENCH_CSV), 32 signed-in customers with carts, then the production
 * server as `npm start` runs it (`node <flags> dist/server/entry.mjs`) under load, 16 requests in
 * flight, every request with a browser's headers unless a phase says identity. The reference,
 * sized to the shop's pages, brackets each compared phase: its half of the same requests just
 * before the shop's part and half just after (drift on a shared machine cancels out); the cold
 * product and listing pages run as BENCH_BRACKETS such brackets of distinct pages each, and the
 * cold gates take the median of the brackets' ratios. Then the same pages cached, the search API
 * with 400 distinct queries, add-to-cart and checkout-summary for the signed-in customers, a
 * day's traffic (20,000 page views drawn from a Zipf distribution) while the back office changes
 * a price or a stock every 2 s, and how soon each change shows. It reads the servers' CPU time
 * per request and the shop's memory (VmRSS after the load, VmHWM peak, start-up included). Then
 * JavaScript per page and Lighthouse (PGlite run), beside a baseline build of the shop
 * (BENCH_BASELINE_DIST) audited in turn on the same data.
 *
 * Writes bench/results-<date>.json (machine, runs, gates, recorded figures) and
 * bench/results/latest.md. Exit code 1 when a gate fails. The scale phase (scripts/bench/scale.ts: one
 * server with 100,000 synthetic products, its boot time and memory) also writes
 * bench/results/scale.json, so `BENCH_PHASES=scale npm run bench` alone keeps its figures. BENCH_PHASES (e.g. `search` or
 * `cold,day`) runs only those phases and writes no results file: a partial run for working on
 * one gate, not a result.
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { measureRelevance, searchProducts } from '#features/search/index.ts';
import { openDatabase } from '#lib/db/index.ts';
import { backOfficeChecks, measureBackOffice, seedBackOffice } from './bench/back-office.ts';
import { type BenchTargets, createBenchDatabase, prepareBenchData } from './bench/data.ts';
import { dayTraffic } from './bench/day.ts';
import { runFlashSale } from './bench/flash-sale.ts';
import { measureFrontend } from './bench/frontend.ts';
import { BROWSER_API_HEADERS, percentile, runLoad } from './bench/load.ts';
import {
  baselineDist,
  baselinePort,
  brackets,
  COLD_PAGES_PER_BRACKET,
  chosen,
  chromePath,
  concurrency,
  csvPath,
  dayRequests,
  frontendWanted,
  lighthouseAudits,
  lighthousePages,
  log,
  only,
  partial,
  port,
  postgresAdminUrl,
  referenceFlags,
  root,
  serverCpus,
  shopEnvironment,
  shopFlagsFor,
  simulatorPorts,
  wants,
  wantsReference,
  wantsShopRun,
  workers,
} from './bench/options.ts';
import { gets, repeat, searchPath, startBenchReference } from './bench/phase.ts';
import { benchSearchQueries, benchWarmupSearchQueries } from './bench/queries.ts';
import { ensureReferenceBuild } from './bench/reference.ts';
import {
  type BenchResults,
  type BenchRun,
  benchChecks,
  type FlashSaleResult,
  flashSaleChecks,
  LIGHTHOUSE_GATED_PAGES,
  type Phase,
  type ScaleResult,
  scaleChecks,
  writeMarkdown,
} from './bench/report.ts';
import { runScale } from './bench/scale.ts';
import { type BenchServer, shopEntry, startBenchServer } from './bench/server-process.ts';
import { runShopPhases } from './bench/shop-phases.ts';
import { ensureBuild } from './ensure-build.ts';

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
    const targets: BenchTargets = await prepareBenchData(database, csvPath, {
      productPages: COLD_PAGES_PER_BRACKET.product * brackets,
      listingPages: COLD_PAGES_PER_BRACKET.listing * brackets,
    });
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
    const frontendHere = kind === 'pglite' && frontendWanted && wants('frontend');
    // The baseline build gets its own copy of this database as seeded, before the shop's server
    // owns it (one process per PGlite folder).
    const baselineData = frontendHere && baselineDist ? path.join(root, '.bench/baseline-pglite') : null;
    if (baselineData)
      cpSync(database.env.PGLITE_DATA_DIR!, baselineData, {
        recursive: true,
        filter: (src) => path.basename(src) !== 'farmfresh.lock',
      });

    // One process for the gates (BENCH_WORKERS for more; bench/README.md "Cluster").
    const shopEnv = {
      ...shopEnvironment(),
      ...database.env,
      DEMO_MODE: 'true',
      WEB_CONCURRENCY: workers,
      PAYMENT_SIMULATOR_PORT: String(simulatorPorts.shop),
    };
    const server = await startBenchServer({
      entry: shopEntry(root),
      port,
      env: shopEnv,
      flags: shopFlagsFor(database.env.DATABASE_URL),
      cpus: serverCpus,
    });
    const memoryAtReady = server.memoryMb();
    log(
      `${kind}: server ready (${memoryAtReady.processes} process(es), RSS ${memoryAtReady.rss} MB, peak so far ${memoryAtReady.peak} MB).`,
    );
    try {
      // Warm-up away from the measured URLs: the code paths, not the cache (search: other
      // queries). The sample and warm-up pages are the reference's warm-up too.
      const warmUp = (shop: BenchServer) =>
        runLoad(
          shop.base,
          [
            ...repeat('/about', 200),
            ...repeat('/', 20),
            ...gets([...targets.sizeSampleUrls.product, ...targets.sizeSampleUrls.listing]),
            ...gets([...targets.warmupUrls.product, ...targets.warmupUrls.listing]),
          ],
          { concurrency },
        );
      await warmUp(server);
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

      const pages = [
        { name: 'home', url: '/' },
        { name: 'listing', url: targets.listingUrls[0]! },
        { name: 'product', url: targets.productUrls[0]! },
        { name: 'cart', url: '/cart' },
      ];
      let frontend: BenchRun['frontend'] = null;
      if (frontendHere) {
        // The baseline build as the shop is started (its flags, its environment, its own copy of
        // the data), warmed the same way and on the audited pages, and audited in turn with it.
        const baseline = baselineData
          ? await startBenchServer({
              entry: path.join(baselineDist!, 'server/entry.mjs'),
              port: baselinePort,
              env: {
                ...shopEnv,
                PGLITE_DATA_DIR: baselineData,
                PAYMENT_SIMULATOR_PORT: String(simulatorPorts.baseline),
              },
              flags: shopFlagsFor(database.env.DATABASE_URL),
              cpus: serverCpus,
              cwd: path.dirname(baselineDist!),
            })
          : null;
        try {
          if (baseline) {
            log(`${kind}: baseline build ${baselineDist} ready on ${baseline.base}.`);
            await warmUp(baseline);
            await runLoad(baseline.base, gets(pages.map((p) => p.url)), { concurrency: 1 });
          }
          const measured = await measureFrontend(root, server.base, pages, chromePath, log, {
            baseline: baseline && { base: baseline.base, pages: LIGHTHOUSE_GATED_PAGES },
            audits: lighthouseAudits,
            audited: lighthousePages,
          });
          frontend = { ...measured, baselineDist: baseline ? baselineDist : null };
        } finally {
          await baseline?.stop();
        }
      }
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

const loadAverageAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
ensureBuild({ root });
const referenceEntry = wantsReference ? ensureReferenceBuild(root, log) : null;
const queries = await benchSearchQueries();
const warmupQueries = await benchWarmupSearchQueries();
const runs: BenchRun[] = [];
if (wantsShopRun) {
  if (only !== 'postgres') runs.push(await benchDatabase('pglite', queries, referenceEntry));
  if (only !== 'pglite' && postgresAdminUrl) runs.push(await benchDatabase('postgres', queries, referenceEntry));
  else if (only !== 'pglite') log('No BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL run is skipped.');
}
// The flash sale: four servers through PgBouncer on a PostgreSQL database of its own.
let flashSale: FlashSaleResult | null = null;
if (wants('flash-sale') && only !== 'pglite') {
  if (postgresAdminUrl) {
    flashSale = await runFlashSale({ root, adminUrl: postgresAdminUrl, basePort: port + 10, log });
    log(
      `flash-sale: ${JSON.stringify(flashSale.statuses)}; Place Order p50 ${flashSale.p50} ms, p95 ${flashSale.p95} ms, p99 ${flashSale.p99} ms, max ${flashSale.max} ms`,
    );
  } else log('No BENCH_DATABASE_URL or TEST_DATABASE_URL: the flash sale is skipped.');
}

// The synthetic large catalogue: one server on a database of its own, per database.
const scale: ScaleResult[] = [];
if (wants('scale')) {
  for (const adminUrl of [only !== 'postgres' ? '' : null, only !== 'pglite' ? postgresAdminUrl || null : null]) {
    if (adminUrl === null) continue;
    scale.push(await runScale({ root, adminUrl: adminUrl || undefined, port, flags: shopFlagsFor(adminUrl), log }));
  }
  if (only !== 'pglite' && !postgresAdminUrl)
    log('No BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL scale run is skipped.');
  // Its own file as well, so a run of this phase alone (BENCH_PHASES=scale) keeps its figures.
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench/results/scale.json'),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, scale, checks: scaleChecks(scale, true) }, null, 2)}\n`,
  );
  log('Wrote bench/results/scale.json.');
}

const checks = [
  ...benchChecks(runs, {
    wants,
    noPostgres: postgresAdminUrl
      ? 'BENCH_ONLY=pglite'
      : 'no PostgreSQL run (BENCH_DATABASE_URL or TEST_DATABASE_URL names none)',
    noBaseline: baselineDist
      ? 'the baseline build was not audited'
      : 'no baseline build: give BENCH_BASELINE_DIST=<a dist/ built from cc56fd2> (bench/README.md "Lighthouse against a baseline build")',
    audits: lighthouseAudits,
  }),
  ...runs.flatMap(backOfficeChecks),
  ...flashSaleChecks(flashSale, wants('flash-sale')),
  ...scaleChecks(scale, wants('scale')),
];
const machine = {
  cpus: os.availableParallelism(),
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.type()} ${os.release()}`,
  loadAverageAtStart,
  loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
};
const date = new Date().toISOString();
const results: BenchResults = {
  date,
  machine,
  concurrency,
  nodeFlags: {
    shop: { pglite: shopFlagsFor(undefined), postgres: shopFlagsFor(postgresAdminUrl || undefined) },
    reference: referenceFlags,
  },
  brackets,
  runs,
  flashSale,
  scale,
  gates: checks.filter((c) => c.gate),
  recorded: checks.filter((c) => !c.gate),
};
if (partial) {
  log(`Partial run (BENCH_PHASES=${chosen.join(',')}): no results file written.`);
} else {
  const file = path.join(root, `bench/results-${date.slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/latest.md'), writeMarkdown(results));
  log(`Wrote ${path.relative(root, file)} and bench/results/latest.md.`);
}
for (const c of results.recorded)
  log(`recorded ${c.database}: ${c.name}${c.budget ? ` (aim ${c.budget})` : ''} — ${c.measured}`);
for (const c of results.gates)
  log(
    `${c.pass === null ? 'NOT MEASURED' : c.pass ? 'pass' : 'FAIL'} ${c.database}: ${c.name}, ${c.budget} — ${c.measured}`,
  );
process.exit(results.gates.some((c) => c.pass === false) ? 1 : 0);
