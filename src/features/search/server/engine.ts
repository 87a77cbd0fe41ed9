/**
 * The in-memory search index and its ranking, which speaks the customer's words (synonyms,
 * plurals, typos). Built from the active products (name, category, subcategory, type, brand) by
 * index-cache.ts; pure and synchronous, and cheap enough to run on every keystroke's request
 * (docs/performance.md).
 *
 * A query is split into words (text.ts); each word, or a phrase the synonym file knows, becomes
 * a group of alternatives: the word itself (whole word; a longer catalogue word starting with it
 * counts less), its synonyms (synonyms.ts), and, for a word the catalogue does not have, the
 * nearest catalogue words by edit distance ("tomoto" → "tomato"). A product must match every
 * group (when none does, products matching the most groups are shown). Its score adds, per
 * group, the best alternative's weight times where it matched: name 10, brand 8, subcategory or
 * type 6, category 3 (other fields add 30% of theirs). So whole-word name and category matches
 * outrank prefixes (×0.5) and typo corrections (×0.55). Bonuses: the whole name equals the text
 * (+20); the share of the words of the name's head (before
 * " - ", "(", ",", "/" or "+") the query covers (+4 × share). Ties: shorter name, then
 * lower id. Names merely containing the text ("e - c") come last.
 *
 * Built for speed (a search is a small part of a request whose CPU budget docs/performance.md
 * states): terms and their products live in flat typed arrays (vocabulary.ts), scores are summed in
 * reusable per-product scratch arrays (doc-scores.ts) over only the products the query's words
 * have, typo candidates are filtered by their letters before any edit distance is computed, names
 * containing the text are found through a trigram index instead of a scan of every name, and
 * `rank` leaves the matches unsorted so a caller sorts only the page it shows (ranking.ts).
 */
import { stem, terms, words } from './text.ts';
import { longestKey, type SynonymTable } from './synonyms.ts';
import { Vocabulary, type TermPostings } from './vocabulary.ts';
import { DocScores } from './doc-scores.ts';
import { Ranking } from './ranking.ts';
import { ShortTextSearch } from './short-text.ts';

/** One active product as the index reads it. */
export interface IndexedProduct {
  id: number;
  name: string;
  categoryId: number;
  categoryName: string;
  subcategoryName: string;
  type: string | null;
  brand: string | null;
}

/** A ranked search: product ids best first, and the text searched when words were corrected. */
export interface RankedSearch {
  ids: number[];
  /** The query with corrected words ("tomato" for "tomoto"), or null when none was corrected. */
  correctedText: string | null;
}

const FIELD_WEIGHTS = { name: 10, brand: 8, subcategory: 6, type: 6, category: 3 } as const;
/** A longer catalogue word starting with the typed one ("banan" → "banana"). */
const PREFIX_WEIGHT = 0.5;
/** A catalogue word within the typo distance of an unknown typed word. */
const CORRECTION_WEIGHT = 0.55;

interface Alternative {
  words: string[];
  weight: number;
  prefix: boolean;
}

