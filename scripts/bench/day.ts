/**
 * "A day's traffic": anonymous shoppers' page views drawn from a Zipf distribution — a few pages
 * very often, most rarely — while the back office changes a price or a stock every 2 s; and how
 * soon each change shows on the product page.
 *
 * Requests: each is a listing page with probability LISTING_SHARE, else a product page; within
 * each kind the page of rank k (a fixed shuffle of every product or listing URL) is drawn with
 * probability ∝ 1/k^s, s = 1.1. The same list goes to the shop and to the bare Astro reference.
 *
 * Changes: on PostgreSQL, plain SQL on the shop's database from another connection, as a back
 * office or another server process writes (price ± ₹5; stock to 0 and back, with its ledger row),
 * on the most requested products, alternating price and stock. After each change the bench asks
 * for the product page (anonymous, browser headers) every POLL_MS until its JSON-LD offer shows the
 * new price or availability, and records the delay. On PGlite one process owns the database, so no
 * other process can write it: the phase runs without changes there.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '#lib/db/index.ts';
import { sample } from './data.ts';
import { BROWSER_PAGE_HEADERS } from './load.ts';

export const DAY_REQUESTS = 20_000;
export const ZIPF_S = 1.1;
/** Share of the day's requests that are listing pages. */
export const LISTING_SHARE = 0.3;
/** A change every CHANGE_EVERY_MS, the first FIRST_CHANGE_MS after the traffic starts. */
export const CHANGE_EVERY_MS = 2_000;
const FIRST_CHANGE_MS = 1_000;
/** How often the product page is asked for after a change, and how long before the bench gives up. */
const POLL_MS = 25;
export const GIVE_UP_MS = 10_000;
/** Changes cycle over this many of the most requested products. */
const HOT_PRODUCTS = 10;

