/**
 * The search index of each database, kept per process (issue 14): built from the active
 * products on first use, then rebuilt when the catalogue changes. A change is noticed by a cheap
 * signature (active product count, highest id and latest update time of products, categories and
 * subcategories), read at most every SIGNATURE_CHECK_MS; `invalidateSearchIndex` forces a
 * rebuild at once (the catalogue import calls it). Concurrent searches share one build.
 *
 * Staleness is bounded and harmless: callers read the cards themselves from the database with
 * `is_active`, so a product switched off disappears at once; a new or renamed one is findable
 * within SIGNATURE_CHECK_MS plus a rebuild (per server process).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../lib/db/index.ts';
import { categories, products, subcategories } from '../../../lib/db/schema.ts';
import { SearchIndex, type IndexedProduct } from './engine.ts';
import { shopSynonyms } from './synonyms.ts';

/** How often (ms) a search checks whether the catalogue changed. */
export const SIGNATURE_CHECK_MS = 2_000;

interface Entry {
  index: Promise<SearchIndex>;
  signature: string;
  checkedAt: number;
  /** The signature an index being built in the background will have. */
  pending?: string;
}

const entries = new WeakMap<Database, Entry>();

async function readSignature(db: Database): Promise<string> {
  const rows = (await db.execute(sql`SELECT
      (SELECT count(*) FILTER (WHERE is_active) || ':' || coalesce(max(id), 0) || ':' || coalesce(max(updated_at)::text, '') FROM products) AS p,
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM categories) AS c,
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM subcategories) AS s`)) as unknown as { rows: Record<string, string>[] };
  const row = rows.rows[0]!;
  return `${row.p}|${row.c}|${row.s}`;
}

async function build(db: Database): Promise<SearchIndex> {
  const rows: IndexedProduct[] = await db
    .select({
      id: products.id,
      name: products.name,
      categoryId: products.categoryId,
      categoryName: categories.name,
      subcategoryName: subcategories.name,
      type: products.type,
      brand: products.brand,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(eq(products.isActive, true));
  return new SearchIndex(
    rows.map((r) => ({ ...r, brand: r.brand?.trim() || null })),
    shopSynonyms(),
  );
}

/**
 * The database's search index. The first search waits for the build; after a change the old
 * index keeps answering while the new one is built (about a second for 20,000 products), then
 * replaces it.
 */
export async function getSearchIndex(db: Database): Promise<SearchIndex> {
  const now = Date.now();
  const entry = entries.get(db);
  if (entry && now - entry.checkedAt < SIGNATURE_CHECK_MS) return entry.index;
  if (entry) entry.checkedAt = now;
  const signature = await readSignature(db);
  const current = entries.get(db);
  if (current && (current.signature === signature || current.pending === signature)) return current.index;
  const built = build(db);
  if (!current) {
    entries.set(db, { index: built, signature, checkedAt: now });
    built.catch(() => entries.delete(db));
    return built;
  }
  current.pending = signature;
  built.then(
    (index) => {
      if (entries.get(db) === current) entries.set(db, { index: Promise.resolve(index), signature, checkedAt: Date.now() });
    },
    () => {
      if (current.pending === signature) current.pending = undefined;
    },
  );
  return current.index;
}

/** Forgets the database's index, so the next search rebuilds it (after a catalogue import). */
export function invalidateSearchIndex(db: Database): void {
  entries.delete(db);
}
