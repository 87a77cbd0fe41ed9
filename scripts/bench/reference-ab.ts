/**
 * The bare Astro reference measured alone, in small A/B runs: how its cost per cold page moves
 * with the Node flags it runs under, the sizing of its pages to the shop's, the request headers
 * and the warm-up (bench/README.md "Why earlier runs measured a slower reference").
 *
 *     npx node scripts/bench/reference-ab.ts defaults shop-flags
 *     AB_ROUNDS=5 npx node scripts/bench/reference-ab.ts defaults old-128 semi-16 wasm sized browser cold-start
 *
 * Each variant is started fresh (`node [flags] bench/reference-astro/dist/server/entry.mjs`),
 * warmed on 300 product and 30 listing pages (none of the measured ones) unless it says
 * otherwise, and then sent AB_PRODUCTS distinct product pages and AB_LISTINGS distinct listing
 * pages, AB_CONCURRENCY in flight, with the bench's own load generator. The server's CPU comes
 * from /proc as the bench reads it. Variants run in turn, AB_ROUNDS rounds, the order rotated
 * every round, so a drift of a shared machine spreads over all of them; the summary gives the
 * median of the rounds.
 */
import os from 'node:os';
import { shopFlagsFor } from './options.ts';

/** The shop's flags as `npm start` gives them on PGlite (the set with the most options). */
const shopFlags = shopFlagsFor(undefined);

import { type BenchRequest, BROWSER_PAGE_HEADERS, runLoad } from './load.ts';
import { ensureReferenceBuild } from './reference.ts';
import { machineCpuTicks, startBenchServer } from './server-process.ts';

const root = process.cwd();
const port = Number(process.env.AB_PORT || 4790);
const rounds = Number(process.env.AB_ROUNDS || 3);
const concurrency = Number(process.env.AB_CONCURRENCY || 16);
const productCount = Number(process.env.AB_PRODUCTS || 500);
const listingCount = Number(process.env.AB_LISTINGS || 200);
/** The card counts the bench sized the reference to (the shop's pages of the committed run). */
const sizedRelated = process.env.AB_RELATED_CARDS || '17';
const sizedListing = process.env.AB_LISTING_CARDS || '21';
const IDENTITY = { ...BROWSER_PAGE_HEADERS, 'accept-encoding': 'identity' };

interface Variant {
  flags: string[];
  env: Record<string, string>;
  headers: Record<string, string>;
  warm: boolean;
  what: string;
}
const base: Variant = { flags: [], env: {}, headers: IDENTITY, warm: true, what: '' };
const sized = { REFERENCE_RELATED_CARDS: sizedRelated, REFERENCE_LISTING_CARDS: sizedListing };
const VARIANTS: Record<string, Variant> = {
  defaults: { ...base, what: 'no flags, default cards, identity, warmed' },
  'shop-flags': { ...base, flags: shopFlags, what: `the shop's flags (${shopFlags.join(' ')})` },
  'old-128': { ...base, flags: ['--max-old-space-size=128'], what: '--max-old-space-size=128 alone' },
  'semi-16': { ...base, flags: ['--max-semi-space-size=16'], what: '--max-semi-space-size=16 alone' },
  wasm: { ...base, flags: ['--wasm-lazy-compilation', '--liftoff-only'], what: 'the two WebAssembly flags alone' },
  sized: {
    ...base,
    env: sized,
    what: `sized as the bench sized it (${sizedRelated} related, ${sizedListing} listing cards)`,
  },
  browser: { ...base, headers: BROWSER_PAGE_HEADERS, what: "a browser's headers" },
  'cold-start': { ...base, warm: false, what: 'no warm-up' },
  committed: {
    ...base,
    flags: shopFlags,
    env: sized,
    headers: BROWSER_PAGE_HEADERS,
    what: "as the committed bench ran it: the shop's flags, sized, browser headers, warmed",
  },
};

const names = process.argv.slice(2);
if (!names.length) names.push('defaults', 'shop-flags');
for (const name of names)
  if (!VARIANTS[name]) throw new Error(`unknown variant "${name}" (one of ${Object.keys(VARIANTS).join(', ')})`);

