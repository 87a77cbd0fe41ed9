/**
 * The bench's gates and recorded figures, and its readable report (bench/README.md "Gates").
 * Rates and latencies are compared with a bare Astro app on the same framework packages
 * (bench/reference-astro), served with the framework's defaults and measured beside the shop in
 * the same minutes with the same requests and headers, because absolute figures vary from machine
 * to machine; Lighthouse is compared with a baseline build audited in the same session;
 * freshness, memory and JavaScript per page are absolute. A gate passes or fails (the exit
 * code); every other figure is recorded, printed without pass or fail.
 */

import { type Change, GIVE_UP_MS } from './day.ts';
import type { LighthouseResult } from './frontend.ts';
import type { LoadResult } from './load.ts';
import type { ReferenceSizes } from './reference.ts';

/**
 * One load phase as measured: `cpuMsPerRequest` is the server's CPU (all its processes);
 * `machineBusy` the share of every CPU of the machine kept busy meanwhile (0–1: the server, the
 * database server and the load generator together).
 */
export type Phase = Omit<LoadResult, 'latencies'> & {
  name: string;
  cpuMsPerRequest: number;
  machineBusy?: number;
  /** A phase compared with the reference: each bracket's figures (one bracket or several). */
  brackets?: BracketFigures[];
};

/** One bracket of a compared phase: the shop's part, the reference's two halves around it, and the ratio of their rates. */
export interface BracketFigures {
  shop: { requests: number; rps: number; cpuMsPerRequest: number };
  reference: { requests: number; rps: number; cpuMsPerRequest: number };
  /** The shop's rate over the reference's. */
  share: number;
  /** Answers outside 2xx in the bracket, the shop's and the reference's. */
  errors: number;
}

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

/** The reference phase a shop phase is compared with (cached pages: the same pages rendered). */
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
    /** What the baseline build loads on the same pages (null: no baseline given). */
    baselineLoaded: Record<string, { files: number; gzipKb: number }> | null;
    lighthouse: Record<string, LighthouseResult>;
    /** The baseline build's scores on the compared pages, audited in turn with the current ones (null: no baseline given). */
    baselineLighthouse: Record<string, LighthouseResult> | null;
    /** The baseline build audited (BENCH_BASELINE_DIST). */
    baselineDist: string | null;
  } | null;
}

/**
 * A gate (`gate: true`: pass, fail, or null when not measured; a failed gate makes the run exit
 * with 1) or a recorded figure (`gate: false`, `pass` always null), with what it holds the figure
 * to (a gate's bound, or the aim of a recorded figure) and what was measured.
 */
export interface Check {
  database: string;
  gate: boolean;
  name: string;
  budget: string;
  measured: string;
  pass: boolean | null;
}

/** The gates (one server process, 16 in flight; bench/README.md "Gates", ADR 0085). */
export const GATES = {
  /** Cold product and listing pages, PostgreSQL: the median of the brackets' rate ratios. */
  coldShareOfReference: 0.3,
  /** A day's traffic: the rate over the reference's, and p99 over the reference's own p99 beside it. */
  dayShareOfReference: 1,
  dayP99OfReference: 2,
  /** Every price or stock change on the product page (PostgreSQL run). */
  changeVisibleMs: 1000,
  /** Resident memory per server process after the bench (PostgreSQL run). */
  rssAfterMbPerProcess: 350,
  /**
   * JavaScript a page loads, gzipped KB: cc56fd2's figures, the bound when no baseline build runs;
   * with one (BENCH_BASELINE_DIST), the bound is what that build loads on the same page in the run.
   */
  jsGzipKb: { home: 108.7, listing: 12.8, product: 83.9, cart: 12.6 } as Record<string, number>,
} as const;

/** What the gates aim at, and the aims of recorded figures: printed beside them, never checked. */
export const AIMS = {
  coldShareOfReference: 0.5,
  dayShareOfReference: 2,
  dayP99OfReference: 1,
  lighthouse: 100,
  searchP95OfReference: 2,
  searchCpuOfReference: 3,
} as const;

