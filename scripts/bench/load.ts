/**
 * The bench's load generator: sends a list of requests with a fixed number in flight over
 * keep-alive connections, the way a browser would (its Accept and Accept-Encoding headers), and
 * reads every body to the end. Reports what a client gets: requests per second over the wall
 * time of the run, latency percentiles (ms, from sending to the last byte), status counts, how
 * many answers said they came from a cache (`cacheStatus`: whichever cache header the server
 * sends) and the bytes on the wire.
 *
 * Its own Node client rather than autocannon: autocannon repeats one URL (or a fixed rotation),
 * while cache misses by construction need each URL exactly once.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** One request of a run: method, path (and query), optional headers and JSON body. */
export interface BenchRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** What a run measured. Latencies in ms; `bytes` as sent on the wire (encoded). */
export interface LoadResult {
  requests: number;
  /** Wall time of the run, in seconds (to 0.1 ms: short phases are compared by their rates). */
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers with a status outside 200–299, and failed connections. */
  errors: number;
  statuses: Record<string, number>;
  cacheHits: number;
  /** Answers that carried a cache header at all: without one, `cacheHits` says nothing. */
  cacheReported: number;
  encodings: Record<string, number>;
  bytes: number;
  /** The first few failures, for the report. */
  failures: string[];
  /** Every request's latency (ms), ascending: what `mergeLoads` needs. */
  latencies: number[];
}

/** The headers Chromium sends for a page navigation (no cookies), and for a fetch() of JSON. */
export const BROWSER_PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-IN,en;q=0.9',
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36 farmfresh-bench',
};
export const BROWSER_API_HEADERS = { ...BROWSER_PAGE_HEADERS, accept: 'application/json' };

/**
 * What an answer's cache headers say: 'hit' (a fresh or stale copy), 'miss', or null when it
 * carries none. Reads `Cache-Status` (RFC 9211: `name; hit`, `name; fwd=miss`), and the
 * `X-…-Cache` / `X-Cache…` headers servers and route caches send (`HIT`, `STALE`, `MISS`), so the
 * bench does not depend on which cache the shop runs.
 */
export function cacheStatus(headers: http.IncomingHttpHeaders): 'hit' | 'miss' | null {
  const rfc = headers['cache-status'];
  if (typeof rfc === 'string') return /;\s*hit\b/i.test(rfc) ? 'hit' : 'miss';
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string' || !/^x-(.+-)?cache(-status)?$/.test(name)) continue;
    if (/^\s*(hit|stale)\b/i.test(value)) return 'hit';
    if (/^\s*(miss|bypass|expired|dynamic)\b/i.test(value)) return 'miss';
  }
  return null;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The p-th percentile (nearest rank) of ascending numbers. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function send(
  agent: http.Agent,
  base: URL,
  request: BenchRequest,
  defaults: Record<string, string>,
): Promise<{ status: number; cache: 'hit' | 'miss' | null; encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const payload = request.body === undefined ? undefined : Buffer.from(JSON.stringify(request.body));
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: {
          ...defaults,
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          ...request.headers,
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cache: cacheStatus(res.headers),
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            bytes,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Sends `requests` in order to `baseUrl`, `concurrency` at a time (default 16), each once, and
 * resolves with the figures. `headers` are sent with every request (default: a browser's page
 * navigation headers); a request's own headers win. Never rejects: failures are counted.
 */
export async function runLoad(
  baseUrl: string,
  requests: BenchRequest[],
  { concurrency = 16, headers = BROWSER_PAGE_HEADERS }: { concurrency?: number; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const encodings: Record<string, number> = {};
  const failures: string[] = [];
  let errors = 0;
  let cacheHits = 0;
  let cacheReported = 0;
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const t = performance.now();
      try {
        const res = await send(agent, base, request, headers);
        latencies.push(performance.now() - t);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        encodings[res.encoding] = (encodings[res.encoding] ?? 0) + 1;
        bytes += res.bytes;
        if (res.cache) cacheReported++;
        if (res.cache === 'hit') cacheHits++;
        if (res.status < 200 || res.status > 299) {
          errors++;
          if (failures.length < 5) failures.push(`${request.method ?? 'GET'} ${request.path} → ${res.status}`);
        }
      } catch (err) {
        errors++;
        statuses.failed = (statuses.failed ?? 0) + 1;
        if (failures.length < 5)
          failures.push(`${request.method ?? 'GET'} ${request.path} → ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: requests.length,
    seconds: round(seconds, 4),
    rps: round(requests.length / seconds, 0),
    p50: round(percentile(sorted, 50), 1),
    p95: round(percentile(sorted, 95), 1),
    p99: round(percentile(sorted, 99), 1),
    max: round(sorted.at(-1) ?? NaN, 1),
    errors,
    statuses,
    cacheHits,
    cacheReported,
    encodings,
    bytes,
    failures,
    latencies: sorted,
  };
}

/** Adds up counts of two tallies of the same kind. */
function addCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [key, n] of Object.entries(b)) out[key] = (out[key] ?? 0) + n;
  return out;
}

/**
 * Two runs as one: requests and wall time added (the rate is over both), percentiles of all
 * their latencies together, counts summed.
 */
export function mergeLoads(a: LoadResult, b: LoadResult): LoadResult {
  const latencies = [...a.latencies, ...b.latencies].sort((x, y) => x - y);
  const requests = a.requests + b.requests;
  const seconds = a.seconds + b.seconds;
  return {
    requests,
    seconds: round(seconds, 4),
    rps: round(requests / seconds, 0),
    p50: round(percentile(latencies, 50), 1),
    p95: round(percentile(latencies, 95), 1),
    p99: round(percentile(latencies, 99), 1),
    max: round(latencies.at(-1) ?? NaN, 1),
    errors: a.errors + b.errors,
    statuses: addCounts(a.statuses, b.statuses),
    cacheHits: a.cacheHits + b.cacheHits,
    cacheReported: a.cacheReported + b.cacheReported,
    encodings: addCounts(a.encodings, b.encodings),
    bytes: a.bytes + b.bytes,
    failures: [...a.failures, ...b.failures].slice(0, 5),
    latencies,
  };
}