/** Edits a typed word of `length` letters may be away from a catalogue word. */
export const typoDistance = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/** The name's head: before " - ", "(", ",", "/" or "+" ("Tomato - Local" → "tomato"). */
const HEAD_END = /\s[-–]\s|[(,/+]/;

export class SearchIndex {
  readonly size: number;
  private readonly products: readonly IndexedProduct[];
  private readonly nameLower: string[];
  /** Each name's stemmed words joined by a space (the exact-name bonus). */
  private readonly stemmedName: string[];
  private readonly nameLength: Int32Array;
  /** Lengths of nameLower and stemmedName: most names differ from the text in length, a cheap first test. */
  private readonly lowerLength: Int32Array;
  private readonly stemmedLength: Int32Array;
  /** Term ids of each name's head: product i's are headTerms[headStart[i] .. headStart[i + 1]). */
  private readonly headStart: Int32Array;
  private readonly headTerms: Int32Array;
  private readonly vocabulary: Vocabulary;
  /**
   * Three-character slices of the lower-case names → products having them (ascending): slice
   * `t`'s products are trigramDocs[trigramStart[t] .. trigramStart[t + 1]), one flat array
   * rather than a typed array per slice (thousands of small arrays, each with its own header).
   */
  private readonly trigramIds = new Map<string, number>();
  private trigramStart = new Int32Array(1);
  private trigramDocs = new Int32Array(0);
  /** A term's most common spelling in the catalogue, for "Showing results for". */
  private readonly surface = new Map<string, string>();
  private readonly longestSynonym: number;
  private readonly synonyms: SynonymTable;
  private readonly docOf = new Map<number, number>();
  private readonly shortText: ShortTextSearch;
  // Scratch for one search at a time (see doc-scores.ts).
  private readonly wordScores: DocScores;
  private readonly groupScores: DocScores;
  private readonly totals: DocScores;
  private readonly queryTermStamp: Int32Array;
  private queryEpoch = 0;
  private readonly matchDocs: Int32Array;
  private readonly matchScore: Float64Array;
  private readonly matchGroups: Int32Array;

  constructor(products: readonly IndexedProduct[], synonyms: SynonymTable) {
    this.synonyms = synonyms;
    this.products = products;
    this.size = products.length;
    this.nameLower = products.map((p) => p.name.toLowerCase());
    this.nameLength = Int32Array.from(products, (p) => p.name.length);
    const nameTerms = products.map((p) => terms(p.name));
    this.stemmedName = nameTerms.map((t) => t.join(' '));
    this.lowerLength = Int32Array.from(this.nameLower, (n) => n.length);
    this.stemmedLength = Int32Array.from(this.stemmedName, (n) => n.length);
    const postings: TermPostings = new Map();
    const surfaceCounts = new Map<string, Map<string, number>>();
    products.forEach((p, i) => {
      this.docOf.set(p.id, i);
      const fields: [keyof typeof FIELD_WEIGHTS, string | null][] = [
        ['name', p.name],
        ['brand', p.brand],
        ['subcategory', p.subcategoryName],
        ['type', p.type],
        ['category', p.categoryName],
      ];
      const found = new Map<string, number[]>();
      for (const [field, text] of fields) {
        if (!text) continue;
        for (const word of words(text)) {
          const term = stem(word);
          const counts = surfaceCounts.get(term) ?? new Map<string, number>();
          counts.set(word, (counts.get(word) ?? 0) + 1);
          surfaceCounts.set(term, counts);
          const list = found.get(term) ?? [];
          if (!list.includes(FIELD_WEIGHTS[field])) list.push(FIELD_WEIGHTS[field]);
          found.set(term, list);
        }
      }
      for (const [term, weights] of found) {
        const best = Math.max(...weights);
        let posting = postings.get(term);
        if (!posting) {
          posting = { docs: [], scores: [] };
          postings.set(term, posting);
        }
        posting.docs.push(i);
        posting.scores.push(best + 0.3 * (weights.reduce((a, b) => a + b, 0) - best));
      }
    });
    this.vocabulary = new Vocabulary(postings);
    const heads: number[] = [];
    this.headStart = new Int32Array(products.length + 1);
    products.forEach((p, i) => {
      this.headStart[i] = heads.length;
      const head = terms(p.name.split(HEAD_END)[0] ?? '');
      for (const term of head.length ? head : nameTerms[i]!) heads.push(this.vocabulary.id(term));
    });
    this.headStart[products.length] = heads.length;
    this.headTerms = Int32Array.from(heads);
    this.buildTrigrams();
    this.shortText = new ShortTextSearch(
      this.nameLower,
      Int32Array.from(products, (p) => p.id),
      this.nameLength,
    );
    for (const [term, counts] of surfaceCounts) this.surface.set(term, [...counts].sort((a, b) => b[1] - a[1])[0]![0]);
    this.longestSynonym = longestKey(synonyms);
    this.wordScores = new DocScores(products.length);
    this.groupScores = new DocScores(products.length);
    this.totals = new DocScores(products.length);
    this.queryTermStamp = new Int32Array(this.vocabulary.terms.length);
    this.matchDocs = new Int32Array(products.length);
    this.matchScore = new Float64Array(products.length);
    this.matchGroups = new Int32Array(products.length);
  }

  private buildTrigrams(): void {
    const lists = new Map<string, number[]>();
    this.nameLower.forEach((name, doc) => {
      for (let i = 0; i + 3 <= name.length; i++) {
        const key = name.slice(i, i + 3);
        const list = lists.get(key);
        if (!list) lists.set(key, [doc]);
        else if (list[list.length - 1] !== doc) list.push(doc);
      }
    });
    this.trigramStart = new Int32Array(lists.size + 1);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    this.trigramDocs = new Int32Array(total);
    let at = 0;
    for (const [key, list] of lists) {
      this.trigramStart[this.trigramIds.size] = at;
      this.trigramIds.set(key, this.trigramIds.size);
      this.trigramDocs.set(list, at);
      at += list.length;
    }
    this.trigramStart[this.trigramIds.size] = at;
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

  /** The query's groups of alternatives (module comment), and the corrected text if any. */
  private plan(typed: string[]): { groups: Alternative[][]; correctedText: string | null } {
    const stems = typed.map(stem);
    const groups: Alternative[][] = [];
    const shown: string[] = [];
    let corrected = false;
    for (let i = 0; i < stems.length; ) {
      let taken = 1;
      for (let len = Math.min(this.longestSynonym, stems.length - i); len >= 2; len--) {
        if (this.synonyms.has(stems.slice(i, i + len).join(' '))) {
          taken = len;
          break;
        }
      }
      const phrase = stems.slice(i, i + taken);
      const key = phrase.join(' ');
      const alternatives: Alternative[] = [
        { words: phrase, weight: 1, prefix: taken === 1 && phrase[0]!.length >= 3 && !/^\d+$/.test(phrase[0]!) },
      ];
      for (const alt of this.synonyms.get(key) ?? [])
        alternatives.push({ words: alt.words, weight: alt.weight, prefix: false });
      let words_ = typed.slice(i, i + taken).join(' ');
      if (taken === 1 && alternatives.length === 1 && !this.has(key) && !/\d/.test(key)) {
        const near = this.nearest(key);
        for (const term of near) alternatives.push({ words: [term], weight: CORRECTION_WEIGHT, prefix: false });
        if (near.length && this.vocabulary.prefixed(key).length === 0) {
          corrected = true;
          words_ = this.display(near[0]!);
        }
      }
      shown.push(words_);
      groups.push(alternatives);
      i += taken;
    }
    return { groups, correctedText: corrected ? shown.join(' ') : null };
  }

  /**
   * Scores one alternative into `best` (each product keeps its best alternative's score): every
   * word must match, a word's best field counts, and a single typed word also matches longer
   * catalogue words starting with it (× PREFIX_WEIGHT).
   */
  private scoreAlternative(alt: Alternative, best: DocScores): void {
    const { docs, scores } = this.vocabulary;
    const count = alt.words.length;
    if (count === 1) {
      const [from, to] = this.vocabulary.range(this.vocabulary.id(alt.words[0]!));
      const longer = alt.prefix ? this.vocabulary.prefixed(alt.words[0]!) : [];
      if (longer.length === 0) {
        for (let e = from; e < to; e++) best.max(docs[e]!, (alt.weight * scores[e]!) / count);
        return;
      }
      const word = this.wordScores;
      word.clear();
      for (let e = from; e < to; e++) word.set(docs[e]!, scores[e]!);
      for (const term of longer) {
        const [start, end] = this.vocabulary.range(term);
        for (let e = start; e < end; e++) word.max(docs[e]!, scores[e]! * PREFIX_WEIGHT);
      }
      for (let k = 0; k < word.size; k++) {
        const doc = word.touched[k]!;
        best.max(doc, (alt.weight * word.value[doc]!) / count);
      }
      return;
    }
    // Several words (a synonym phrase): the products having all of them, by merging the lists.
    const ranges = alt.words.map((w) => this.vocabulary.range(this.vocabulary.id(w)));
    const at = ranges.map(([from]) => from);
    const [from, to] = ranges[0]!;
    outer: for (let e = from; e < to; e++) {
      const doc = docs[e]!;
      let total = scores[e]!;
      for (let w = 1; w < count; w++) {
        const end = ranges[w]![1];
        let p = at[w]!;
        while (p < end && docs[p]! < doc) p++;
        at[w] = p;
        if (p === end) break outer;
        if (docs[p] !== doc) continue outer;
        total += scores[p]!;
      }
      best.max(doc, (alt.weight * total) / count);
    }
  }

  /** Products whose lower-case name contains `raw` (3 characters or more), via the trigram index. */
  private containing(raw: string, visit: (doc: number) => void): void {
    let from = 0;
    let to = -1;
    for (let i = 0; i + 3 <= raw.length; i++) {
      const id = this.trigramIds.get(raw.slice(i, i + 3));
      if (id === undefined) return;
      const start = this.trigramStart[id]!;
      const end = this.trigramStart[id + 1]!;
      if (to < 0 || end - start < to - from) {
        from = start;
        to = end;
      }
    }
    // Three characters are one trigram: its products are exactly those containing it.
    for (let e = from; e < to; e++) {
      const doc = this.trigramDocs[e]!;
      if (raw.length === 3 || this.nameLower[doc]!.includes(raw)) visit(doc);
    }
  }

  /**
   * The products matching `text`, unsorted, with what ranks them (see the module comment). With
   * `enough`, names merely containing the text are left out once that many products matched
   * words: they rank after every word match, so the first `enough` are the same (but `size` no
   * longer counts every match).
   */
  rank(text: string, enough = Infinity, copy = true): Ranking {
    const typed = words(text);
    if (typed.length === 0)
      return new Ranking(
        this.products,
        this.nameLength,
        new Int32Array(0),
        new Float64Array(0),
        new Int32Array(0),
        null,
      );
    const { groups, correctedText } = this.plan(typed);
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
        this.scoreAlternative(alt, best);
      }
      for (let k = 0; k < best.size; k++) {
        const doc = best.touched[k]!;
        const score = best.value[doc]!;
        if (totals.has(doc)) totals.value[doc]! += score;
        else totals.set(doc, score);
        totals.groups[doc]! += 1;
      }
    }
    const raw = text.trim().replace(/\s+/g, ' ').toLowerCase();
    const stemmed = typed.map(stem).join(' ');
    let most = 0;
    for (let k = 0; k < totals.size; k++) most = Math.max(most, totals.groups[totals.touched[k]!]!);
    const { matchDocs: docs, matchScore: score, matchGroups: matched } = this;
    let count = 0;
    for (let k = 0; k < totals.size; k++) {
      const doc = totals.touched[k]!;
      if (totals.groups[doc]! < most) continue;
      const from = this.headStart[doc]!;
      const to = this.headStart[doc + 1]!;
      let hits = 0;
      for (let h = from; h < to; h++) if (queryTermStamp[this.headTerms[h]!] === epoch) hits++;
      // A name without letters or digits has no head: it covers nothing (not 0/0).
      const covered = to > from ? hits / (to - from) : 0;
      const exact =
        (this.lowerLength[doc] === raw.length && this.nameLower[doc] === raw) ||
        (this.stemmedLength[doc] === stemmed.length && this.stemmedName[doc] === stemmed)
          ? 20
          : 0;
      docs[count] = doc;
      score[count] = totals.value[doc]! + exact + 4 * covered;
      matched[count++] = totals.groups[doc]!;
    }
    // Names containing the text that matched no word ("e - c", "ato") still come, last.
    if (raw.length >= 3 && count < enough) {
      this.containing(raw, (doc) => {
        if (totals.has(doc)) return;
        docs[count] = doc;
        score[count] = 0.5;
        matched[count++] = 0;
      });
    }
    // Views into the scratch arrays are only safe until the next search: `topIds` uses them at once.
    const take = <T extends Int32Array | Float64Array>(a: T) => (copy ? a.slice(0, count) : a.subarray(0, count)) as T;
    return new Ranking(this.products, this.nameLength, take(docs), take(score), take(matched), correctedText);
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
