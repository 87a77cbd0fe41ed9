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
 * sized to the shop's pages, on the same distinct product and listing pages and the same day's
 * traffic; the shop on 500 distinct product pages and 50 distinct listing pages, each once (cold),
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
import { SERVER_NODE_FLAGS } from './server-flags.ts';
import { ensureBuild } from './ensure-build.ts';
import { BROWSER_API_HEADERS, BROWSER_PAGE_HEADERS, percentile, runLoad, type BenchRequest } from './bench/load.ts';
import { machineCpuTicks, shopEntry, startBenchServer, type BenchServer } from './bench/server-process.ts';
import { createBenchDatabase, prepareBenchData, type BenchTargets } from './bench/data.ts';
import { benchSearchQueries, benchWarmupSearchQueries } from './bench/queries.ts';
import { measureFrontend } from './bench/frontend.ts';
import { ensureReferenceBuild, frameworkVersions, meanPageBytes, startReference } from './bench/reference.ts';
import { changesDuring, dayTraffic, DAY_REQUESTS, postgresWriter, type Change } from './bench/day.ts';
import { budgetChecks, PHASES, writeMarkdown, type BenchRun, type Phase } from './bench/report.ts';
import { backOfficeChecks, measureBackOffice, seedBackOffice } from './bench/back-office.ts';
import { openDatabase } from '#lib/db/index.ts';
import { searchProducts } from '#features/search/index.ts';
import { measureRelevance } from '#features/search/index.ts';

const root = process.cwd();
const csvPath = path.resolve(process.env.BENCH_CSV || path.join(root, '../shared/data/bigbasket-products.csv'));
const port = Number(process.env.BENCH_PORT || 4471);
const referencePort = Number(process.env.BENCH_REFERENCE_PORT || port + 1);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 16);
const dayRequests = Number(process.env.BENCH_DAY_REQUESTS || DAY_REQUESTS);
/** The reference renders every request, whatever it repeats: a slice of the day's traffic times it. */
const referenceDayRequests = Math.min(4_000, dayRequests);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const postgresAdminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const flags =
  process.env.BENCH_NODE_FLAGS !== undefined
    ? process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean)
    : SERVER_NODE_FLAGS;
/** CPUs the servers are pinned to (a `taskset` list), and the shop's worker count: bench/README.md "Cluster". */
const serverCpus = process.env.BENCH_SERVER_CPUS || undefined;
const workers = process.env.BENCH_WORKERS || '1';
const only = process.env.BENCH_ONLY; // 'pglite' | 'postgres': one database only
/** Phases to run (bench/README.md "Variables"); all when unset. */
const PHASE_KEYS = [
  'static',
  'reference',
  'cold',
  'cached',
  'search',
  'cart',
  'checkout',
  'day',
  'frontend',
  'back-office',
] as const;
const chosen = (process.env.BENCH_PHASES ?? '')
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
for (const key of chosen)
  if (!(PHASE_KEYS as readonly string[]).includes(key))
    throw new Error(`BENCH_PHASES: unknown phase "${key}" (one of ${PHASE_KEYS.join(', ')})`);
const partial = chosen.length > 0;
const wants = (key: (typeof PHASE_KEYS)[number]) => !partial || chosen.includes(key);
/** The reference runs whenever a phase is compared with it. */
const wantsReference = wants('reference') || wants('cold') || wants('cached') || wants('day');
const log = (msg: string) => console.log(`[bench] ${msg}`);
const IDENTITY_HEADERS = { ...BROWSER_PAGE_HEADERS, 'accept-encoding': 'identity' };

/** Runs `requests` against `server` and records the server CPU they cost. */
async function phase(
  server: BenchServer,
  name: string,
  requests: BenchRequest[],
  headers?: Record<string, string>,
): Promise<Phase> {
  const cpuBefore = server.cpuMs();
  const machineBefore = machineCpuTicks();
  const result = await runLoad(server.base, requests, { concurrency, headers });
  const cpuMsPerRequest = Math.round(((server.cpuMs() - cpuBefore) / requests.length) * 100) / 100;
  const machineAfter = machineCpuTicks();
  const machineBusy =
    Math.round(
      ((machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total)) * 100,
    ) / 100;
  log(
    `${name}: ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ${cpuMsPerRequest} ms CPU/request, machine ${Math.round(machineBusy * 100)}% busy, cache hits ${result.cacheReported ? `${result.cacheHits}/${result.requests}` : '(no cache header)'}, errors ${result.errors}${result.failures.length ? ` (${result.failures.join('; ')})` : ''}`,
  );
  return { name, ...result, cpuMsPerRequest, machineBusy };
}

const repeat = (path: string, times: number): BenchRequest[] => Array.from({ length: times }, () => ({ path }));
const gets = (paths: string[]): BenchRequest[] => paths.map((path) => ({ path }));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The bare Astro reference, sized to the shop's pages (read from the shop at `shopBase`), on
 * the same cold pages and the same day's traffic as the shop.
 */
