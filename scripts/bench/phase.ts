/**
 * One measured phase: a request list run against a server at the bench's concurrency, with the
 * server's CPU time per request and how busy the whole machine was meanwhile; and the bare Astro
 * reference's phases, on the shop's pages and the same day's traffic.
 */
import { BROWSER_API_HEADERS, BROWSER_PAGE_HEADERS, runLoad, type BenchRequest } from './load.ts';
import { machineCpuTicks, type BenchServer } from './server-process.ts';
import type { BenchTargets } from './data.ts';
import { frameworkVersions, meanPageBytes, startReference } from './reference.ts';
import { PHASES, type BenchRun, type Phase } from './report.ts';
import { concurrency, flags, log, referenceDayRequests, referencePort, root, serverCpus } from './options.ts';

export const IDENTITY_HEADERS = { ...BROWSER_PAGE_HEADERS, 'accept-encoding': 'identity' };

export const repeat = (path: string, times: number): BenchRequest[] => Array.from({ length: times }, () => ({ path }));
export const gets = (paths: string[]): BenchRequest[] => paths.map((path) => ({ path }));
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Runs `requests` against `server` and records the server CPU they cost. */
export async function phase(
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

/** The search API's address for a query, on the shop and on the reference alike. */
export const searchPath = (q: string) => `/api/customer/search-products?product=${encodeURIComponent(q)}`;

/**
 * The bare Astro reference, sized to the shop's pages and search answers (read from the shop at
 * `shopBase`), on the same cold pages, the same day's traffic and the same search queries as the
 * shop (`searchQueries`; `searchSamples` are queries no phase measures, for the answer size).
 */
export async function measureReference(
  referenceEntry: string,
  shopBase: string,
  targets: BenchTargets,
  dayPaths: string[],
  search: { queries: string[]; samples: string[] },
): Promise<NonNullable<BenchRun['reference']>> {
  const sampleUrls = { ...targets.sizeSampleUrls, search: search.samples.map(searchPath) };
  const shopBytes = {
    product: await meanPageBytes(shopBase, sampleUrls.product),
    listing: await meanPageBytes(shopBase, sampleUrls.listing),
    search: await meanPageBytes(shopBase, sampleUrls.search),
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
    `bare Astro reference ready: product ${sizes.reference.product} B (shop ${shopBytes.product} B, ${sizes.cards.related} cards), listing ${sizes.reference.listing} B (shop ${shopBytes.listing} B, ${sizes.cards.listing} cards), search answer ${sizes.reference.search} B (shop ${shopBytes.search} B, ${sizes.searchResults} products).`,
  );
  try {
    // The same warm-up as the shop's render path: the sample and warm-up pages, each once.
    await runLoad(
      server.base,
      gets([
        ...sampleUrls.product,
        ...sampleUrls.listing,
        ...targets.warmupUrls.product,
        ...targets.warmupUrls.listing,
      ]),
      { concurrency },
    );
    if (sampleUrls.search.length)
      await runLoad(server.base, gets(sampleUrls.search), { concurrency, headers: BROWSER_API_HEADERS });
    const phases: Phase[] = [];
    const run = async (name: string, paths: string[], headers?: Record<string, string>) => {
      if (paths.length) phases.push(await phase(server, `${name}`, gets(paths), headers));
    };
    await run(PHASES.productCold, targets.productUrls);
    await run(PHASES.listingCold, targets.listingUrls);
    await run(PHASES.productColdIdentity, targets.productIdentityUrls, IDENTITY_HEADERS);
    await run(PHASES.listingColdIdentity, targets.listingIdentityUrls, IDENTITY_HEADERS);
    await run(PHASES.day, dayPaths.slice(0, referenceDayRequests));
    await run(PHASES.search, search.queries.map(searchPath), BROWSER_API_HEADERS);
    return { versions: frameworkVersions(root), sizes, phases, memory: server.memoryMb() };
  } finally {
    await server.stop();
  }
}
