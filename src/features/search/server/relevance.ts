/**
 * Search relevance measurement: runs a set of queries through `searchProducts` (the
 * API's path: the index plus the cards read from the database) and reports hit@3 (the share of
 * queries with an expected product among the first three results) and the latency percentiles.
 * A case of the kind "nothing stocked, category offered" ("bhindi" in a shop without okra) is
 * checked on the results page's data instead: no products, no unrelated suggestions, and the
 * term's meaning with the category the page offers.
 * Used by the relevance tests, `npm run search:relevance` and the coordinator's bench.
 *
 * Query sets live in src/features/search/data/relevance-*.json: `relevance-bigbasket.json` for
 * the 20,000-product BigBasket catalogue, `relevance-demo.json` for the demo shop's own.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#lib/db/index.ts';
import bigbasketCases from '../data/relevance-bigbasket.json' with { type: 'json' };
import demoCases from '../data/relevance-demo.json' with { type: 'json' };
import { searchProducts } from '../server.ts';
import {
  getSearchCatalog,
  getSearchIndex,
  type IndexUpdate,
  onIndexUpdate,
  refreshSearchCatalog,
} from './index-cache.ts';
import { searchPage } from './results-page.ts';

/**
 * One query and what a good answer shows in its first three results: a product whose name matches
 * `name` (a case-insensitive regular expression) and/or that is in `subcategory` / `category`
 * (exact names) / from `brand` (any case, or a pack whose name starts with it); a product must
 * satisfy every field given. `offer` instead expects nothing found and the page's "We don't stock
 * okra (bhindi) yet." for `name`, linking `category` (null: the shop has no category of its kind).
 */
export const relevanceCaseSchema = z.object({
  q: z.string().min(1),
  /**
   * What the query tests (english, hindi, malayalam, typo, brand, category, "nothing stocked,
   * category offered"), for the report.
   */
  kind: z.string(),
  expect: z
    .object({
      name: z.string(),
      subcategory: z.string(),
      category: z.string(),
      brand: z.string(),
      offer: z.object({ name: z.string(), category: z.string().nullable() }),
    })
    .partial()
    .refine((e) => Object.keys(e).length > 0, 'expect needs at least one field')
    .refine((e) => !e.offer || Object.keys(e).length === 1, 'expect.offer stands alone'),
});

/** Whether the results page answers an `offer` case as it expects (see the schema). */
async function offers(db: Database, c: RelevanceCase): Promise<{ hit: boolean; shown: string[] }> {
  const page = await searchPage(db, { q: c.q });
  const offer = c.expect.offer!;
  const hit =
    page.total === 0 &&
    page.suggestions.length === 0 &&
    page.unstocked?.name === offer.name &&
    (page.unstocked.category?.name ?? null) === offer.category;
  const shown = page.unstocked
    ? [`unstocked ${page.unstocked.name} (${page.unstocked.category?.name ?? 'no category'})`]
    : [...page.products.slice(0, 3).map((p) => p.name), ...page.suggestions.map((s) => `suggests ${s}`)];
  return { hit, shown };
}
export type RelevanceCase = z.infer<typeof relevanceCaseSchema>;

/** The 60+ queries over the BigBasket catalogue (/work/shared/data/bigbasket-products.csv). */
export const BIGBASKET_CASES: RelevanceCase[] = z.array(relevanceCaseSchema).parse(bigbasketCases);
/** The queries over the demo shop's catalogue (src/features/demo-shop/data/catalog.json). */
export const DEMO_CASES: RelevanceCase[] = z.array(relevanceCaseSchema).parse(demoCases);

/** What a measurement found: hit@3 as a fraction 0–1, latencies in milliseconds, and the misses. */
export interface RelevanceReport {
  queries: number;
  hitAt3: number;
  p50Ms: number;
  p95Ms: number;
  misses: { q: string; kind: string; top3: string[] }[];
}

