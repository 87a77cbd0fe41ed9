/**
 * One measured phase: a request list run against a server at the bench's concurrency, with the
 * server's CPU time per request and how busy the whole machine was meanwhile; the bare Astro
 * reference, started beside the shop with the framework's defaults and sized to its pages; and a
 * shop phase bracketed by the reference's run of the same requests, half just before it and half
 * just after, in one bracket or several.
 *
 * Why bracketed: these machines are shared, and their speed drifts by a third and more within
 * minutes. A reference measured minutes before the shop compares the shop with another machine;
 * halves before and after put both in the same minute, and a steady drift cancels out. Why
 * several brackets: a burst that hits one side of one bracket still shows in its ratio; the
 * median of the brackets' ratios is the figure a single burst does not move.
 */

import type { BenchTargets } from './data.ts';
import {
  type BenchRequest,
  BROWSER_API_HEADERS,
  BROWSER_PAGE_HEADERS,
  type LoadResult,
  mergeLoads,
  runLoad,
} from './load.ts';
import { concurrency, log, referenceFlags, referencePort, root, serverCpus } from './options.ts';
import { frameworkVersions, meanPageBytes, type ReferenceSizes, startReference } from './reference.ts';
import type { BracketFigures, Phase } from './report.ts';
import { type BenchServer, machineCpuTicks } from './server-process.ts';

export const IDENTITY_HEADERS = { ...BROWSER_PAGE_HEADERS, 'accept-encoding': 'identity' };

export const repeat = (path: string, times: number): BenchRequest[] => Array.from({ length: times }, () => ({ path }));
export const gets = (paths: string[]): BenchRequest[] => paths.map((path) => ({ path }));
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A load run with the server CPU (ms) and the machine's busy and total CPU ticks it took. */
export interface Measured {
  load: LoadResult;
  cpuMs: number;
  busyTicks: number;
  totalTicks: number;
}

/** Runs `requests` against `server` and reads the CPU they cost it and the machine. */
export async function measure(
  server: BenchServer,
  requests: BenchRequest[],
  headers?: Record<string, string>,
): Promise<Measured> {
  const cpuBefore = server.cpuMs();
  const machineBefore = machineCpuTicks();
  const load = await runLoad(server.base, requests, { concurrency, headers });
  const machineAfter = machineCpuTicks();
  return {
    load,
    cpuMs: server.cpuMs() - cpuBefore,
    busyTicks: machineAfter.busy - machineBefore.busy,
    totalTicks: machineAfter.total - machineBefore.total,
  };
}

/** A phase for the report from one or more measured runs of it (their requests and times added), logged as `label`. */
function toPhase(name: string, runs: Measured[], label = name): Phase {
  const load = runs.map((r) => r.load).reduce(mergeLoads);
  const cpuMs = runs.reduce((sum, r) => sum + r.cpuMs, 0);
  const busy = runs.reduce((sum, r) => sum + r.busyTicks, 0);
  const total = runs.reduce((sum, r) => sum + r.totalTicks, 0);
  const { latencies: _, ...result } = load;
  const cpuMsPerRequest = Math.round((cpuMs / load.requests) * 100) / 100;
  const machineBusy = Math.round((busy / Math.max(1, total)) * 100) / 100;
  log(
    `${label}: ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ${cpuMsPerRequest} ms CPU/request, machine ${Math.round(machineBusy * 100)}% busy, cache hits ${result.cacheReported ? `${result.cacheHits}/${result.requests}` : '(no cache header)'}, errors ${result.errors}${result.failures.length ? ` (${result.failures.join('; ')})` : ''}`,
  );
  return { name, ...result, cpuMsPerRequest, machineBusy };
}

/** Runs `requests` against `server` and records the server CPU they cost. */
export async function phase(
  server: BenchServer,
  name: string,
  requests: BenchRequest[],
  headers?: Record<string, string>,
): Promise<Phase> {
  return toPhase(name, [await measure(server, requests, headers)]);
}

/** The search API's address for a query, on the shop and on the reference alike. */
export const searchPath = (q: string) => `/api/customer/search-products?product=${encodeURIComponent(q)}`;

/** The bare Astro reference while the bench runs: its server, its page sizes and its phases so far. */
export interface BenchReference {
  server: BenchServer;
  sizes: ReferenceSizes;
  versions: string;
  phases: Phase[];
}

/**
 * Starts the bare Astro reference beside the shop (at `shopBase`), sized to the shop's pages and
 * search answers (`searchSamples` are queries no phase measures), and warms it up on the same
 * pages as the shop.
 */
