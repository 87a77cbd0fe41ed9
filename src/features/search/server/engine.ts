/**
 * The in-memory search index over the active products (name, category, subcategory, type,
 * brand), built by index-cache.ts; pure and synchronous.
 *
 * A query becomes groups of alternatives (query-plan.ts: the words, their synonyms, typo
 * corrections). A product must match every group (when none does, products matching the most
 * groups are shown). Its score adds, per group, the best alternative's score (alternative-scores.ts:
 * name 10, brand 8, subcategory or type 6, category 3; prefixes ×0.5, typo corrections ×0.55),
 * and the name bonuses (product-names.ts): the whole name equals the text (+20); the share of the
 * name's head the query covers (+4 × share). Ties: shorter name, then lower id (ranking.ts).
 * Names merely containing the text ("e - c") come last (trigrams.ts).
 *
 * Built for speed: terms and their products live in flat typed arrays (vocabulary.ts), scores
 * are summed in reusable per-product scratch arrays (doc-scores.ts) over only the products the
 * query's words have, and `rank` leaves the matches unsorted so a caller sorts only the page it
 * shows (ranking.ts).
 */

import { scoreAlternative } from './alternative-scores.ts';
import { DocScores } from './doc-scores.ts';
import { buildFieldPostings, type IndexedProduct } from './field-postings.ts';
import { ProductNames } from './product-names.ts';
import { type Alternative, type PlanSources, planQuery, typoDistance } from './query-plan.ts';
import { Ranking } from './ranking.ts';
import { ShortTextSearch } from './short-text.ts';
import { longestKey, type SynonymTable } from './synonyms.ts';
import { stem, terms, words } from './text.ts';
import { TrigramIndex } from './trigrams.ts';
import { Vocabulary } from './vocabulary.ts';

export type { IndexedProduct } from './field-postings.ts';
export { typoDistance } from './query-plan.ts';

/** A ranked search: product ids best first, and the text searched when words were corrected. */
export interface RankedSearch {
  ids: number[];
  /** The query with corrected words ("tomato" for "tomoto"), or null when none was corrected. */
  correctedText: string | null;
}

/** Score of a name containing the text that matched no word: below every word match. */
const CONTAINING_SCORE = 0.5;
/** Bonus of a name that is the whole text. */
const EXACT_NAME_BONUS = 20;
/** Bonus per share of the name's head the query covers. */
const HEAD_BONUS = 4;

export class SearchIndex {
  readonly size: number;
  private readonly products: readonly IndexedProduct[];
  private readonly names: ProductNames;
  private readonly vocabulary: Vocabulary;
  private readonly trigrams: TrigramIndex;
  /** A term's most common spelling in the catalogue, for "Showing results for". */
  private readonly surface: Map<string, string>;
  private readonly planSources: PlanSources;
  private readonly docOf = new Map<number, number>();
  private readonly shortText: ShortTextSearch;
  // Scratch for one search at a time (see doc-scores.ts).
  private readonly wordScores: DocScores;
  private readonly groupScores: DocScores;
  private readonly totals: DocScores;
  /** Which terms the current query has: a term's slot holds the query's epoch. */
  private readonly queryTermStamp: Int32Array;
  private queryEpoch = 0;
  private readonly matchDocs: Int32Array;
  private readonly matchScore: Float64Array;
  private readonly matchGroups: Int32Array;

  constructor(products: readonly IndexedProduct[], synonyms: SynonymTable) {
    this.products = products;
    this.size = products.length;
    products.forEach((p, i) => {
      this.docOf.set(p.id, i);
    });
    const { postings, surface } = buildFieldPostings(products);
    this.vocabulary = new Vocabulary(postings);
    this.surface = surface;
    this.names = new ProductNames(
      products,
      products.map((p) => terms(p.name)),
      this.vocabulary,
    );
    this.trigrams = new TrigramIndex(this.names.lower);
    this.shortText = new ShortTextSearch(
      this.names.lower,
      Int32Array.from(products, (p) => p.id),
      this.names.length,
    );
    this.planSources = {
      vocabulary: this.vocabulary,
      synonyms,
      longestSynonym: longestKey(synonyms),
      display: (term) => this.display(term),
    };
    this.wordScores = new DocScores(products.length);
    this.groupScores = new DocScores(products.length);
    this.totals = new DocScores(products.length);
    this.queryTermStamp = new Int32Array(this.vocabulary.terms.length);
    this.matchDocs = new Int32Array(products.length);
    this.matchScore = new Float64Array(products.length);
    this.matchGroups = new Int32Array(products.length);
  }

  /** Whether the catalogue has this (stemmed) term. */
  has(term: string): boolean {
    return this.vocabulary.id(term) >= 0;
  }

  /**
   * The catalogue terms nearest to an unknown word within `maxDistance` edits, best first (fewest
   * edits, then same first letter, then most products).
   */
  nearest(term: string, maxDistance = typoDistance(term.length), limit = 2): string[] {
    return this.vocabulary.nearest(term, maxDistance, limit);
  }

  /** The catalogue's own spelling of a term (its most common word), or the term. */
  display(term: string): string {
    return this.surface.get(term) ?? term;
  }

