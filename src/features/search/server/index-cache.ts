/**
 * What each database's search answers from, kept per process (issues 13 and 14): the search
 * index of the active products and their cards (prices, stock, image), built from one read on
 * first use, so a search reads nothing from the database.
 *
 * Kept fresh by a check at most every SIGNATURE_CHECK_MS, run in the background (the search
 * that notices it is due answers at once from what is there):
 * - the products changed since the previous check (by `updated_at`, an index range; the database
 *   stamps every update, migration 0006), less OVERLAP_SECONDS on PostgreSQL, and whose
 *   `updated_at` differs from the one kept, are read and compared with what is kept: a
 *   price, stock or image change replaces that card at once; a product switched off loses its
 *   card at once (searches skip it) and the index is rebuilt; a renamed, moved, new or
 *   re-activated product rebuilds the index, and so do more than MAX_PATCHED_ROWS changes at once;
 * - a signature (highest product id, count and latest change of categories and subcategories)
 *   that differs rebuilds it too.
 * A rebuild (about half a second for 20,000 products) happens in the background while the old
 * index keeps answering. `invalidateSearchIndex` forgets everything (the catalogue import calls
 * it); `refreshSearchCatalog` runs a check at once and waits for it (tests, tools).
 *
 * So a product's card in a search result is at most SIGNATURE_CHECK_MS (plus a query) older than
 * the database, where it used to be read per search; the search API's answers are public and
 * cacheable for a minute anyway (routes.ts), as the catalogue's pages are. Cart, checkout and
 * orders always price from the database.
 */
import { sql } from 'drizzle-orm';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from '../../../lib/db/index.ts';
import { logger } from '../../../lib/log.ts';
import { SearchIndex } from './engine.ts';
import { shopSynonyms } from './synonyms.ts';
import { readActiveRows, readChangedStamps, readRowsById, sameCard, sameIndexedText, type SearchResult } from './cards.ts';

/** How often (ms) the kept catalogue is compared with the database. */
export const SIGNATURE_CHECK_MS = 2_000;
/**
 * On PostgreSQL each check also reads what changed this long (s) before the previous one: a row
 * stamped before that check read but committed after it would otherwise go unseen. A longer
 * transaction (a large import run from another process) shows at the next rebuild; an import in
 * the server's own process rebuilds at once. PGlite needs none: it runs one transaction at a
 * time, and no query (so no check) while one is open.
 */
export const OVERLAP_SECONDS = 10;
/** More changed products than this at one check rebuild everything instead of replacing cards. */
export const MAX_PATCHED_ROWS = 2_000;

/** What the search answers from. */
export interface SearchCatalog {
  readonly index: SearchIndex;
  /** Active products' cards by id; a changed product's card is replaced, never edited. */
  readonly cards: Map<number, SearchResult>;
  /** Different after any change of a card or the index (a key for caches of answers). */
  version: number;
}

interface Entry {
  catalog: Promise<SearchCatalog>;
  /** Each product's `updated_at` as last read (active or not). */
  stamps: Map<number, string>;
  signature: string;
  /** The database's clock when the kept catalogue was last compared (or read). */
  since: string;
  checkedAt: number;
  checking?: Promise<void>;
}

const entries = new WeakMap<Database, Entry>();
let versions = 0;

/** What rebuilds the index when it changes (highest product id; categories; subcategories), and the database's clock. */
async function readSignature(db: Database): Promise<{ signature: string; now: string }> {
  const rows = (await db.execute(sql`SELECT now()::text AS now,
      (SELECT coalesce(max(id), 0) FROM products) AS p,
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM categories) AS c,
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM subcategories) AS s`)) as unknown as { rows: Record<string, string | number>[] };
  const row = rows.rows[0]!;
  return { signature: `${row.p}|${row.c}|${row.s}`, now: String(row.now) };
}

type Built = Pick<Entry, 'stamps' | 'signature' | 'since'> & { catalog: SearchCatalog };