/** A deterministic uniform sequence in [0, 1) (mulberry32). */
function uniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws ranks 0..n-1 with probability ∝ 1/(rank+1)^s. */
function zipf(n: number, s: number, next: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cumulative[k] = sum += 1 / (k + 1) ** s;
  return () => {
    const x = next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The day's request paths and the product ids the changes go to (the most requested ones). */
export function dayTraffic(
  productUrls: string[],
  listingUrls: string[],
  count = DAY_REQUESTS,
): { paths: string[]; hotProductIds: number[] } {
  const products = sample(productUrls, productUrls.length, 71);
  const listings = sample(listingUrls, listingUrls.length, 73);
  const next = uniform(1_100);
  const product = zipf(products.length, ZIPF_S, next);
  const listing = zipf(Math.max(1, listings.length), ZIPF_S, next);
  const paths = Array.from({ length: count }, () =>
    listings.length && next() < LISTING_SHARE ? listings[listing()]! : products[product()]!,
  );
  const hotProductIds = products.slice(0, HOT_PRODUCTS).map((url) => Number(url.split('/').pop()));
  return { paths, hotProductIds };
}

/** What a product page's JSON-LD offer says: price (rupees, 2 decimals) and schema.org availability. */
export function offerOnPage(html: string): { price: string; availability: string } | null {
  for (const m of html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    let data: unknown;
    try {
      data = JSON.parse(m[1]!);
    } catch {
      continue;
    }
    const nodes = (Array.isArray(data) ? data : [data]).flatMap((d) =>
      d && typeof d === 'object' && '@graph' in d ? (d as { '@graph': unknown[] })['@graph'] : [d],
    );
    for (const node of nodes) {
      const offer = (node as { '@type'?: string; offers?: { price?: unknown; availability?: unknown } }) ?? {};
      if (offer['@type'] === 'Product' && offer.offers)
        return { price: String(offer.offers.price), availability: String(offer.offers.availability) };
    }
  }
  return null;
}

/** One change the bench made and how long the product page took to show it (null: not within GIVE_UP_MS). */
export interface Change {
  productId: number;
  kind: 'price' | 'stock';
  /** ms after the traffic started. */
  at: number;
  delayMs: number | null;
}

/** Writes price and stock changes on the shop's PostgreSQL database, as the back office would. */
export interface CatalogueWriter {
  change(
    productId: number,
    kind: 'price' | 'stock',
  ): Promise<{ expected: { price: string; availability: string } } | null>;
  close(): Promise<void>;
}

const rows = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A writer on the PostgreSQL database at `databaseUrl`. */
export async function postgresWriter(databaseUrl: string): Promise<CatalogueWriter> {
  const handle = await openDatabase({ databaseUrl, maxConnections: 1 });
  const expected = (r: { price_paise: number; stock: number }) => ({
    price: (r.price_paise / 100).toFixed(2),
    availability: r.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
  });
  return {
    async change(productId, kind) {
      if (kind === 'price') {
        const [row] = await rows<{ price_paise: number; stock: number }>(
          handle,
          sql`UPDATE products SET price_paise = CASE WHEN price_paise >= 1000 THEN price_paise - 500 ELSE price_paise + 500 END
              WHERE id = ${productId} RETURNING price_paise, stock`,
        );
        return row ? { expected: expected(row) } : null;
      }
      // Stock: sold out, or back to 40, with its row in the stock ledger, in one transaction.
      const row = await handle.db.transaction(async (tx) => {
        const [before] = (
          (await tx.execute(sql`SELECT stock FROM products WHERE id = ${productId} FOR UPDATE`)) as unknown as {
            rows: { stock: number }[];
          }
        ).rows;
        if (!before) return null;
        const stock = before.stock > 0 ? 0 : 40;
        const [after] = (
          (await tx.execute(
            sql`UPDATE products SET stock = ${stock} WHERE id = ${productId} RETURNING price_paise, stock`,
          )) as unknown as { rows: { price_paise: number; stock: number }[] }
        ).rows;
        await tx.execute(
          sql`INSERT INTO stock_movements (product_id, delta, reason) VALUES (${productId}, ${stock - before.stock}, 'adjust')`,
        );
        return after ?? null;
      });
      return row ? { expected: expected(row) } : null;
    },
    close: () => handle.close(),
  };
}

/** Asks for `/product/<id>` until its offer is `expected`; resolves with the delay in ms, or null. */
async function visibleAfter(
  base: string,
  productId: number,
  expected: { price: string; availability: string },
  since: number,
): Promise<number | null> {
  while (performance.now() - since < GIVE_UP_MS) {
    const res = await fetch(`${base}/product/${productId}`, { headers: BROWSER_PAGE_HEADERS }).catch(() => null);
    const offer = res?.ok ? offerOnPage(await res.text()) : null;
    if (offer && offer.price === expected.price && offer.availability === expected.availability)
      return Math.round(performance.now() - since);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return null;
}

/**
 * Makes a change every CHANGE_EVERY_MS on `hotProductIds` (alternating price and stock) until
 * `traffic` settles, checks each on the product page, and resolves with every change once the
 * last one showed (or was given up on).
 */
export async function changesDuring(
  traffic: Promise<unknown>,
  writer: CatalogueWriter,
  base: string,
  hotProductIds: number[],
): Promise<Change[]> {
  let running = true;
  void traffic.finally(() => (running = false));
  const started = performance.now();
  const checks: Promise<Change>[] = [];
  for (let i = 0; running && hotProductIds.length; i++) {
    const due = started + FIRST_CHANGE_MS + i * CHANGE_EVERY_MS;
    while (running && performance.now() < due)
      await new Promise((r) => setTimeout(r, Math.min(50, due - performance.now())));
    if (!running) break;
    const productId = hotProductIds[i % hotProductIds.length]!;
    const kind = i % 2 === 0 ? 'price' : 'stock';
    const at = Math.round(performance.now() - started);
    const made = await writer.change(productId, kind);
    if (!made) continue;
    const since = performance.now();
    checks.push(
      visibleAfter(base, productId, made.expected, since).then((delayMs) => ({ productId, kind, at, delayMs })),
    );
  }
  return Promise.all(checks);
}
