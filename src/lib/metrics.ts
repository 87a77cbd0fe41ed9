/**
 * The process's Prometheus metrics (prom-client), recorded wherever the work happens and served by
 * the server entry on METRICS_PORT (src/server/metrics-server.ts). The entry and Astro's handler
 * are two bundles with their own copies of this module, so the registry and its series live on
 * `globalThis` under a registered symbol (as src/lib/server-process.ts does): both copies record
 * into one registry, and prom-client never sees a series registered twice.
 *
 * Series (docs/operations.md lists them with what to watch):
 * - `http_request_duration_seconds{method,route,status_class}`: a histogram of every request
 *   Astro answers (pages, API, cached pages), by route pattern (`/product/[slug]`, never the raw
 *   address), plus `(static)` for the build's files and `(refused)` for the edge gate's refusals;
 *   the probes (/healthz, /readyz) are left out (src/middleware.ts);
 * - `farmfresh_db_pool_connections{state}` (`open`, `idle`) and `farmfresh_db_pool_waiting`: the
 *   PostgreSQL pool's use (nothing on PGlite);
 * - `farmfresh_route_cache_hits_total`, `farmfresh_route_cache_misses_total`: the route cache;
 * - `farmfresh_job_runs_total{job}`, `farmfresh_job_failures_total{job}`,
 *   `farmfresh_job_last_success_timestamp_seconds{job}`, `farmfresh_job_lag_seconds{job}`
 *   (seconds since the job last succeeded in any process);
 * - `farmfresh_payment_gateway_errors_total{gateway,kind}`: failed payment gateway calls;
 * - `farmfresh_sms_gateway_errors_total{gateway,kind}`: SMS sends the gateway did not take;
 * the job counters start at 0 for every job a server process runs, the gateways' for every kind of
 * failure (under `gateway="none"` when the shop has none), so alerts see the series before the
 * first failure;
 * - prom-client's default process series, `nodejs_eventloop_lag_seconds` among them.
 * In a cluster the primary adds up its workers' series (prom-client's AggregatorRegistry):
 * counters, histograms and pool gauges sum; the job timestamps take the latest, the lag the least.
 */
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type Registry as PromRegistry,
  Registry,
} from 'prom-client';

/** What a connection pool reports (pg's Pool: totalCount, idleCount, waitingCount). */
export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
}

interface MetricsState {
  registry: PromRegistry;
  httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  cacheHits: Counter;
  cacheMisses: Counter;
  jobRuns: Counter<'job'>;
  jobFailures: Counter<'job'>;
  jobLastSuccess: Gauge<'job'>;
  gatewayErrors: Counter<'gateway' | 'kind'>;
  smsErrors: Counter<'gateway' | 'kind'>;
  /** The process database's pool, when it is PostgreSQL (set by src/lib/db when it opens). */
  pool?: () => PoolStats | undefined;
  /** When each job last succeeded here (ms since the epoch). */
  lastSuccess: Map<string, number>;
  defaultsCollected: boolean;
}

const KEY = Symbol.for('farmfresh.metrics');

/** Request durations' bucket bounds (s): from a cached page to a slow export. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function create(): MetricsState {
  const registry = new Registry();
  const lastSuccess = new Map<string, number>();
  const state: MetricsState = {
    registry,
    lastSuccess,
    defaultsCollected: false,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request reaching the server to its answer, by route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    cacheHits: new Counter({
      name: 'farmfresh_route_cache_hits_total',
      help: 'Anonymous page requests answered from the route cache.',
      registers: [registry],
    }),
    cacheMisses: new Counter({
      name: 'farmfresh_route_cache_misses_total',
      help: 'Anonymous page requests the route cache could not answer (the page rendered).',
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'farmfresh_job_runs_total',
      help: 'Background job runs in this process, failed or not.',
      labelNames: ['job'],
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: 'farmfresh_job_failures_total',
      help: 'Background job runs that threw (the next interval tries again).',
      labelNames: ['job'],
      registers: [registry],
    }),
    jobLastSuccess: new Gauge({
      name: 'farmfresh_job_last_success_timestamp_seconds',
      help: 'When each background job last ran without error (Unix seconds).',
      labelNames: ['job'],
      aggregator: 'max',
      registers: [registry],
    }),
    gatewayErrors: new Counter({
      name: 'farmfresh_payment_gateway_errors_total',
      help: 'Payment gateway calls that failed: kind network, timeout, status (an error answer) or answer (unreadable).',
      labelNames: ['gateway', 'kind'],
      registers: [registry],
    }),
    smsErrors: new Counter({
      name: 'farmfresh_sms_gateway_errors_total',
      help: 'SMS sends the gateway did not take: kind unreachable (no answer), timeout or refused (an error or unreadable answer).',
      labelNames: ['gateway', 'kind'],
      registers: [registry],
    }),
  };
  new Gauge({
    name: 'farmfresh_job_lag_seconds',
    help: 'Seconds since each background job last ran without error (in any process of a cluster).',
    labelNames: ['job'],
    aggregator: 'min',
    registers: [registry],
    collect() {
      this.reset();
      const now = Date.now();
      for (const [job, at] of lastSuccess) this.set({ job }, (now - at) / 1000);
    },
  });
  new Gauge({
    name: 'farmfresh_db_pool_connections',
    help: 'PostgreSQL connections of the web pool, by state: open (busy or idle) and idle.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const stats = state.pool?.();
      if (!stats) return;
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'farmfresh_db_pool_waiting',
    help: 'Requests waiting for a connection of the web pool (PostgreSQL).',
    registers: [registry],
    collect() {
      this.reset();
      const stats = state.pool?.();
      if (stats) this.set(stats.waiting);
    },
  });
  return state;
}

function state(): MetricsState {
  const scope = globalThis as { [KEY]?: MetricsState };
  scope[KEY] ??= create();
  return scope[KEY];
}

/** The process's registry (the metrics endpoint serves it; a cluster worker hands it to the primary). */
export function metricsRegistry(): PromRegistry {
  return state().registry;
}