/** The pages whose Lighthouse score is gated against the baseline build (home's is recorded). */
export const LIGHTHOUSE_GATED_PAGES = ['listing', 'product', 'cart'];

const find = (phases: Phase[], name: string) => phases.find((p) => p.name === name);

/** The median of some numbers (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * A shop phase's rate as a multiple of the reference's, or null: the median of its brackets'
 * ratios when it was bracketed, else its rate over the reference's matching phase (cached pages:
 * over the reference's render of them).
 */
export function shareOfReference(run: BenchRun, phase: Phase): number | null {
  if (phase.brackets?.length) return median(phase.brackets.map((b) => b.share));
  const name = REFERENCE_OF[phase.name];
  const reference = name && run.reference ? find(run.reference.phases, name) : undefined;
  return reference ? phase.rps / reference.rps : null;
}

const times = (share: number | null) => (share === null ? '–' : `${share.toFixed(2)}×`);
const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(2)}×` : '–');

/** "0 hits", or a note that the server reports no cache status. */
const hitsText = (p: Phase) => (p.cacheReported ? `${p.cacheHits}/${p.requests} hits` : 'no cache header');

/** Which phases and databases a run measured, for saying why a gate was not. */
export interface RunScope {
  /** Whether a phase ran (BENCH_PHASES). */
  wants: (key: 'cold' | 'day' | 'frontend' | 'cached' | 'search') => boolean;
  /** Why there is no PostgreSQL run, or null when there is one. */
  noPostgres: string | null;
  /** Why there is no Lighthouse comparison, or null when a baseline was given. */
  noBaseline: string | null;
  /** Lighthouse audits per page. */
  audits: number;
}

/** The gates over every run, in the order of bench/README.md's table, then the recorded figures. */
export function benchChecks(runs: BenchRun[], scope: RunScope): Check[] {
  const gates: Check[] = [];
  const recorded: Check[] = [];
  const gate = (database: string, name: string, budget: string, measured: string, pass: boolean | null) =>
    gates.push({ database, gate: true, name, budget, measured, pass });
  const record = (database: string, name: string, budget: string, measured: string) =>
    recorded.push({ database, gate: false, name, budget, measured, pass: null });
  const postgres = runs.find((r) => r.database === 'postgres');
  const frontendRun = runs.find((r) => r.frontend);

  // Cold pages: the median of the brackets' ratios, gated on PostgreSQL, recorded on PGlite.
  for (const name of [PHASES.productCold, PHASES.listingCold]) {
    if (!scope.wants('cold')) break;
    const budget = `≥ ${GATES.coldShareOfReference}× bare Astro's rate, median of the brackets (aim ${AIMS.coldShareOfReference}×)`;
    for (const run of runs) {
      const p = find(run.phases, name);
      const r = run.reference ? find(run.reference.phases, name) : undefined;
      const share = p ? shareOfReference(run, p) : null;
      const errors = (p?.errors ?? 0) + (r?.errors ?? 0);
      const measured = p
        ? `${times(share)}: brackets ${(p.brackets ?? []).map((b) => `${b.share}×`).join(', ') || '–'}; shop ${p.rps} req/s, ${p.cpuMsPerRequest} ms CPU/request; bare Astro ${r?.rps ?? '–'} req/s, ${r?.cpuMsPerRequest ?? '–'} ms CPU/request (all brackets)${errors ? `; ${errors} answers outside 2xx: not a measurement` : ''}`
        : 'not measured';
      if (run.database === 'postgres')
        gate(
          run.database,
          name,
          budget,
          measured,
          share === null ? null : share >= GATES.coldShareOfReference && !errors,
        );
      else
        record(
          run.database,
          name,
          `${AIMS.coldShareOfReference}× bare Astro's rate (gated on PostgreSQL at ${GATES.coldShareOfReference}×)`,
          measured,
        );
    }
    if (!postgres) gate('postgres', name, budget, `not measured: ${scope.noPostgres}`, null);
  }

  // A day's traffic, on every database.
  if (scope.wants('day'))
    for (const run of runs) {
      const day = find(run.phases, PHASES.day);
      const ref = run.reference ? find(run.reference.phases, PHASES.day) : undefined;
      const share = day ? shareOfReference(run, day) : null;
      const errors = (day?.errors ?? 0) + (ref?.errors ?? 0);
      gate(
        run.database,
        `${PHASES.day} (${day?.requests ?? '–'} requests, Zipf s = 1.1, a change every 2 s)`,
        `rate ≥ ${GATES.dayShareOfReference}× bare Astro's and p99 ≤ ${GATES.dayP99OfReference}× its own p99 beside it (aims ${AIMS.dayShareOfReference}× and ≤ ${AIMS.dayP99OfReference}×)`,
        day
          ? `${day.rps} req/s = ${times(share)} bare Astro (${ref?.rps ?? '–'}); p99 ${day.p99} ms = ${ratio(day.p99, ref?.p99)} bare Astro's ${ref?.p99 ?? '–'} ms; ${hitsText(day)}, ${day.cpuMsPerRequest} ms CPU/request${errors ? `; ${errors} answers outside 2xx: not a measurement` : ''}`
          : 'not measured',
        share === null || !ref
          ? null
          : share >= GATES.dayShareOfReference && day!.p99 <= GATES.dayP99OfReference * ref.p99 && !errors,
      );
    }

  // Freshness, on PostgreSQL (one process owns a PGlite database: nothing else can write it).
  if (scope.wants('day')) {
    const changes = postgres?.freshness?.changes ?? [];
    const shown = changes.flatMap((c) => (c.delayMs === null ? [] : [c.delayMs]));
    const never = changes.length - shown.length;
    const max = shown.length ? Math.max(...shown) : null;
    gate(
      'postgres',
      'every price or stock change of the day, on the product page',
      `within ${GATES.changeVisibleMs} ms`,
      !postgres
        ? `not measured: ${scope.noPostgres}`
        : changes.length
          ? `${changes.length} change${changes.length === 1 ? '' : 's'}: ${max === null ? 'none shown' : `max ${max} ms`}${never ? `, ${never} not shown within ${GIVE_UP_MS / 1000} s` : ''} (${changes.map((c) => c.delayMs ?? 'never').join(', ')})`
          : 'no change made',
      changes.length ? never === 0 && max !== null && max <= GATES.changeVisibleMs : null,
    );
  }

  // Memory per process after the bench, on PostgreSQL (PGlite's recorded below).
  if (!scope.wants('cold') && !scope.wants('day')) {
    // A partial run without the load phases says nothing about memory after the bench.
  } else if (postgres)
    gate(
      'postgres',
      'server RSS per process after the bench',
      `≤ ${GATES.rssAfterMbPerProcess} MB`,
      `${postgres.memory.rss} MB over ${postgres.memory.processes} process(es); peak ${postgres.memory.peak} MB`,
      postgres.memory.rss <= GATES.rssAfterMbPerProcess * postgres.memory.processes,
    );
  else
    gate(
      'postgres',
      'server RSS per process after the bench',
      `≤ ${GATES.rssAfterMbPerProcess} MB`,
      `not measured: ${scope.noPostgres}`,
      null,
    );

  // The front end, measured on the run that audits it (PGlite).
  if (scope.wants('frontend')) {
    const fe = frontendRun?.frontend;
    const database = frontendRun?.database ?? 'pglite';
    /** Why the front end has no figures: it is measured on the PGlite run, unless BENCH_FRONTEND=0. */
    const noFrontend = 'not measured: the front end is measured on the PGlite run (BENCH_FRONTEND=0 skips it)';
    for (const [page, figure] of Object.entries(GATES.jsGzipKb)) {
      const v = fe?.loaded[page];
      const base = fe?.baselineLoaded?.[page];
      const limit = base ? base.gzipKb : figure;
      gate(
        database,
        `${page}: JavaScript loaded, gzipped`,
        base
          ? `≤ the baseline build's (cc56fd2) on the same page, in the same run (cc56fd2's figure: ${figure} KB)`
          : `≤ ${figure} KB (cc56fd2's)`,
        v
          ? `${v.gzipKb} KB (${v.files} files)${base ? ` against the baseline's ${base.gzipKb} KB (${base.files} files)` : ''}`
          : noFrontend,
        v ? v.gzipKb <= limit : null,
      );
    }
    for (const page of LIGHTHOUSE_GATED_PAGES) {
      const now = fe?.lighthouse[page];
      const base = fe?.baselineLighthouse?.[page];
      const score = (r: LighthouseResult | undefined) =>
        !r ? 'not audited' : 'error' in r ? `error: ${r.error}` : `${r.performance} (audits ${r.runs?.join(', ')})`;
      gate(
        database,
        `${page}: Lighthouse mobile performance, median of ${scope.audits}`,
        "≥ the baseline build's (cc56fd2), audited in turn in the same session",
        !fe
          ? noFrontend
          : !fe.baselineLighthouse
            ? `not measured: ${scope.noBaseline}${now ? `; this build ${score(now)}` : ''}`
            : !now && !base
              ? 'not audited (BENCH_LIGHTHOUSE_PAGES)'
              : `${score(now)} against the baseline's ${score(base)}`,
        now && base && 'performance' in now && 'performance' in base ? now.performance >= base.performance : null,
      );
    }
  }

  // Recorded figures.
  for (const run of runs) {
    const db = run.database;
    const ref = (name: string) => (run.reference ? find(run.reference.phases, name) : undefined);
    for (const name of [PHASES.productCold, PHASES.listingCold]) {
      const p = find(run.phases, name);
      if (p)
        record(
          db,
          `${name}: p99`,
          '',
          `${p.p99} ms (bare Astro beside it ${ref(name)?.p99 ?? '–'} ms); ${hitsText(p)}`,
        );
    }
    for (const name of [PHASES.productColdIdentity, PHASES.listingColdIdentity]) {
      const p = find(run.phases, name);
      if (p)
        record(
          db,
          name,
          '',
          `${times(shareOfReference(run, p))} bare Astro (brackets ${(p.brackets ?? []).map((b) => `${b.share}×`).join(', ') || '–'}); ${p.rps} req/s, ${p.cpuMsPerRequest} ms CPU/request against ${ref(name)?.rps ?? '–'} req/s, ${ref(name)?.cpuMsPerRequest ?? '–'} ms; p99 ${p.p99} ms`,
        );
    }
    for (const name of [PHASES.productCached, PHASES.listingCached]) {
      const p = find(run.phases, name);
      if (p)
        record(
          db,
          name,
          '',
          `${p.rps} req/s = ${times(shareOfReference(run, p))} bare Astro's render of them, ${hitsText(p)}, ${p.encodings.br ?? 0} br`,
        );
    }
    const search = find(run.phases, PHASES.search);
    const searchRef = ref(PHASES.search);
    if (search)
      record(
        db,
        `search API, ${search.requests} distinct queries, p95 and CPU against bare Astro's answer of the same size`,
        `p95 ≤ ${AIMS.searchP95OfReference}×, CPU ≤ ${AIMS.searchCpuOfReference}×`,
        `p95 ${search.p95} ms = ${ratio(search.p95, searchRef?.p95)} (bare Astro ${searchRef?.p95 ?? '–'} ms); CPU ${search.cpuMsPerRequest} ms = ${ratio(search.cpuMsPerRequest, searchRef?.cpuMsPerRequest)} (bare Astro ${searchRef?.cpuMsPerRequest ?? '–'} ms); ${search.rps} req/s against ${searchRef?.rps ?? '–'}; in-process p95 ${run.searchService.p95} ms`,
      );
    if (run.relevance)
      record(
        db,
        'search relevance, hit@3 (BigBasket query set)',
        '',
        `${(run.relevance.hitAt3 * 100).toFixed(1)}% of ${run.relevance.queries}`,
      );
    if (db !== 'postgres')
      record(
        db,
        'server RSS after the bench',
        '',
        `${run.memory.rss} MB over ${run.memory.processes} process(es); peak ${run.memory.peak} MB (VmHWM, start-up included)`,
      );
    if (run.reference) record(db, 'bare Astro reference RSS after its phases', '', `${run.reference.memory.rss} MB`);
    const all = [...run.phases, ...(run.reference?.phases.map((p) => ({ ...p, name: `bare Astro: ${p.name}` })) ?? [])];
    const errors = all.reduce((n, p) => n + p.errors, 0);
    record(
      db,
      'answers outside 2xx, any phase (the shop and the bare Astro reference)',
      '',
      `${errors}${
        errors
          ? ` (${all
              .flatMap((p) => p.failures.map((f) => `${p.name}: ${f}`))
              .slice(0, 3)
              .join('; ')})`
          : ''
      }`,
    );
    if (run.frontend) {
      for (const [page, v] of Object.entries(run.frontend.lighthouse)) {
        const base = run.frontend.baselineLighthouse?.[page];
        record(
          db,
          `${page}: Lighthouse mobile`,
          `performance ${AIMS.lighthouse}`,
          'error' in v
            ? `error: ${v.error}`
            : `performance ${v.performance}${v.performance >= AIMS.lighthouse ? ' (100 reached)' : ''} (audits ${v.runs?.join(', ')}), accessibility ${v.accessibility}, best practices ${v.bestPractices}, SEO ${v.seo}${base && 'performance' in base ? `; baseline build ${base.performance} (audits ${base.runs?.join(', ')})` : ''}`,
        );
      }
    }
  }
  return [...gates, ...recorded];
}

