/**
 * The Prometheus endpoint (src/server/metrics-server.ts, series in src/lib/metrics.ts): GET /metrics
 * on METRICS_PORT answers the text format with request durations by route pattern (a cached page's
 * hit under its route too), the pool, the event loop, the route cache, the jobs and the payment
 * and SMS gateways. On PGlite one process serves its own; on PostgreSQL the primary of two cluster workers
 * serves theirs added up (skipped without TEST_DATABASE_URL).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type TestDatabaseKind, testDatabaseKinds } from '../helpers/database.ts';
import { freePort, type RunningServer, startServerOn } from '../helpers/server.ts';

/** The value of the sample whose name and labels are `series`, or undefined when there is none. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabaseKinds())('metrics endpoint (%s)', (kind: TestDatabaseKind) => {
  let server: RunningServer | undefined;

  afterEach(async () => {
    await server?.stop();
  });

  it('answers the named series on METRICS_PORT, and 404 elsewhere on it', async () => {
    const metricsPort = await freePort();
    server = await startServerOn(kind, { METRICS_PORT: String(metricsPort) });
    for (const path of ['/shop', '/shop', '/api/customer/product-categories', '/no-such-page', '/healthz', '/readyz'])
      await (await fetch(server.baseUrl + path)).arrayBuffer();

    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();

    // Durations by route pattern, never by address: both /shop requests (the second a cache hit
    // in one process) under the page's route, the unknown address under the 404 page's.
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/shop",status_class="2xx"}')).toBe(2);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/customer/product-categories",status_class="2xx"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('route="/no-such-page"');
    // Probes (the server's own warm-up asks /readyz too) are not requests: no series of theirs.
    expect(text).not.toContain('route="/healthz"');
    expect(text).not.toContain('route="/readyz"');
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="[^"]+",status_class="4xx"\} 1/);

    expect(sample(text, 'farmfresh_route_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE farmfresh_route_cache_hits_total counter');
    if (kind === 'pglite') expect(sample(text, 'farmfresh_route_cache_hits_total')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE farmfresh_db_pool_connections gauge');
    expect(text).toContain('# TYPE farmfresh_db_pool_waiting gauge');
    if (kind === 'postgres')
      expect(sample(text, 'farmfresh_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    // The order SMS dispatcher runs as each process's jobs start.
    expect(sample(text, 'farmfresh_job_runs_total{job="order-sms"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('# TYPE farmfresh_job_lag_seconds gauge');
    // Every job's run and failure counters, and the configured gateway's (the demo's simulator)
    // error counter for each kind, are there at 0 before anything fails, for rate() and absence alerts.
    for (const job of ['payments', 'order-sms', 'refusal-summary', 'complaint-photos']) {
      expect(sample(text, `farmfresh_job_runs_total{job="${job}"}`), job).toBeGreaterThanOrEqual(0);
      expect(sample(text, `farmfresh_job_failures_total{job="${job}"}`), job).toBe(0);
    }
    for (const kind of ['network', 'timeout', 'status', 'answer'])
      expect(sample(text, `farmfresh_payment_gateway_errors_total{gateway="simulator",kind="${kind}"}`), kind).toBe(0);
    for (const kind of ['unreachable', 'timeout', 'refused'])
      expect(sample(text, `farmfresh_sms_gateway_errors_total{gateway="console",kind="${kind}"}`), kind).toBe(0);

    const elsewhere = await fetch(`http://127.0.0.1:${metricsPort}/`);
    expect(elsewhere.status).toBe(404);
    // The shop's own port has no /metrics: the series stay on the metrics port.
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
  }, 90_000);
});
