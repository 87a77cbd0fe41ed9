/**
 * The bench's budgets and its readable report. Rates are compared with a bare Astro app on the
 * same framework packages (bench/reference-astro), served and measured in the same run with the
 * same requests and headers, because absolute requests per second vary from machine to machine;
 * latencies, freshness, errors, memory and the front end's figures are absolute.
 */
import type { LoadResult } from './load.ts';
import type { LighthouseScores } from './frontend.ts';
import { GIVE_UP_MS, type Change } from './day.ts';
import type { ReferenceSizes } from './reference.ts';

/**
 * One load phase as measured: `cpuMsPerRequest` is the server's CPU (all its processes);
 * `machineBusy` the share of every CPU of the machine kept busy meanwhile (0–1: the server, the
 * database server and the load generator together).
 */
export type Phase = Omit<LoadResult, 'latencies'> & { name: string; cpuMsPerRequest: number; machineBusy?: number };

/** The phases' names; the reference runs the cold ones and the day's traffic under the same names. */
export const PHASES = {
  productCold: 'product pages, cold',
  listingCold: 'listing pages, cold',
  productColdIdentity: 'product pages, cold, identity',
  listingColdIdentity: 'listing pages, cold, identity',
  productCached: 'product pages, cached',
  listingCached: 'listing pages, cached',
  day: "a day's traffic",
  staticFile: 'static file (/about, prerendered)',
  search: 'search API',
} as const;

/** The reference phase a shop phase's rate is compared with (cached pages: the same pages rendered). */
const REFERENCE_OF: Record<string, string> = {
  [PHASES.productCold]: PHASES.productCold,
  [PHASES.listingCold]: PHASES.listingCold,
  [PHASES.productColdIdentity]: PHASES.productColdIdentity,
  [PHASES.listingColdIdentity]: PHASES.listingColdIdentity,
  [PHASES.productCached]: PHASES.productCold,
  [PHASES.listingCached]: PHASES.listingCold,
  [PHASES.day]: PHASES.day,
  [PHASES.search]: PHASES.search,
};

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
  /** The bare Astro reference, measured in the same run (null when no phase needed it). */
  reference: {
    versions: string;
    sizes: ReferenceSizes;
    phases: Phase[];
    memory: { rss: number; peak: number; processes: number };
  } | null;
  /** The day's traffic's catalogue changes and how soon each showed (null: the phase did not run). */
  freshness: { changes: Change[]; note?: string } | null;
  frontend: {
    reachable: Record<string, { files: number; kb: number; gzipKb: number }>;
    loaded: Record<string, { files: number; gzipKb: number }>;
    lighthouse: Record<string, LighthouseScores>;
  } | null;
}

/** A budget, what was measured, and whether it holds (null: not measured). */
export interface Check {
  database: string;
  budget: string;
  measured: string;
  pass: boolean | null;
}

/** The budgets (one server process, 16 in flight, 2 cores, 20,000 products; bench/README.md). */
export const BUDGETS = {
  coldShareOfReference: 0.5,
  coldPageP99Ms: 150,
  cachedShareOfReference: 2,
  dayShareOfReference: 2,
  dayP99Ms: 50,
  changeVisibleMs: 1000,
  searchP95Ms: 20,
  rssAfterMb: 350,
  rssPeakMb: 500,
  /** JavaScript a page loads, gzipped KB: the home page may grow to 110 KB, the others not at all. */
  jsGzipKb: { home: 110, listing: 79.8, product: 85.9, cart: 78.7 } as Record<string, number>,
  lighthouse: 100,
} as const;

const find = (phases: Phase[], name: string) => phases.find((p) => p.name === name);

/** A shop phase's rate as a multiple of the reference's matching phase, or null. */
export function shareOfReference(run: BenchRun, phase: Phase): number | null {
  const name = REFERENCE_OF[phase.name];
  const reference = name && run.reference ? find(run.reference.phases, name) : undefined;
  return reference ? phase.rps / reference.rps : null;
}

const times = (share: number | null) => (share === null ? '–' : `${share.toFixed(2)}×`);

/** "0 hits", or a note that the server reports no cache status. */
const hitsText = (p: Phase) => (p.cacheReported ? `${p.cacheHits}/${p.requests} hits` : 'no cache header');