const mark = (pass: boolean | null) => (pass === null ? 'not measured' : pass ? 'pass' : '**fail**');
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

/** What the flash-sale phase (flash-sale.ts) measured. */
export interface FlashSaleResult {
  servers: number;
  customers: number;
  hotProducts: number;
  windowSeconds: number;
  /** Answers by HTTP status ("error" for a request that got no answer). */
  statuses: Record<string, number>;
  /** Place Order latencies, ms. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** The first few answers that were not 201, for the report. */
  failures: string[];
}

/** What the scale phase (scale.ts) measured on one database. */
export interface ScaleResult {
  database: 'pglite' | 'postgres';
  /** Active products in the catalogue (the synthetic ones and the demo shop's). */
  products: number;
  /** Seconds the synthetic rows took to insert. */
  insertSeconds: number;
  /** Ms from spawning the server until /readyz answered 200, and until a first listing page did. */
  readyMs: number;
  firstPageMs: number;
  /** MB of the one server process: resident now (VmRSS) and at its peak so far (VmHWM). */
  afterWarmUp: { rss: number; peak: number };
  afterBurst: { rss: number; peak: number };
  /** The burst's requests, and those not answered 2xx. */
  burst: { requests: number; errors: number; rps: number };
  /** The server's Node flags. */
  flags: string[];
}