/** Distinct ids spread over the catalogue (a fixed stride): warm-up and measured sets do not overlap. */
const productPaths = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `/product/${(((from + i) * 7919) % 20_000) + 1}`);
/** Listing pages under the shop's URL shapes: categories by sort and page, then subcategories. */
const listingPaths = (() => {
  const out: string[] = [];
  for (let c = 1; c <= 24; c++)
    for (const sort of ['', 'asc', 'desc'])
      for (let page = 1; page <= 4; page++) {
        const q = new URLSearchParams({ ...(sort ? { sort } : {}), ...(page > 1 ? { page: String(page) } : {}) });
        out.push(`/category/${c}/subcategories${q.size ? `?${q}` : ''}`);
      }
  for (let s = 1; s <= 240; s++) out.push(`/categories/${Math.ceil(s / 10)}/subcategory/${s}`);
  return out;
})();
const gets = (paths: string[]): BenchRequest[] => paths.map((path) => ({ path }));
const warmup = gets([...productPaths(0, 300), ...listingPaths.slice(0, 30)]);
const products = gets(productPaths(1000, productCount));
const listings = gets(listingPaths.slice(30, 30 + listingCount));

const entry = ensureReferenceBuild(root, (m) => console.log(`[ab] ${m}`));
interface Figures {
  productRps: number;
  productCpu: number;
  productP99: number;
  listingRps: number;
  listingCpu: number;
  busy: number;
  rss: number;
}
const results: Record<string, Figures[]> = Object.fromEntries(names.map((n) => [n, []]));

async function measureVariant(name: string): Promise<Figures> {
  const v = VARIANTS[name]!;
  const server = await startBenchServer({ entry, port, env: v.env, flags: v.flags, readyPath: '/product/1' });
  try {
    if (v.warm) await runLoad(server.base, warmup, { concurrency, headers: v.headers });
    const run = async (requests: BenchRequest[]) => {
      const cpu = server.cpuMs();
      const machine = machineCpuTicks();
      const load = await runLoad(server.base, requests, { concurrency, headers: v.headers });
      const after = machineCpuTicks();
      if (load.errors) throw new Error(`${name}: ${load.failures.join('; ')}`);
      return {
        load,
        cpuPerRequest: (server.cpuMs() - cpu) / requests.length,
        busy: (after.busy - machine.busy) / Math.max(1, after.total - machine.total),
      };
    };
    const p = await run(products);
    const l = await run(listings);
    return {
      productRps: p.load.rps,
      productCpu: p.cpuPerRequest,
      productP99: p.load.p99,
      listingRps: l.load.rps,
      listingCpu: l.cpuPerRequest,
      busy: (p.busy + l.busy) / 2,
      rss: server.memoryMb().rss,
    };
  } finally {
    await server.stop();
  }
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
console.log(
  `[ab] ${os.availableParallelism()} CPUs, load average ${os.loadavg().map(r2).join(' / ')}; ${rounds} rounds of ${names.join(', ')}; ${productCount} product and ${listings.length} listing pages, ${concurrency} in flight`,
);
for (let round = 0; round < rounds; round++) {
  const order = names.map((_, i) => names[(i + round) % names.length]!);
  for (const name of order) {
    const f = await measureVariant(name);
    results[name]!.push(f);
    console.log(
      `[ab] round ${round + 1} ${name}: product ${f.productRps} req/s, ${r2(f.productCpu)} ms CPU, p99 ${f.productP99} ms; listing ${f.listingRps} req/s, ${r2(f.listingCpu)} ms CPU; machine ${Math.round(f.busy * 100)}% busy; RSS ${f.rss} MB`,
    );
  }
}
console.log(`[ab] load average at the end ${os.loadavg().map(r2).join(' / ')}`);
console.log('| variant | product req/s | product CPU ms | listing req/s | listing CPU ms | RSS MB |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const name of names) {
  const fs = results[name]!;
  const range = (pick: (f: Figures) => number) =>
    `${r2(median(fs.map(pick)))} (${r2(Math.min(...fs.map(pick)))}–${r2(Math.max(...fs.map(pick)))})`;
  console.log(
    `| ${name}: ${VARIANTS[name]!.what} | ${range((f) => f.productRps)} | ${range((f) => f.productCpu)} | ${range((f) => f.listingRps)} | ${range((f) => f.listingCpu)} | ${range((f) => f.rss)} |`,
  );
}