async function build(db: Database): Promise<Built> {
  const { signature, now } = await readSignature(db);
  const rows = await readActiveRows(db);
  const index = new SearchIndex(rows.map((r) => r.indexed), shopSynonyms());
  return {
    catalog: { index, cards: new Map(rows.map((r) => [r.id, r.card])), version: ++versions },
    stamps: new Map(rows.map((r) => [r.id, r.stamp])),
    signature,
    since: now,
  };
}

function adopt(entry: Entry, built: Built): SearchCatalog {
  entry.stamps = built.stamps;
  entry.signature = built.signature;
  entry.since = built.since;
  return built.catalog;
}

function start(db: Database): Entry {
  const entry: Entry = { catalog: Promise.resolve(null as never), stamps: new Map(), signature: '', since: '', checkedAt: Date.now() };
  entry.catalog = build(db).then((built) => adopt(entry, built));
  entries.set(db, entry);
  entry.catalog.catch(() => {
    if (entries.get(db) === entry) entries.delete(db);
  });
  return entry;
}

/** Compares the kept catalogue with the database (module comment); rejects when a read fails. */
function check(db: Database, entry: Entry): Promise<void> {
  entry.checkedAt = Date.now();
  const run = async () => {
    const catalog = await entry.catalog;
    const { signature, now } = await readSignature(db);
    const stamps = await readChangedStamps(db, entry.since, db instanceof PgliteDatabase ? 0 : OVERLAP_SECONDS);
    const changedIds = [...stamps].filter(([id, stamp]) => entry.stamps.get(id) !== stamp).map(([id]) => id);
    entry.since = now;
    let rebuild = signature !== entry.signature || changedIds.length > MAX_PATCHED_ROWS;
    const rows = rebuild || changedIds.length === 0 ? [] : await readRowsById(db, changedIds);
    let changed = false;
    for (const row of rows) {
      entry.stamps.set(row.id, row.stamp);
      const indexed = catalog.index.product(row.id);
      if (!indexed) {
        rebuild ||= row.isActive;
        continue;
      }
      if (!row.isActive) {
        changed = catalog.cards.delete(row.id) || changed;
        rebuild = true;
        continue;
      }
      rebuild ||= !sameIndexedText(indexed, row.indexed);
      const card = catalog.cards.get(row.id);
      if (!card || !sameCard(card, row.card)) {
        catalog.cards.set(row.id, row.card);
        changed = true;
      }
    }
    if (changed) catalog.version = ++versions;
    if (!rebuild) return;
    const next = await build(db);
    if (entries.get(db) !== entry) return;
    entry.catalog = Promise.resolve(adopt(entry, next));
  };
  entry.checking = run().finally(() => {
    entry.checking = undefined;
  });
  return entry.checking;
}

/**
 * The database's search catalogue. The first call waits for the build (about a second for
 * 20,000 products); later ones answer at once and start a check when one is due.
 */
export function getSearchCatalog(db: Database): Promise<SearchCatalog> {
  const entry = entries.get(db);
  if (!entry) return start(db).catalog;
  if (!entry.checking && Date.now() - entry.checkedAt >= SIGNATURE_CHECK_MS) {
    check(db, entry).catch((err: unknown) => logger.warn({ err }, 'search: catalogue check failed; the kept one answers'));
  }
  return entry.catalog;
}

/** The database's search index (see getSearchCatalog). */
export async function getSearchIndex(db: Database): Promise<SearchIndex> {
  return (await getSearchCatalog(db)).index;
}

/** Checks the kept catalogue against the database now and waits for the result (and any rebuild). */
export async function refreshSearchCatalog(db: Database): Promise<void> {
  const entry = entries.get(db);
  if (!entry) {
    await start(db).catalog;
    return;
  }
  await entry.checking?.catch(() => undefined);
  await check(db, entry);
}

/** Forgets the database's catalogue, so the next search rebuilds it (after a catalogue import). */
export function invalidateSearchIndex(db: Database): void {
  entries.delete(db);
}