/**
 * Starts prom-client's default process series (CPU, memory, heap, event-loop lag) once, in a
 * server process: they sample the event loop, which a tool or a test does not need.
 */
export function collectProcessMetrics(): void {
  const s = state();
  if (s.defaultsCollected) return;
  s.defaultsCollected = true;
  collectDefaultMetrics({ register: s.registry });
}

/**
 * Makes this cluster worker answer the primary's requests for its series (prom-client's cluster
 * messages), with this process's registry.
 */
export function serveMetricsToPrimary(): void {
  AggregatorRegistry.setRegistries([state().registry]);
  // Constructing one adds prom-client's message listener (once per process).
  new AggregatorRegistry();
}

/** The status class of an HTTP status, as a bounded label. @example statusClass(404) // '4xx' */
function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** Records one answered request: `route` is a route pattern or a bounded name, never a raw address. */
export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  state().httpDuration.observe({ method, route, status_class: statusClass(status) }, seconds);
}

/** Counts one route cache lookup for an anonymous page. */
export function countCacheLookup(result: 'hit' | 'miss'): void {
  const s = state();
  (result === 'hit' ? s.cacheHits : s.cacheMisses).inc();
}

/**
 * Starts the run and failure counters of each of `jobs` at 0 in this process, so the series exist
 * before a job's first run or failure (`rate()` and absence alerts see them from the start).
 */
export function declareJobMetrics(jobs: readonly string[]): void {
  const s = state();
  for (const job of jobs) {
    s.jobRuns.inc({ job }, 0);
    s.jobFailures.inc({ job }, 0);
  }
}

/** Records one run of background job `job`: `ok` false when it threw. */
export function recordJobRun(job: string, ok: boolean): void {
  const s = state();
  s.jobRuns.inc({ job });
  if (!ok) {
    s.jobFailures.inc({ job });
    return;
  }
  const now = Date.now();
  s.lastSuccess.set(job, now);
  s.jobLastSuccess.set({ job }, now / 1000);
}

/** How a payment gateway call fails: unreachable, too slow, an error status, an answer it cannot read. */
const GATEWAY_ERROR_KINDS = ['network', 'timeout', 'status', 'answer'] as const;

/** Counts a failed payment gateway call. */
export function countGatewayError(gateway: string, kind: (typeof GATEWAY_ERROR_KINDS)[number]): void {
  state().gatewayErrors.inc({ gateway, kind });
}

/**
 * Starts payment gateway `gateway`'s error counter at 0 for every kind, so the series exist before
 * its first failure; `none` when the shop has no gateway, so an alert on them never finds them absent.
 */
export function declareGatewayMetrics(gateway: string): void {
  const s = state();
  for (const kind of GATEWAY_ERROR_KINDS) s.gatewayErrors.inc({ gateway, kind }, 0);
}

/** How an SMS send fails: no answer from the gateway, no answer in time, an answer that does not take it. */
const SMS_ERROR_KINDS = ['unreachable', 'timeout', 'refused'] as const;

/** Counts an SMS send the gateway `gateway` (the SMS_SENDER) did not take. */
export function countSmsGatewayError(gateway: string, kind: (typeof SMS_ERROR_KINDS)[number]): void {
  state().smsErrors.inc({ gateway, kind });
}

/**
 * Starts SMS gateway `gateway`'s error counter at 0 for every kind, so the series exist before
 * its first failure; `none` when the shop has no SMS sender.
 */
export function declareSmsGatewayMetrics(gateway: string): void {
  const s = state();
  for (const kind of SMS_ERROR_KINDS) s.smsErrors.inc({ gateway, kind }, 0);
}

/** Sets where the pool series read from: the process database's pool (src/lib/db), or undefined. */
export function watchDatabasePool(stats: (() => PoolStats | undefined) | undefined): void {
  state().pool = stats;
}