/** The issue's budget for one process with 100,000 products on PostgreSQL. */
export const SCALE_BUDGET = { rssMb: 350, readySeconds: 15 } as const;

/** The bench's results file (bench/results-<date>.json) and what the Markdown is written from. */
export interface BenchResults {
  date: string;
  machine: Record<string, unknown>;
  concurrency: number;
  /** The shop's Node flags (as `npm start` gives them) and the reference's (none: the framework's defaults). */
  nodeFlags: { shop: { pglite: string[]; postgres: string[] }; reference: string[] };
  /** Brackets per compared cold phase. */
  brackets: number;
  runs: BenchRun[];
  /** The flash sale (four servers through PgBouncer), when it ran. */
  flashSale?: FlashSaleResult | null;
  /** The synthetic large catalogue (one server, 100,000 products), per database, when it ran. */
  scale?: ScaleResult[];
  /** The gates: pass, fail or not measured. */
  gates: Check[];
  /** Every other figure, without pass or fail. */
  recorded: Check[];
}

/** A phase's ratio to the reference, with its brackets' ratios when there are several. */
const shareCell = (run: BenchRun, p: Phase) =>
  `${times(shareOfReference(run, p))}${p.brackets && p.brackets.length > 1 ? ` (${p.brackets.map((b) => b.share).join(', ')})` : ''}`;