/** Every budget checked for one run. */
export function budgetChecks(run: BenchRun, concurrency: number): Check[] {
  const checks: Check[] = [];
  const add = (budget: string, measured: string, pass: boolean | null) =>
    checks.push({ database: run.database, budget, measured, pass });
  const ref = (name: string) => (run.reference ? find(run.reference.phases, name) : undefined);

  for (const [name, identity] of [
    [PHASES.productCold, PHASES.productColdIdentity],
    [PHASES.listingCold, PHASES.listingColdIdentity],
  ] as const) {
    const p = find(run.phases, name);
    if (!p) continue; // a partial run (BENCH_PHASES)
    const share = shareOfReference(run, p);
    const id = find(run.phases, identity);
    add(
      `${name} (distinct URLs, each once): ≥ ${BUDGETS.coldShareOfReference}× bare Astro, p99 ≤ ${BUDGETS.coldPageP99Ms} ms, no cache hit`,
      `${p.rps} req/s = ${times(share)} bare Astro (${ref(name)?.rps ?? '–'}), p99 ${p.p99} ms, ${hitsText(p)}, ${p.cpuMsPerRequest} ms CPU/request (bare Astro ${ref(name)?.cpuMsPerRequest ?? '–'})${id ? `; identity ${id.rps} req/s = ${times(shareOfReference(run, id))}` : ''}`,
      share === null
        ? null
        : share >= BUDGETS.coldShareOfReference && p.p99 <= BUDGETS.coldPageP99Ms && p.cacheHits === 0,
    );
  }
  for (const name of [PHASES.productCached, PHASES.listingCached]) {
    const p = find(run.phases, name);
    if (!p) continue;
    const share = shareOfReference(run, p);
    add(
      `${name}: ≥ ${BUDGETS.cachedShareOfReference}× bare Astro's render of them, every answer a hit`,
      `${p.rps} req/s = ${times(share)} bare Astro, ${hitsText(p)}, ${p.encodings.br ?? 0} br`,
      share === null
        ? null
        : share >= BUDGETS.cachedShareOfReference && (!p.cacheReported || p.cacheHits === p.requests),
    );
  }
  const day = find(run.phases, PHASES.day);
  if (day) {
    const share = shareOfReference(run, day);
    add(
      `${PHASES.day} (${day.requests} requests, Zipf s = 1.1, a change every 2 s): ≥ ${BUDGETS.dayShareOfReference}× bare Astro, p99 ≤ ${BUDGETS.dayP99Ms} ms`,
      `${day.rps} req/s = ${times(share)} bare Astro (${ref(PHASES.day)?.rps ?? '–'}), p99 ${day.p99} ms, ${hitsText(day)}, ${day.cpuMsPerRequest} ms CPU/request`,
      share === null ? null : share >= BUDGETS.dayShareOfReference && day.p99 <= BUDGETS.dayP99Ms,
    );
    const changes = run.freshness?.changes ?? [];
    const shown = changes.flatMap((c) => (c.delayMs === null ? [] : [c.delayMs]));
    const never = changes.length - shown.length;
    const max = shown.length ? Math.max(...shown) : null;
    add(
      `every price or stock change visible on the product page within ${BUDGETS.changeVisibleMs} ms`,
      changes.length
        ? `${changes.length} changes: ${max === null ? 'none' : `max ${max} ms`}${never ? `, ${never} not shown within ${GIVE_UP_MS / 1000} s` : ''} (${changes.map((c) => c.delayMs ?? 'never').join(', ')})`
        : (run.freshness?.note ?? 'no change made'),
      changes.length ? never === 0 && max !== null && max <= BUDGETS.changeVisibleMs : null,
    );
  }

  const search = find(run.phases, PHASES.search);
  const searchRef = ref(PHASES.search);
  if (search)
    add(
      `search API, ${search.requests} distinct queries: p95 ≤ ${BUDGETS.searchP95Ms} ms at ${concurrency} in flight`,
      `p95 ${search.p95} ms (p50 ${search.p50}; ${search.cpuMsPerRequest} ms CPU/request; in-process p95 ${run.searchService.p95} ms); bare Astro's answer of the same size, no search: p95 ${searchRef?.p95 ?? '–'} ms, ${searchRef?.cpuMsPerRequest ?? '–'} ms CPU/request, ${searchRef?.rps ?? '–'} req/s against the shop's ${search.rps}`,
      search.p95 <= BUDGETS.searchP95Ms,
    );
  if (run.relevance)
    add(
      'search relevance: hit@3 ≥ 95% (BigBasket query set)',
      `${(run.relevance.hitAt3 * 100).toFixed(1)}% of ${run.relevance.queries}`,
      run.relevance.hitAt3 >= 0.95,
    );
  const all = [...run.phases, ...(run.reference?.phases.map((p) => ({ ...p, name: `bare Astro: ${p.name}` })) ?? [])];
  const errors = all.reduce((n, p) => n + p.errors, 0);
  add(
    'no answer outside 2xx in any phase (the shop and the bare Astro reference)',
    `${errors} (${
      all
        .flatMap((p) => p.failures.map((f) => `${p.name}: ${f}`))
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
  if (run.frontend) {
    for (const [name, v] of Object.entries(run.frontend.loaded)) {
      const budget = BUDGETS.jsGzipKb[name];
      add(
        `${name}: JavaScript loaded ≤ ${budget ?? '–'} KB gzipped`,
        `${v.gzipKb} KB (${v.files} files)`,
        budget === undefined ? null : v.gzipKb <= budget,
      );
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
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const phaseRow = (p: Phase, share: string) =>
  `| ${p.name} | ${p.requests} | ${p.rps} | ${share} | ${p.p50} | ${p.p95} | ${p.p99} | ${p.cpuMsPerRequest} | ${p.machineBusy === undefined ? '–' : `${Math.round(p.machineBusy * 100)}%`} | ${p.cacheReported ? p.cacheHits : '–'} | ${Object.entries(
    p.encodings,
  )
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')} | ${p.errors} |`;
const PHASE_HEADER = [
  '| Phase | Requests | req/s | × bare Astro | p50 ms | p95 ms | p99 ms | CPU ms/request | machine busy | cache hits | encodings | errors |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];

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
    `Server flags (the shop and the bare Astro reference): \`${results.nodeFlags.join(' ') || '(Node defaults)'}\` · ${results.concurrency} requests in flight, browser headers (Accept-Encoding: gzip, deflate, br) unless a phase says identity.`,
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
      ...PHASE_HEADER,
      ...run.phases.map((p) => phaseRow(p, times(shareOfReference(run, p)))),
      '',
      `Memory: ${run.memoryAtReady.rss} MB when ready; ${run.memory.rss} MB after the load; peak ${run.memory.peak} MB (VmHWM, start-up included; ${run.memory.processes} process(es)). Search in-process: p50 ${run.searchService.p50} ms, p95 ${run.searchService.p95} ms.`,
    );
    if (run.freshness?.changes.length)
      lines.push(
        '',
        `Changes during the day's traffic (ms after it started → ms until the product page showed it): ${run.freshness.changes
          .map((c) => `${c.kind} of #${c.productId} at ${c.at} → ${c.delayMs ?? 'never'}`)
          .join('; ')}.`,
      );
    else if (run.freshness?.note) lines.push('', `Changes during the day's traffic: ${run.freshness.note}.`);
    if (run.reference) {
      const { sizes } = run.reference;
      lines.push(
        '',
        `### ${run.database}: the bare Astro reference (${run.reference.versions})`,
        '',
        `Page sizes (identity, mean of the sample pages): product ${kb(sizes.reference.product)} against the shop's ${kb(sizes.shop.product)} (${sizes.cards.related} related cards); listing ${kb(sizes.reference.listing)} against ${kb(sizes.shop.listing)} (${sizes.cards.listing} cards); search answer ${kb(sizes.reference.search ?? 0)} against ${kb(sizes.shop.search ?? 0)} (${sizes.searchResults ?? '–'} products). RSS after its phases ${run.reference.memory.rss} MB.`,
        '',
        ...PHASE_HEADER,
        ...run.reference.phases.map((p) => phaseRow(p, '–')),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