export async function startBenchReference(
  referenceEntry: string,
  shopBase: string,
  targets: BenchTargets,
  searchSamples: string[],
): Promise<BenchReference> {
  const sampleUrls = { ...targets.sizeSampleUrls, search: searchSamples.map(searchPath) };
  const shopBytes = {
    product: await meanPageBytes(shopBase, sampleUrls.product),
    listing: await meanPageBytes(shopBase, sampleUrls.listing),
    search: await meanPageBytes(shopBase, sampleUrls.search),
  };
  const { server, sizes } = await startReference({
    entry: referenceEntry,
    port: referencePort,
    flags: referenceFlags,
    shopBytes,
    sampleUrls,
    cpus: serverCpus,
  });
  log(
    `bare Astro reference ready: product ${sizes.reference.product} B (shop ${shopBytes.product} B, ${sizes.cards.related} cards), listing ${sizes.reference.listing} B (shop ${shopBytes.listing} B, ${sizes.cards.listing} cards), search answer ${sizes.reference.search} B (shop ${shopBytes.search} B, ${sizes.searchResults} products).`,
  );
  // The same warm-up as the shop's render path: the sample and warm-up pages, each once.
  await runLoad(
    server.base,
    gets([...sampleUrls.product, ...sampleUrls.listing, ...targets.warmupUrls.product, ...targets.warmupUrls.listing]),
    { concurrency },
  );
  if (sampleUrls.search.length)
    await runLoad(server.base, gets(sampleUrls.search), { concurrency, headers: BROWSER_API_HEADERS });
  return { server, sizes, versions: frameworkVersions(root), phases: [] };
}

/** One bracket of a compared phase: the reference's requests and the shop's part, run between their halves. */
export interface Bracket {
  referenceRequests: BenchRequest[];
  shop: () => Promise<Measured>;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A shop phase run as `brackets`, each the first half of its `referenceRequests` on the
 * reference, then its `shop()` part, then the second half. The shop's parts are reported as one
 * phase under `name` (requests and times added) with each bracket's figures and ratio (the shop's
 * rate over the reference's two halves); the reference's halves likewise, under the same name.
 * Without a reference the shop's parts run alone.
 */
export async function bracketed(
  reference: BenchReference | null,
  name: string,
  brackets: Bracket[],
  headers: Record<string, string> | undefined,
): Promise<Phase> {
  const shopRuns: Measured[] = [];
  const referenceRuns: Measured[] = [];
  const figures: BracketFigures[] = [];
  for (const [i, bracket] of brackets.entries()) {
    if (!reference || !bracket.referenceRequests.length) {
      shopRuns.push(await bracket.shop());
      continue;
    }
    const half = Math.ceil(bracket.referenceRequests.length / 2);
    const before = await measure(reference.server, bracket.referenceRequests.slice(0, half), headers);
    const shop = await bracket.shop();
    const after = await measure(reference.server, bracket.referenceRequests.slice(half), headers);
    const halves = after.load.requests ? [before, after] : [before];
    shopRuns.push(shop);
    referenceRuns.push(...halves);
    const referenceRequests = halves.reduce((n, r) => n + r.load.requests, 0);
    const referenceSeconds = halves.reduce((n, r) => n + r.load.seconds, 0);
    const f: BracketFigures = {
      shop: { requests: shop.load.requests, rps: shop.load.rps, cpuMsPerRequest: r2(shop.cpuMs / shop.load.requests) },
      reference: {
        requests: referenceRequests,
        rps: Math.round(referenceRequests / referenceSeconds),
        cpuMsPerRequest: r2(halves.reduce((n, r) => n + r.cpuMs, 0) / referenceRequests),
      },
      share: r2(shop.load.requests / shop.load.seconds / (referenceRequests / referenceSeconds)),
      errors: shop.load.errors + halves.reduce((n, r) => n + r.load.errors, 0),
    };
    figures.push(f);
    if (brackets.length > 1)
      log(
        `${name}, bracket ${i + 1}/${brackets.length}: ${f.shop.rps} req/s (${f.shop.cpuMsPerRequest} ms CPU) against bare Astro's ${f.reference.rps} req/s (${f.reference.cpuMsPerRequest} ms CPU) = ${f.share}×`,
      );
  }
  if (referenceRuns.length) reference!.phases.push(toPhase(name, referenceRuns, `bare Astro, ${name}`));
  const phase = toPhase(name, shopRuns);
  return figures.length ? { ...phase, brackets: figures } : phase;
}
