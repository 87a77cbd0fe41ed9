/**
 * The bench's reference: a bare Astro app (bench/reference-astro) on the shop's own `astro` and
 * `@astrojs/node` packages, with no islands, no middleware and no database, rendering product and
 * listing pages from an in-memory catalogue under the shop's URL shapes (`/product/<id>`,
 * `/category/<id>/subcategories?sort=&page=`, `/categories/<c>/subcategory/<s>`), so the bench
 * sends both servers the very same requests.
 *
 * Its pages are made the size of the shop's: the bench reads the shop's pages (identity) and the
 * reference's with 0 and 40 product cards (`?cards=`), and starts the reference with the number
 * of cards that gives the shop's size (REFERENCE_RELATED_CARDS, REFERENCE_LISTING_CARDS). Its
 * search API (`/api/customer/search-products?product=`, no search behind it) is sized the same
 * way to the shop's answers (`?results=`, REFERENCE_SEARCH_RESULTS).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BenchServer, startBenchServer } from './server-process.ts';

/** The reference app's folder, relative to the repository. */
export const REFERENCE_DIR = 'bench/reference-astro';

/** The framework packages whose versions the reference build must match. */
const FRAMEWORK_PACKAGES = ['astro', '@astrojs/node'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newestMtime(path.join(p, name))));
}

/** `astro@7.3.5 @astrojs/node@11.1.6`: the versions installed in the repository's node_modules. */
export function frameworkVersions(root: string): string {
  return FRAMEWORK_PACKAGES.map((name) => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'));
    return `${name}@${pkg.version}`;
  }).join(' ');
}

/**
 * Builds the reference (`astro build --root bench/reference-astro`, with the repository's Astro)
 * when its build is missing, older than its sources, or made with other framework versions.
 * Returns the built server entry.
 */
export function ensureReferenceBuild(root: string, log: (msg: string) => void): string {
  const dir = path.join(root, REFERENCE_DIR);
  const entry = path.join(dir, 'dist/server/entry.mjs');
  const stampFile = path.join(dir, 'dist/.framework-versions');
  const versions = frameworkVersions(root);
  const fresh =
    existsSync(entry) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === versions &&
    statSync(entry).mtimeMs >=
      Math.max(newestMtime(path.join(dir, 'src')), newestMtime(path.join(dir, 'astro.config.mjs')));
  if (fresh) return entry;
  log(`building the bare Astro reference (${versions})…`);
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', dir],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error('The bare Astro reference did not build; see the messages above.');
  writeFileSync(stampFile, versions);
  return entry;
}

/** Mean size in bytes of the pages at `urls`, read whole with `Accept-Encoding: identity`. */
export async function meanPageBytes(base: string, urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`${url} answered ${res.status} while the bench read page sizes`);
    total += (await res.arrayBuffer()).byteLength;
  }
  return Math.round(total / Math.max(1, urls.length));
}

/** Page sizes (bytes, identity) of the shop and of the reference it was started to match. */
export interface ReferenceSizes {
  shop: { product: number; listing: number; search: number };
  reference: { product: number; listing: number; search: number };
  cards: { related: number; listing: number };
  /** Products in the reference's search answer. */
  searchResults: number;
}

/**
 * Starts the reference on `port`, sized to the shop's pages: `shopBytes` are the shop's mean
 * product and listing page sizes; `sampleUrls` the pages to read sizes from (any shop URLs).
 */
export async function startReference({
  entry,
  port,
  flags,
  shopBytes,
  sampleUrls,
  cpus,
}: {
  entry: string;
  port: number;
  flags: string[];
  shopBytes: { product: number; listing: number; search: number };
  sampleUrls: { product: string[]; listing: string[]; search: string[] };
  cpus?: string;
}): Promise<{ server: BenchServer; sizes: ReferenceSizes }> {
  const start = (env: Record<string, string>) =>
    startBenchServer({ entry, port, env, flags, cpus, readyPath: sampleUrls.product[0] ?? '/product/1' });
  // Calibration: the size without cards and with 40 gives the size of one card.
  const probe = await start({});
  const withCount = (urls: string[], name: string, n: number) =>
    urls.map((u) => `${u}${u.includes('?') ? '&' : '?'}${name}=${n}`);
  const countFor = async (urls: string[], target: number, name = 'cards') => {
    const bare = await meanPageBytes(probe.base, withCount(urls, name, 0));
    const forty = await meanPageBytes(probe.base, withCount(urls, name, 40));
    return Math.max(0, Math.round((target - bare) / ((forty - bare) / 40)));
  };
  const cards = {
    related: await countFor(sampleUrls.product, shopBytes.product),
    listing: await countFor(sampleUrls.listing, shopBytes.listing),
  };
  const searchResults = sampleUrls.search.length ? await countFor(sampleUrls.search, shopBytes.search, 'results') : 0;
  await probe.stop();
  const server = await start({
    REFERENCE_RELATED_CARDS: String(cards.related),
    REFERENCE_LISTING_CARDS: String(cards.listing),
    REFERENCE_SEARCH_RESULTS: String(searchResults),
  });
  const reference = {
    product: await meanPageBytes(server.base, sampleUrls.product),
    listing: await meanPageBytes(server.base, sampleUrls.listing),
    search: await meanPageBytes(server.base, sampleUrls.search),
  };
  return { server, sizes: { shop: shopBytes, reference, cards, searchResults } };
}