/** The results as Markdown (bench/results/latest.md). */
export function writeMarkdown(results: BenchResults): string {
  const m = results.machine as {
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    node: string;
    loadAverageAtStart?: number[];
    loadAverageAtEnd: number[];
  };
  const flags = (f: string[]) => (f.length ? `\`${f.join(' ')}\`` : "none (Node's defaults)");
  const lines = [
    '# Benchmark results',
    '',
    `${results.date} · ${m.cpus} × ${m.cpuModel} · ${m.memoryGb} GB · Node ${m.node} · load average at the start ${m.loadAverageAtStart?.join(' / ') ?? '–'}, at the end ${m.loadAverageAtEnd.join(' / ')}`,
    `Node flags: the shop ${flags(results.nodeFlags.shop.pglite)} on PGlite and ${flags(results.nodeFlags.shop.postgres)} on PostgreSQL (as \`npm start\` runs it); the bare Astro reference ${flags(results.nodeFlags.reference)}. ${results.concurrency} requests in flight, browser headers (Accept-Encoding: gzip, deflate, br) unless a phase says identity; ${results.brackets} brackets per cold phase.`,
    '',
    '## Gates',
    '',
    '| Database | Gate | Bound | Measured | Result |',
    '| --- | --- | --- | --- | --- |',
    ...results.gates.map((c) => `| ${c.database} | ${c.name} | ${c.budget} | ${c.measured} | ${mark(c.pass)} |`),
    '',
    '## Recorded (not gates)',
    '',
    '| Database | Figure | Aim | Measured |',
    '| --- | --- | --- | --- |',
    ...results.recorded.map((c) => `| ${c.database} | ${c.name} | ${c.budget || '–'} | ${c.measured} |`),
  ];
  for (const run of results.runs) {
    lines.push(
      '',
      `## ${run.database}: ${run.products} products${run.import ? ` (import ${run.import.seconds} s)` : ''}`,
      '',
      ...PHASE_HEADER,
      ...run.phases.map((p) => phaseRow(p, shareCell(run, p))),
      '',
      `Memory: ${run.memoryAtReady.rss} MB when ready; ${run.memory.rss} MB after the load; peak ${run.memory.peak} MB (VmHWM, start-up included; ${run.memory.processes} process(es)). Search in-process: p50 ${run.searchService.p50} ms, p95 ${run.searchService.p95} ms.`,
    );
    for (const p of run.phases.filter((x) => x.brackets && x.brackets.length > 1))
      lines.push(
        '',
        `${p.name}, by bracket (shop / bare Astro, req/s and CPU ms per request): ${p
          .brackets!.map(
            (b, i) =>
              `${i + 1}: ${b.shop.rps} / ${b.reference.rps} req/s, ${b.shop.cpuMsPerRequest} / ${b.reference.cpuMsPerRequest} ms = ${b.share}×`,
          )
          .join('; ')}.`,
      );
    if (run.freshness?.changes.length)
      lines.push(
        '',
        `Changes during the day's traffic (ms after it started → ms until the product page showed it): ${run.freshness.changes
          .map((c) => `${c.kind} of #${c.productId} at ${c.at} → ${c.delayMs ?? 'never'}`)
          .join('; ')}.`,
      );
    else if (run.freshness?.note) lines.push('', `Changes during the day's traffic: ${run.freshness.note}.`);
    if (run.frontend?.baselineDist)
      lines.push('', `Lighthouse baseline build: \`${run.frontend.baselineDist}\`, audited in turn with this build.`);
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

/**
 * The scale phase's gates on PostgreSQL (one process with the synthetic catalogue: RSS after
 * the burst, and ready within the budget) and its recorded figures on PGlite; "not measured"
 * when the phase was wanted but did not run on PostgreSQL.
 */
export function scaleChecks(results: ScaleResult[], wanted: boolean): Check[] {
  if (!wanted) return [];
  const checks: Check[] = [];
  const postgres = results.find((r) => r.database === 'postgres');
  for (const r of results) {
    const gate = r.database === 'postgres';
    const memory = `${r.afterBurst.rss} MB after ${r.burst.requests} requests (${r.burst.errors} outside 2xx), ${r.afterWarmUp.rss} MB after warm-up, peak ${r.afterBurst.peak} MB`;
    const ready = `${(r.readyMs / 1000).toFixed(1)} s to /readyz, ${(r.firstPageMs / 1000).toFixed(1)} s to the first listing (insert ${r.insertSeconds} s)`;
    const name = `synthetic ${r.products} products, one process`;
    checks.push(
      {
        database: r.database,
        gate,
        name: `${name}: resident memory`,
        budget: `≤ ${SCALE_BUDGET.rssMb} MB`,
        measured: memory,
        pass: gate ? r.afterBurst.rss <= SCALE_BUDGET.rssMb && r.burst.errors === 0 : null,
      },
      {
        database: r.database,
        gate,
        name: `${name}: boot`,
        budget: `≤ ${SCALE_BUDGET.readySeconds} s to /readyz`,
        measured: ready,
        pass: gate ? r.readyMs <= SCALE_BUDGET.readySeconds * 1000 : null,
      },
    );
  }
  if (!postgres)
    checks.push({
      database: 'postgres',
      gate: true,
      name: 'synthetic 100,000 products, one process',
      budget: `≤ ${SCALE_BUDGET.rssMb} MB, ≤ ${SCALE_BUDGET.readySeconds} s to /readyz`,
      measured: 'not measured (no PostgreSQL server)',
      pass: null,
    });
  return checks;
}

/** Where the flash sale's checks say they ran. */
const FLASH_SALE_DATABASE = 'postgres (PgBouncer, 4 servers)';

/**
 * The flash sale's gate (no 5xx answer) and recorded figures (the answers by status, Place
 * Order's p50/p95/p99); the gate reads "not measured" when the phase was wanted but did not run.
 */
export function flashSaleChecks(result: FlashSaleResult | null, wanted: boolean): Check[] {
  if (!wanted) return [];
  const gate = (measured: string, pass: boolean | null): Check => ({
    database: FLASH_SALE_DATABASE,
    gate: true,
    name: 'flash sale: Place Order answers',
    budget: 'no 5xx',
    measured,
    pass,
  });
  if (!result) return [gate('not run (no PostgreSQL server)', null)];
  const serverErrors = Object.entries(result.statuses)
    .filter(([status]) => status === 'error' || Number(status) >= 500)
    .reduce((n, [, count]) => n + count, 0);
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');
  return [
    gate(`${serverErrors} 5xx or failed of ${result.customers} (${statuses})`, serverErrors === 0),
    {
      database: FLASH_SALE_DATABASE,
      gate: false,
      name: `flash sale: Place Order latency, ${result.customers} customers in ${result.windowSeconds} s, ${result.hotProducts} hot products`,
      budget: '',
      measured: `p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, max ${result.max} ms`,
      pass: null,
    },
  ];
}
