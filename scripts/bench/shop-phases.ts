/**
 * The shop's measured phases, in order (bench/README.md "What one run does"): the static file,
 * cold product pages (browser headers) and the same pages cached, cold listing pages and the
 * same cached, cold product and listing pages with identity, the search API, add to cart, the
 * checkout summary, and last a day's traffic with the catalogue changes made meanwhile on
 * PostgreSQL and how soon each showed. Each cold phase runs as BENCH_BRACKETS brackets of its
 * own distinct pages, each bracketed by the bare Astro reference's run of the same pages; the
 * search API and the day's traffic are one bracket each (phase.ts `bracketed`). A cached phase
 * follows its cold one and asks for the last bracket's pages, the ones most recently stored.
 */

import type { BenchTargets } from './data.ts';
import { type Change, changesDuring, postgresWriter } from './day.ts';
import { type BenchRequest, BROWSER_API_HEADERS } from './load.ts';
import { brackets, log, type PhaseKey, referenceDayRequests, wants } from './options.ts';
import {
  type BenchReference,
  bearer,
  bracketed,
  gets,
  IDENTITY_HEADERS,
  measure,
  phase,
  repeat,
  searchPath,
} from './phase.ts';
import { type BenchRun, PHASES, type Phase } from './report.ts';
import type { BenchServer } from './server-process.ts';

/** `list` cut into `n` consecutive parts of nearly equal length (fewer when it is shorter than `n`). */
export function splitInto<T>(list: T[], n: number): T[][] {
  const parts = Math.max(1, Math.min(n, list.length));
  return Array.from({ length: parts }, (_, i) =>
    list.slice(Math.floor((i * list.length) / parts), Math.floor(((i + 1) * list.length) / parts)),
  );
}

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
  /** A shop phase in `parts`, each bracketed by the reference's run of the same requests. */
  const compared = async (key: PhaseKey, name: string, parts: BenchRequest[][], headers?: Record<string, string>) => {
    if (!wants(key) || !parts.some((part) => part.length)) return;
    const runs = parts.map((part) => ({ referenceRequests: part, shop: () => measure(server, part, headers) }));
    phases.push(await bracketed(reference, name, runs, headers));
  };
  /** Distinct pages in BENCH_BRACKETS brackets. */
  const inBrackets = (urls: string[]) => splitInto(gets(urls), brackets);
  await run('static', server, PHASES.staticFile, repeat('/about', 2000));
  // Hits: the last bracket's pages again (twice; the listings three times, so the phase is long
  // enough to time), right after their cold phase, while the store holds them.
  const products = inBrackets(targets.productUrls);
  await compared('cold', PHASES.productCold, products);
  await run('cached', server, PHASES.productCached, [...products.at(-1)!, ...products.at(-1)!]);
  const listings = inBrackets(targets.listingUrls);
  await compared('cold', PHASES.listingCold, listings);
  await run('cached', server, PHASES.listingCached, [...listings.at(-1)!, ...listings.at(-1)!, ...listings.at(-1)!]);
  await compared('cold', PHASES.productColdIdentity, inBrackets(targets.productIdentityUrls), IDENTITY_HEADERS);
  await compared('cold', PHASES.listingColdIdentity, inBrackets(targets.listingIdentityUrls), IDENTITY_HEADERS);
  await compared('search', PHASES.search, [queries.map((q) => ({ path: searchPath(q) }))], BROWSER_API_HEADERS);
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
        [
          {
            referenceRequests: gets(day.paths.slice(0, referenceDayRequests)),
            shop: () => {
              const traffic = measure(server, gets(day.paths));
              if (writer) changes = changesDuring(traffic, writer, server.base, day.hotProductIds);
              return traffic;
            },
          },
        ],
        undefined,
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