/** A product of `brand`: its brand, any case, or a pack named after it ("Surf Excel … + Vim …" combos). */
const ofBrand = (p: { brand: string | null; name: string }, brand: string) =>
  p.brand?.toLowerCase() === brand.toLowerCase() || p.name.toLowerCase().startsWith(brand.toLowerCase());

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Runs `cases` (default: the BigBasket set) against `db`: one warm-up pass (builds the index,
 * warms the JIT), then `rounds` timed passes (latency over all of them; hits from the first).
 */
export async function measureRelevance(
  db: Database,
  cases: RelevanceCase[] = BIGBASKET_CASES,
  rounds = 3,
): Promise<RelevanceReport> {
  const index = await getSearchIndex(db);
  for (const c of cases) await searchProducts(db, c.q, { limit: 20 });
  const times: number[] = [];
  const misses: RelevanceReport['misses'] = [];
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      if (c.expect.offer) {
        if (round > 0) continue;
        const { hit, shown } = await offers(db, c);
        if (!hit) misses.push({ q: c.q, kind: c.kind, top3: shown });
        continue;
      }
      const started = performance.now();
      const results = await searchProducts(db, c.q, { limit: 20 });
      times.push(performance.now() - started);
      if (round > 0) continue;
      const top3 = results.slice(0, 3);
      const pattern = c.expect.name ? new RegExp(c.expect.name, 'i') : null;
      const hit = top3.some((p) => {
        const indexed = index.product(p.id);
        return (
          (!pattern || pattern.test(p.name)) &&
          (!c.expect.subcategory || indexed?.subcategoryName === c.expect.subcategory) &&
          (!c.expect.category || p.categoryName === c.expect.category) &&
          (!c.expect.brand || ofBrand(p, c.expect.brand))
        );
      });
      if (!hit)
        misses.push({
          q: c.q,
          kind: c.kind,
          top3: top3.map(
            (p) => `${p.name} (${index.product(p.id)?.subcategoryName ?? p.categoryName}, ${p.brand ?? '-'})`,
          ),
        });
    }
  }
  times.sort((a, b) => a - b);
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    queries: cases.length,
    hitAt3: round2((cases.length - misses.length) / cases.length),
    p50Ms: round2(percentile(times, 50)),
    p95Ms: round2(percentile(times, 95)),
    misses,
  };
}

/** How the index took a whole build and one edit (index-cache.ts), in ms: how long serving waited at most. */
export interface IndexUpdateReport {
  products: number;
  /** The build's slices and the longest one's time. */
  buildSlices: number;
  buildLongestSliceMs: number;
  /** One product renamed: the documents the update touched and its time. */
  editDocuments: number;
  editMs: number;
}

/**
 * Measures a new index built for a mass change (every product renamed and renamed back: the
 * snapshot's log then lists too many products for an edit) and one edit, on `db` as it is (the
 * products are left as they were).
 */
export async function measureIndexUpdates(db: Database): Promise<IndexUpdateReport> {
  const { snapshot } = await getSearchCatalog(db);
  const updates: IndexUpdate[] = [];
  const stop = onIndexUpdate((u) => updates.push(u));
  try {
    await db.execute(sql`UPDATE products SET name = name || ' ~'`);
    await db.execute(sql`UPDATE products SET name = left(name, length(name) - 2)`);
    await refreshSearchCatalog(db);
    const build = updates.find((u) => u.kind === 'build');
    const [first] = snapshot.products();
    updates.length = 0;
    await db.execute(sql`UPDATE products SET name = ${`${first!.name} (edited)`} WHERE id = ${first!.id}`);
    await refreshSearchCatalog(db);
    const edit = updates.find((u) => u.kind === 'edit');
    await db.execute(sql`UPDATE products SET name = ${first!.name} WHERE id = ${first!.id}`);
    await refreshSearchCatalog(db);
    const round2 = (n: number) => Math.round(n * 100) / 100;
    return {
      products: build?.documents ?? 0,
      buildSlices: build?.slices.length ?? 0,
      buildLongestSliceMs: round2(build?.longestSliceMs ?? 0),
      editDocuments: edit?.documents ?? 0,
      editMs: round2(edit?.longestSliceMs ?? 0),
    };
  } finally {
    stop();
  }
}
