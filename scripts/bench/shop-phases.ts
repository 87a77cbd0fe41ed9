/**
 * The shop's measured phases, in order (bench/README.md "What one run does"): the static file,
 * cold product and listing pages (browser headers, then identity), the same pages cached, the
 * search API, add to cart, the checkout summary, and last a day's traffic with the catalogue
 * changes made meanwhile on PostgreSQL and how soon each showed. The cold phases, the search API
 * and the day's traffic are each bracketed by the bare Astro reference's run of the same
 * requests (phase.ts `bracketed`).
 */
import { BROWSER_API_HEADERS, type BenchRequest } from './load.ts';
import type { BenchServer } from './server-process.ts';
import type { BenchTargets } from './data.ts';
import { changesDuring, postgresWriter, type Change } from './day.ts';
import { PHASES, type BenchRun, type Phase } from './report.ts';
import { bearer, bracketed, gets, IDENTITY_HEADERS, phase, repeat, searchPath, type BenchReference } from './phase.ts';
import { log, referenceDayRequests, wants, type PhaseKey } from './options.ts';

export async function runShopPhases({
  kind,
  server,
  targets,
  queries,
  day,
  databaseUrl,
  reference,
}: {
  kind: 'pglite' | 'postgres';
  server: BenchServer;
  targets: BenchTargets;
  queries: string[];
  day: { paths: string[]; hotProductIds: number[] };
  /** The shop's PostgreSQL database, written by the day's changes (none on PGlite). */
  databaseUrl: string | undefined;
  /** The bare Astro reference, which brackets the compared phases (null: none runs). */
  reference: BenchReference | null;
}): Promise<{ phases: Phase[]; freshness: BenchRun['freshness'] }> {
  const tokens = targets.tokens;
  const phases: Phase[] = [];
  const run = async (key: PhaseKey, ...args: Parameters<typeof phase>) => {
    if (wants(key) && args[2].length) phases.push(await phase(...args));
  };
  /** A shop phase bracketed by the reference's run of the same requests. */
  const compared = async (key: PhaseKey, name: string, requests: BenchRequest[], headers?: Record<string, string>) => {
    if (wants(key) && requests.length)
      phases.push(await bracketed(reference, name, requests, headers, () => phase(server, name, requests, headers)));
  };
  await run('static', server, PHASES.staticFile, repeat('/about', 2000));
  await compared('cold', PHASES.productCold, gets(targets.productUrls));
  await compared('cold', PHASES.listingCold, gets(targets.listingUrls));
  await compared('cold', PHASES.productColdIdentity, gets(targets.productIdentityUrls), IDENTITY_HEADERS);
  await compared('cold', PHASES.listingColdIdentity, gets(targets.listingIdentityUrls), IDENTITY_HEADERS);
  // Hits: the same URLs again (the listings ten times over, so the phase is long enough to time).
  await run('cached', server, PHASES.productCached, gets([...targets.productUrls, ...targets.productUrls]));
  await run('cached', server, PHASES.listingCached, gets(Array.from({ length: 10 }, () => targets.listingUrls).flat()));
  await compared(
    'search',
    PHASES.search,
    queries.map((q) => ({ path: searchPath(q) })),
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
  // Last: its changes sell out some of the most viewed products.
  let freshness: BenchRun['freshness'] = null;
  if (wants('day')) {
    const writer = kind === 'postgres' && databaseUrl ? await postgresWriter(databaseUrl) : null;
    try {
      let changes: Promise<Change[]> = Promise.resolve([]);
      // The reference renders every request alike, so a slice of the day times it.
      const dayPhase = await bracketed(
        reference,
        PHASES.day,
        gets(day.paths.slice(0, referenceDayRequests)),
        undefined,
        () => {
          const traffic = phase(server, PHASES.day, gets(day.paths));
          if (writer) changes = changesDuring(traffic, writer, server.base, day.hotProductIds);
          return traffic;
        },
      );
      phases.push(dayPhase);
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
  return { phases, freshness };
}
