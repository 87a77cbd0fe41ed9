/**
 * `npm run bench`: what users get from one server, measured in one run per database and
 * compared with budgets expressed as ratios to the prerendered /about of the same server in the
 * same run (issue 13; see bench/README.md and docs/performance.md).
 *
 * Per database (PGlite always; PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * a server where it may create a database): a fresh database with the demo shop and the
 * 20,000-product catalogue (BENCH_CSV), 32 signed-in customers with carts, then the production
 * server (dist/server/entry.mjs, production flags) under load, 16 requests in flight, every request
 * with a browser's headers: /about; 500 distinct product pages and 50 distinct listing pages,
 * each once (checked to be cache misses); the same pages again (checked to be hits); the search
 * API with 400 distinct queries; add-to-cart and checkout-summary for the signed-in customers;
 * /about again. It reads the server's CPU time per request and its memory (VmRSS after the load,
 * VmHWM peak, start-up included). On PostgreSQL it also runs one worker against the default
 * (one per CPU) for the cluster's scaling. Then JavaScript per page and Lighthouse (PGlite run).
 *
 * Writes bench/results-<date>.json (machine, runs, budgets) and bench/results/latest.md.
 * Exit code 1 when a budget fails or any request answered outside 2xx. BENCH_PHASES (e.g.
 * `search` or `about,search`) runs only those phases and writes no results file: a partial run
 * for working on one budget, not a result.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_NODE_FLAGS } from './server-flags.ts';
import { ensureBuild } from './ensure-build.ts';
import { BROWSER_API_HEADERS, percentile, runLoad, type BenchRequest } from './bench/load.ts';
import { machineCpuTicks, startBenchServer, type BenchServer } from './bench/server-process.ts';
import { createBenchDatabase, prepareBenchData, type BenchTargets } from './bench/data.ts';
import { benchSearchQueries, benchWarmupSearchQueries } from './bench/queries.ts';
import { measureFrontend } from './bench/frontend.ts';
import { budgetChecks, writeMarkdown, type BenchRun, type Phase } from './bench/report.ts';
import { openDatabase } from '#lib/db/index.ts';
import { searchProducts } from '#features/search/server.ts';
import { measureRelevance } from '#features/search/server/relevance.ts';

const root = process.cwd();
const csvPath = path.resolve(process.env.BENCH_CSV || path.join(root, '../shared/data/bigbasket-products.csv'));
const port = Number(process.env.BENCH_PORT || 4471);
const concurrency = Number(process.env.BENCH_CONCURRENCY || 16);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const postgresAdminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const flags =
  process.env.BENCH_NODE_FLAGS !== undefined
    ? process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean)
    : SERVER_NODE_FLAGS;
const only = process.env.BENCH_ONLY; // 'pglite' | 'postgres': one database only
/** Phases to run (bench/README.md "Variables"); all when unset. */
const PHASE_KEYS = ['about', 'cold', 'cached', 'search', 'cart', 'checkout', 'cluster', 'frontend'] as const;
const chosen = (process.env.BENCH_PHASES ?? '')
  .split(',')
  .map((k) => k.trim())
  .filter(Boolean);
for (const key of chosen)
  if (!(PHASE_KEYS as readonly string[]).includes(key))
    throw new Error(`BENCH_PHASES: unknown phase "${key}" (one of ${PHASE_KEYS.join(', ')})`);
const partial = chosen.length > 0;
const wants = (key: (typeof PHASE_KEYS)[number]) => !partial || chosen.includes(key);
const log = (msg: string) => console.log(`[bench] ${msg}`);

/** Runs `requests` and records the server CPU they cost. */
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
    `${name}: ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ${cpuMsPerRequest} ms CPU/request, machine ${Math.round(machineBusy * 100)}% busy, cache hits ${result.cacheHits}/${result.requests}, errors ${result.errors}${result.failures.length ? ` (${result.failures.join('; ')})` : ''}`,
  );
  return { name, ...result, cpuMsPerRequest, machineBusy };
}