  /**
   * Sums each group's best alternative into `totals` (score, and groups matched), and stamps the
   * query's terms with a new epoch (the head bonus reads them); returns the epoch.
   */
  private scoreGroups(groups: Alternative[][]): number {
    const { totals, groupScores: best, queryTermStamp } = this;
    totals.clear();
    const epoch = ++this.queryEpoch;
    for (const group of groups) {
      best.clear();
      for (const alt of group) {
        for (const w of alt.words) {
          const id = this.vocabulary.id(w);
          if (id >= 0) queryTermStamp[id] = epoch;
        }
        scoreAlternative(this.vocabulary, alt, best, this.wordScores);
      }
      for (let k = 0; k < best.size; k++) {
        const doc = best.touched[k]!;
        const score = best.value[doc]!;
        if (totals.has(doc)) totals.value[doc]! += score;
        else totals.set(doc, score);
        totals.groups[doc]! += 1;
      }
    }
    return epoch;
  }

  /**
   * Writes the products in `totals` matching the most groups into the match arrays, with the
   * name bonuses added (module comment); returns how many.
   */
  private collectWordMatches(raw: string, stemmed: string, epoch: number): number {
    const { totals, names } = this;
    const { matchDocs: docs, matchScore: score, matchGroups: matched } = this;
    let most = 0;
    for (let k = 0; k < totals.size; k++) most = Math.max(most, totals.groups[totals.touched[k]!]!);
    let count = 0;
    for (let k = 0; k < totals.size; k++) {
      const doc = totals.touched[k]!;
      if (totals.groups[doc]! < most) continue;
      const covered = names.headCoverage(doc, this.queryTermStamp, epoch);
      const exact = names.isExact(doc, raw, stemmed) ? EXACT_NAME_BONUS : 0;
      docs[count] = doc;
      score[count] = totals.value[doc]! + exact + HEAD_BONUS * covered;
      matched[count++] = totals.groups[doc]!;
    }
    return count;
  }

  /** Appends the names containing `raw` that matched no word after the first `count` matches; returns the new count. */
  private collectContaining(raw: string, count: number): number {
    const { totals, matchDocs: docs, matchScore: score, matchGroups: matched } = this;
    let n = count;
    this.trigrams.containing(raw, (doc) => {
      if (totals.has(doc)) return;
      docs[n] = doc;
      score[n] = CONTAINING_SCORE;
      matched[n++] = 0;
    });
    return n;
  }

  /**
   * The products matching `text`, unsorted, with what ranks them (see the module comment). With
   * `enough`, names merely containing the text are left out once that many products matched
   * words: they rank after every word match, so the first `enough` are the same (but `size` no
   * longer counts every match). Without `copy`, the ranking views the scratch arrays, which the
   * next search overwrites.
   */
  rank(text: string, enough = Infinity, copy = true): Ranking {
    const typed = words(text);
    if (typed.length === 0)
      return new Ranking(
        this.products,
        this.names.length,
        new Int32Array(0),
        new Float64Array(0),
        new Int32Array(0),
        null,
      );
    const { groups, correctedText } = planQuery(typed, this.planSources);
    const epoch = this.scoreGroups(groups);
    const raw = text.trim().replace(/\s+/g, ' ').toLowerCase();
    const stemmed = typed.map(stem).join(' ');
    let count = this.collectWordMatches(raw, stemmed, epoch);
    // Names containing the text that matched no word ("e - c", "ato") still come, last.
    if (raw.length >= 3 && count < enough) count = this.collectContaining(raw, count);
    const take = <T extends Int32Array | Float64Array>(a: T) => (copy ? a.slice(0, count) : a.subarray(0, count)) as T;
    return new Ranking(
      this.products,
      this.names.length,
      take(this.matchDocs),
      take(this.matchScore),
      take(this.matchGroups),
      correctedText,
    );
  }

  /**
   * Ids of the first `k` products for `text`, best first: `rank(text, k).ids(k)` without copying
   * the matches out of the scratch arrays (the dropdown's path, once per keystroke).
   */
  topIds(text: string, k: number): number[] {
    return this.rank(text, k, false).ids(k);
  }

  /**
   * Ids of the first `k` products for a text of one or two characters (lower case): names
   * starting with it in name order, then names with a word starting with it, then names
   * containing it, by name length (short-text.ts).
   */
  shortTextIds(text: string, k: number): number[] {
    return this.shortText.find(text, k).map((doc) => this.products[doc]!.id);
  }

  /** Ranks the active products for `text`, every match in order (see the module comment). */
  search(text: string): RankedSearch {
    const ranking = this.rank(text);
    return { ids: ranking.ids(), correctedText: ranking.correctedText };
  }

  /** The indexed product with this id (for filters), or undefined. */
  product(id: number): IndexedProduct | undefined {
    const doc = this.docOf.get(id);
    return doc === undefined ? undefined : this.products[doc];
  }

  /**
   * Search words to try when `text` finds nothing: for each typed word, the catalogue's nearest
   * words within a wider distance (up to 3 edits, at most half the word), as the catalogue spells them.
   */
  suggestions(text: string, limit = 5): string[] {
    const out: string[] = [];
    for (const word of words(text)) {
      const term = stem(word);
      const max = Math.min(3, Math.max(1, Math.floor(term.length / 2)));
      for (const near of this.nearest(term, max, limit)) {
        const shown = this.display(near);
        if (!out.includes(shown)) out.push(shown);
      }
    }
    return out.slice(0, limit);
  }
}