async function measureReference(
  referenceEntry: string,
  shopBase: string,
  targets: BenchTargets,
  dayPaths: string[],
): Promise<NonNullable<BenchRun['reference']>> {
  const sampleUrls = targets.sizeSampleUrls;
  const shopBytes = {
    product: await meanPageBytes(shopBase, sampleUrls.product),
    listing: await meanPageBytes(shopBase, sampleUrls.listing),
  };
  const { server, sizes } = await startReference({
    entry: referenceEntry,
    port: referencePort,
    flags,
    shopBytes,
    sampleUrls,
    cpus: serverCpus,
  });
  log(
    `bare Astro reference ready: product ${sizes.reference.product} B (shop ${shopBytes.product} B, ${sizes.cards.related} cards), listing ${sizes.reference.listing} B (shop ${shopBytes.listing} B, ${sizes.cards.listing} cards).`,
  );
  try {
    // The same warm-up as the shop's render path: the sample pages, each once.
    await runLoad(server.base, gets([...sampleUrls.product, ...sampleUrls.listing]), { concurrency });
    const phases: Phase[] = [];
    const run = async (name: string, paths: string[], headers?: Record<string, string>) => {
      if (paths.length) phases.push(await phase(server, `${name}`, gets(paths), headers));
    };
    await run(PHASES.productCold, targets.productUrls);
    await run(PHASES.listingCold, targets.listingUrls);
    await run(PHASES.productColdIdentity, targets.productIdentityUrls, IDENTITY_HEADERS);
    await run(PHASES.listingColdIdentity, targets.listingIdentityUrls, IDENTITY_HEADERS);
    await run(PHASES.day, dayPaths.slice(0, referenceDayRequests));
    return { versions: frameworkVersions(root), sizes, phases, memory: server.memoryMb() };
  } finally {
    await server.stop();
  }
}

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
      env: { ...database.env, SMS_SENDER: 'console', WEB_CONCURRENCY: workers },
      flags,
      cpus: serverCpus,
    });
    const memoryAtReady = server.memoryMb();
    log(
      `${kind}: server ready (${memoryAtReady.processes} process(es), RSS ${memoryAtReady.rss} MB, peak so far ${memoryAtReady.peak} MB).`,
    );
    try {
      // Warm-up away from the measured URLs: the code paths, not the cache (search: other
      // queries). The sample pages are the reference's warm-up too.
      await runLoad(
        server.base,
        [
          ...repeat('/about', 200),
          ...repeat('/', 20),
          ...gets([...targets.sizeSampleUrls.product, ...targets.sizeSampleUrls.listing]),
        ],
        { concurrency },
      );
      if (wants('search'))
        await runLoad(
          server.base,
          warmupQueries.map((q) => ({ path: `/api/customer/search-products?product=${encodeURIComponent(q)}` })),
          { concurrency, headers: BROWSER_API_HEADERS },
        );
      const reference =
        referenceEntry && wantsReference
          ? await measureReference(referenceEntry, server.base, targets, day.paths)
          : null;
      const tokens = targets.tokens;
      const phases: Phase[] = [];
      const run = async (key: (typeof PHASE_KEYS)[number], ...args: Parameters<typeof phase>) => {
        if (wants(key) && args[2].length) phases.push(await phase(...args));
      };
      await run('static', server, PHASES.staticFile, repeat('/about', 2000));
      await run('cold', server, PHASES.productCold, gets(targets.productUrls));
      await run('cold', server, PHASES.listingCold, gets(targets.listingUrls));
      await run('cold', server, PHASES.productColdIdentity, gets(targets.productIdentityUrls), IDENTITY_HEADERS);
      await run('cold', server, PHASES.listingColdIdentity, gets(targets.listingIdentityUrls), IDENTITY_HEADERS);
      // Hits: the same URLs again (the listings ten times over, so the phase is long enough to time).
      await run('cached', server, PHASES.productCached, gets([...targets.productUrls, ...targets.productUrls]));
      await run(
        'cached',
        server,
        PHASES.listingCached,
        gets(Array.from({ length: 10 }, () => targets.listingUrls).flat()),
      );
      await run(
        'search',
        server,
        'search API',
        queries.map((q) => ({ path: `/api/customer/search-products?product=${encodeURIComponent(q)}` })),
        BROWSER_API_HEADERS,
      );
      await run(
        'cart',
        server,
        'add to cart',
        Array.from({ length: 400 }, (_, i) => ({
          method: 'POST' as const,
          path: '/api/customer/add-product',
          headers: bearer(tokens[i % tokens.length]!),
          body: {
            product_id:
              targets.addableProductIds[
                ((i % tokens.length) * 6 + (Math.floor(i / tokens.length) % 6)) % targets.addableProductIds.length
              ],
          },
        })),
        BROWSER_API_HEADERS,
      );
      await run(
        'checkout',
        server,
        'checkout summary',
        Array.from({ length: 400 }, (_, i) => ({
          path: '/api/customer/checkout-summary',
          headers: bearer(tokens[i % tokens.length]!),
        })),
        BROWSER_API_HEADERS,
      );
      if (backOffice) phases.push(...(await measureBackOffice(server, backOffice, log)));
      // Last: its changes sell out some of the most viewed products.
      let freshness: BenchRun['freshness'] = null;
      if (wants('day')) {
        const writer = kind === 'postgres' ? await postgresWriter(database.env.DATABASE_URL!) : null;
        try {
          const traffic = phase(server, PHASES.day, gets(day.paths));
          const changes: Promise<Change[]> = writer
            ? changesDuring(traffic, writer, server.base, day.hotProductIds)
            : Promise.resolve([]);
          phases.push(await traffic);
          freshness = writer
            ? { changes: await changes }
            : {
                changes: [],
                note: 'not measured on PGlite: one process owns its database, so no back office or other process can write it; measured on PostgreSQL',
              };
          for (const c of freshness.changes)
            log(`${kind}: ${c.kind} of product ${c.productId} at ${c.at} ms: visible after ${c.delayMs ?? 'never'} ms`);
        } finally {
          await writer?.close();
        }
      }
      const memory = server.memoryMb();
      log(`${kind}: RSS after the load ${memory.rss} MB, peak ${memory.peak} MB.`);

      const frontend =
        kind === 'pglite' && process.env.BENCH_FRONTEND !== '0' && wants('frontend')
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
        reference,
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