const repeat = (path: string, times: number): BenchRequest[] => Array.from({ length: times }, () => ({ path }));
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The whole measurement on one database. */
async function benchDatabase(kind: 'pglite' | 'postgres', queries: string[]): Promise<BenchRun> {
  const database = await createBenchDatabase(root, kind === 'postgres' ? postgresAdminUrl : undefined);
  try {
    log(
      `${kind}: migrating, seeding the demo shop${existsSync(csvPath) ? ` and importing ${path.relative(root, csvPath)}` : ' (no CSV: demo shop only)'}…`,
    );
    const targets: BenchTargets = await prepareBenchData(database, csvPath);
    log(`${kind}: ${targets.products} products${targets.import ? `, import ${targets.import.seconds} s` : ''}.`);

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
    // Relevance: the expected product or category in the first three results (issue 14).
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

    // One process for the budgets (each cluster worker keeps its own page cache); the cluster's
    // scaling is measured on its own below.
    const server = await startBenchServer({
      root,
      port,
      env: { ...database.env, SMS_SENDER: 'console', WEB_CONCURRENCY: '1' },
      flags,
    });
    const memoryAtReady = server.memoryMb();
    log(
      `${kind}: server ready (${memoryAtReady.processes} process(es), RSS ${memoryAtReady.rss} MB, peak so far ${memoryAtReady.peak} MB).`,
    );
    try {
      // Warm-up away from the measured URLs: the code paths, not the cache (search: other queries).
      await runLoad(
        server.base,
        [
          ...repeat('/about', 200),
          ...repeat('/', 20),
          { path: '/category/1/subcategories?page=9' },
          { path: '/product/2' },
          { path: '/product/3' },
        ],
        { concurrency },
      );
      if (wants('search'))
        await runLoad(
          server.base,
          warmupQueries.map((q) => ({ path: `/api/customer/search-products?product=${encodeURIComponent(q)}` })),
          { concurrency, headers: BROWSER_API_HEADERS },
        );
      const tokens = targets.tokens;
      const phases: Phase[] = [];
      const run = async (key: (typeof PHASE_KEYS)[number], ...args: Parameters<typeof phase>) => {
        if (wants(key)) phases.push(await phase(...args));
      };
      await run('about', server, 'about', repeat('/about', 3000));
      await run(
        'cold',
        server,
        'product pages, cold',
        targets.productUrls.map((path) => ({ path })),
      );
      await run(
        'cold',
        server,
        'listing pages, cold',
        targets.listingUrls.map((path) => ({ path })),
      );
      // Hits: the same URLs again (the listings ten times over, so the phase is long enough to time).
      await run(
        'cached',
        server,
        'product pages, cached',
        [...targets.productUrls, ...targets.productUrls].map((path) => ({ path })),
      );
      await run(
        'cached',
        server,
        'listing pages, cached',
        Array.from({ length: 10 }, () => targets.listingUrls)
          .flat()
          .map((path) => ({ path })),
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
      await run('about', server, 'about, again', repeat('/about', 3000));
      const memory = server.memoryMb();
      log(`${kind}: RSS after the load ${memory.rss} MB, peak ${memory.peak} MB.`);

      let scaling: BenchRun['scaling'] = null;
      if (kind === 'postgres' && wants('cluster')) {
        await server.stop();
        // Cache off: every answer a render. Each process is warmed on other product pages first,
        // as many per worker as the single process had (the primary hands connections out
        // round-robin), then measured on CLUSTER_PAGES distinct pages.
        const measured = targets.clusterProductUrls.map((path) => ({ path }));
        const warmup = targets.clusterWarmupUrls.map((path) => ({ path }));
        const one = await startBenchServer({
          root,
          port,
          env: { ...database.env, WEB_CONCURRENCY: '1', PAGE_CACHE_SECONDS: '0' },
          flags,
        });
        await runLoad(one.base, warmup, { concurrency });
        const single = await phase(one, 'product pages, 1 worker, cache off', measured);
        await one.stop();
        const all = await startBenchServer({ root, port, env: { ...database.env, PAGE_CACHE_SECONDS: '0' }, flags });
        const workers = Math.max(1, all.memoryMb().processes - 1);
        // /readyz answers once the first worker listens; the others start within ~3 s here, so
        // wait before the warm-up, then the same warm-up per worker as the single process had
        // (cache off: a repeat renders).
        await new Promise((resolve) => setTimeout(resolve, 5000));
        await runLoad(all.base, Array.from({ length: workers }, () => warmup).flat(), { concurrency });
        const multi = await phase(all, `product pages, ${workers} workers, cache off`, measured);
        await all.stop();
        scaling = {
          cpus: os.availableParallelism(),
          workers,
          single,
          multi,
          ratio: Math.round((multi.rps / single.rps) * 100) / 100,
        };
        log(`${kind}: cluster scaling ${scaling.ratio}× (${single.rps} → ${multi.rps} req/s).`);
      }

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
        scaling,
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
const queries = await benchSearchQueries();
const warmupQueries = await benchWarmupSearchQueries();
const runs: BenchRun[] = [];
if (only !== 'postgres') runs.push(await benchDatabase('pglite', queries));
if (only !== 'pglite' && postgresAdminUrl) runs.push(await benchDatabase('postgres', queries));
else if (only !== 'pglite') log('No BENCH_DATABASE_URL or TEST_DATABASE_URL: the PostgreSQL run is skipped.');

const checks = runs.flatMap((run) => budgetChecks(run, concurrency));
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
const failed = checks.filter((c) => c.pass === false);
for (const c of failed) log(`FAIL ${c.database}: ${c.budget} — ${c.measured}`);
process.exit(failed.length ? 1 : 0);
