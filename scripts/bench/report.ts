/**
 * The bench's budgets (issue 13) and its readable report. Rates are compared with the
 * prerendered /about of the same server in the same run (the mean of the runs before and after
 * the load), because absolute requests per second vary from machine to machine; latencies,
 * errors and memory are absolute.
 */
import type { LoadResult } from './load.ts';
import type { LighthouseScores } from './frontend.ts';

/**
 * One load phase as measured: `cpuMsPerRequest` is the server's CPU (all its processes);
 * `machineBusy` the share of every CPU of the machine kept busy meanwhile (0–1: the server, the
 * database server and the load generator together; absent in results written before it).
 */
export type Phase = LoadResult & { name: string; cpuMsPerRequest: number; machineBusy?: number };

/** Everything measured on one database. */
export interface BenchRun {
  database: 'pglite' | 'postgres';
  products: number;
  import: { seconds: number; inserted: number; skipped: number } | null;
  searchService: { p50: number; p95: number };
  /** Search relevance over the BigBasket query set (only with the 20,000-product import). */
  relevance: { queries: number; hitAt3: number; p95Ms: number; misses: unknown[] } | null;
  phases: Phase[];
  memory: { rss: number; peak: number; processes: number };
  memoryAtReady: { rss: number; peak: number; processes: number };
  scaling: { cpus: number; workers: number; single: Phase; multi: Phase; ratio: number } | null;
  frontend: {
    reachable: Record<string, { files: number; kb: number; gzipKb: number }>;
    loaded: Record<string, { files: number; gzipKb: number }>;
    lighthouse: Record<string, LighthouseScores>;
  } | null;
}

/** "(machine 80% → 97% busy)" when both phases read the machine's CPU, else "". */
function busyNote(single: Phase, multi: Phase): string {
  if (single.machineBusy === undefined || multi.machineBusy === undefined) return '';
  return ` (machine ${Math.round(single.machineBusy * 100)}% → ${Math.round(multi.machineBusy * 100)}% busy)`;
}

/** A budget, what was measured, and whether it holds (null: not measured). */
export interface Check {
  database: string;
  budget: string;
  measured: string;
  pass: boolean | null;
}

/** The budgets of issue 13 (one server process, 16 in flight, 2 cores, 20,000 products). */
export const BUDGETS = {
  coldPageShareOfAbout: 0.2,
  coldPageP99Ms: 150,
  cachedShareOfAbout: 0.5,
  searchP95Ms: 20,
  rssAfterMb: 350,
  rssPeakMb: 500,
  clusterScaling: 1.7,
  jsGzipKb: 90,
  /** The home page's carousel and category strip run on Swiper (docs/adr/new-swiper-and-ofetch.md). */
  homeJsGzipKb: 110,
  lighthouse: 100,
} as const;

const find = (run: BenchRun, name: string) => run.phases.find((p) => p.name === name);

/** The /about reference rate of a run: the mean of its two /about phases. */
export function aboutRate(run: BenchRun): number {
  const rates = run.phases.filter((p) => p.name.startsWith('about')).map((p) => p.rps);
  return rates.reduce((a, b) => a + b, 0) / Math.max(1, rates.length);
}

/** Every budget checked for one run. */
export function budgetChecks(run: BenchRun, concurrency: number): Check[] {
  const checks: Check[] = [];
  const add = (budget: string, measured: string, pass: boolean | null) =>
    checks.push({ database: run.database, budget, measured, pass });
  const about = aboutRate(run);
  for (const name of ['product pages, cold', 'listing pages, cold']) {
    const p = find(run, name);
    if (!p) continue; // a partial run (BENCH_PHASES)
    const share = p.rps / about;
    add(
      `${name}: ≥ ${BUDGETS.coldPageShareOfAbout}× /about, p99 ≤ ${BUDGETS.coldPageP99Ms} ms, all cache misses`,
      `${p.rps} req/s = ${share.toFixed(2)}× /about (${Math.round(about)}), p99 ${p.p99} ms, ${p.cacheHits} hits, ${p.cpuMsPerRequest} ms CPU/request`,
      share >= BUDGETS.coldPageShareOfAbout && p.p99 <= BUDGETS.coldPageP99Ms && p.cacheHits === 0,
    );
  }
  for (const name of ['product pages, cached', 'listing pages, cached']) {
    const p = find(run, name);
    if (!p) continue;
    const share = p.rps / about;
    add(
      `${name}: ≥ ${BUDGETS.cachedShareOfAbout}× /about, every answer a hit, br`,
      `${p.rps} req/s = ${share.toFixed(2)}× /about, ${p.cacheHits}/${p.requests} hits, ${p.encodings.br ?? 0} br`,
      share >= BUDGETS.cachedShareOfAbout && p.cacheHits === p.requests,
    );
  }
  const search = find(run, 'search API');
  if (search)
    add(
      `search API, ${search.requests} distinct queries: p95 ≤ ${BUDGETS.searchP95Ms} ms at ${concurrency} in flight`,
      `p95 ${search.p95} ms (p50 ${search.p50}; ${search.cpuMsPerRequest} ms CPU/request; in-process p95 ${run.searchService.p95} ms)`,
      search.p95 <= BUDGETS.searchP95Ms,
    );
  if (run.relevance)
    add(
      'search relevance: hit@3 ≥ 95% (BigBasket query set)',
      `${(run.relevance.hitAt3 * 100).toFixed(1)}% of ${run.relevance.queries}`,
      run.relevance.hitAt3 >= 0.95,
    );
  const errors = run.phases.reduce((n, p) => n + p.errors, 0);
  add(
    'no answer outside 2xx in any phase',
    `${errors} (${
      run.phases
        .flatMap((p) => p.failures)
        .slice(0, 3)
        .join('; ') || 'none'
    })`,
    errors === 0,
  );
  add(
    `server RSS after the bench ≤ ${BUDGETS.rssAfterMb} MB`,
    `${run.memory.rss} MB (${run.memory.processes} process(es))`,
    run.memory.rss <= BUDGETS.rssAfterMb * run.memory.processes,
  );
  add(
    `server peak RSS (VmHWM, start-up included) ≤ ${BUDGETS.rssPeakMb} MB`,
    `${run.memory.peak} MB`,
    run.memory.peak <= BUDGETS.rssPeakMb * run.memory.processes,
  );
  if (run.scaling) {
    add(
      `cluster: ${run.scaling.workers} workers ≥ ${BUDGETS.clusterScaling}× one process (cold product pages, ${run.scaling.cpus} CPUs)`,
      `${run.scaling.single.rps} → ${run.scaling.multi.rps} req/s = ${run.scaling.ratio}×${busyNote(run.scaling.single, run.scaling.multi)}`,
      run.scaling.ratio >= BUDGETS.clusterScaling,
    );
  }
  if (run.frontend) {
    for (const [name, v] of Object.entries(run.frontend.loaded)) {
      const budget = name === 'home' ? BUDGETS.homeJsGzipKb : BUDGETS.jsGzipKb;
      add(`${name}: JavaScript loaded ≤ ${budget} KB gzipped`, `${v.gzipKb} KB (${v.files} files)`, v.gzipKb <= budget);
    }
    for (const [name, v] of Object.entries(run.frontend.lighthouse)) {
      if ('error' in v) add(`${name}: Lighthouse mobile`, `error: ${v.error}`, null);
      else
        add(
          `${name}: Lighthouse mobile performance = ${BUDGETS.lighthouse}`,
          `performance ${v.performance}, accessibility ${v.accessibility}, best practices ${v.bestPractices}, SEO ${v.seo}`,
          v.performance >= BUDGETS.lighthouse,
        );
    }
  }
  return checks;
}

const mark = (pass: boolean | null) => (pass === null ? '–' : pass ? 'pass' : '**fail**');

/** The results as Markdown (bench/results/latest.md). */
export function writeMarkdown(results: {
  date: string;
  machine: Record<string, unknown>;
  concurrency: number;
  nodeFlags: string[];
  runs: BenchRun[];
  budgets: Check[];
}): string {
  const m = results.machine as {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    loadAverageAtEnd: number[];
  };
  const lines = [
    '# Benchmark results',
    '',
    `${results.date} · ${m.cpus} × ${m.cpuModel} · ${m.memoryGb} GB · Node ${m.node} · load average at the end ${m.loadAverageAtEnd.join(' / ')}`,
    `Server flags: \`${results.nodeFlags.join(' ') || '(Node defaults)'}\` · ${results.concurrency} requests in flight, browser headers (Accept-Encoding: gzip, deflate, br).`,
    '',
    '## Budgets',
    '',
    '| Database | Budget | Measured | Result |',
    '| --- | --- | --- | --- |',
    ...results.budgets.map((c) => `| ${c.database} | ${c.budget} | ${c.measured} | ${mark(c.pass)} |`),
  ];
  for (const run of results.runs) {
    lines.push(
      '',
      `## ${run.database}: ${run.products} products${run.import ? ` (import ${run.import.seconds} s)` : ''}`,
      '',
      '| Phase | Requests | req/s | share of /about | p50 ms | p95 ms | p99 ms | CPU ms/request | machine busy | cache hits | errors |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...[...run.phases, ...(run.scaling ? [run.scaling.single, run.scaling.multi] : [])].map(
        (p) =>
          `| ${p.name} | ${p.requests} | ${p.rps} | ${(p.rps / aboutRate(run)).toFixed(2)} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.cpuMsPerRequest} | ${p.machineBusy === undefined ? '–' : `${Math.round(p.machineBusy * 100)}%`} | ${p.cacheHits} | ${p.errors} |`,
      ),
      '',
      `Memory: ${run.memoryAtReady.rss} MB when ready; ${run.memory.rss} MB after the load; peak ${run.memory.peak} MB (VmHWM, start-up included; ${run.memory.processes} process(es)). Search in-process: p50 ${run.searchService.p50} ms, p95 ${run.searchService.p95} ms.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
