/**
 * The search index over the active products (name, brand, subcategory, type, category): a
 * MiniSearch index of the names (BM25, prefix and fuzzy look-ups) configured with the shop's text
 * rules, the fields many products share (brand, subcategory, type, category) indexed once per
 * distinct value with the same BM25 (shared-field.ts: a per-product index of them took as much
 * memory as the names'), plus the shop's ranking on top. Updated one product at a time (`set`,
 * `discard`) by index-cache.ts, which also builds whole indexes in slices (`add`).
 *
 * Configuration: a field's words are the shop's words and stems (text.ts: accents dropped,
 * plurals folded, "tomatoes" → "tomato"); fields weigh name 10, brand 6, subcategory and type 2,
 * category 1. A query becomes groups of alternatives (query-plan.ts: each word or synonym phrase,
 * its synonyms from the shop's file, typo corrections). Each alternative is one search per word,
 * the name's and the shared fields' scores added up: every word of it must match (AND), each in
 * any field (an equivalent term from the synonyms in any but the brand), and its scores add up
 * over the words; a single typed word of 3 or more letters also matches longer catalogue words
 * starting with it (prefix, at half weight). An alternative's
 * scores are taken relative to the best name match's, times its weight (typed word 1, synonym
 * 0.9, typo correction 0.55). A product's score for a group is its best alternative's; its total
 * adds the groups up.
 *
 * Ranking (post-processing): products matching the most groups, then a name that is the whole
 * text, then the score times (1 + 0.8 × the share of the name's head the query covers: "Tomato
 * - Local" before "Tomato Ketchup" for "tomato"; + 0.3 when the query names the head's last
 * word, what the product is: "Alphonso Mango" before "Mango Thokku" for "mango"), then the
 * shorter name, then the lower id. Names merely containing the text ("e - c") come after every
 * word match.
 */

import { distance } from 'fastest-levenshtein';
import MiniSearch from 'minisearch';
import { type Alternative, type PlanSources, planQuery, typoDistance } from './query-plan.ts';
import { type IndexedProduct, type Match, Ranking } from './ranking.ts';
import { SharedField } from './shared-field.ts';
import { shortTextIds } from './short-text.ts';
import { longestKey, type SynonymTable } from './synonyms.ts';
import { stem, terms, words } from './text.ts';

export { typoDistance } from './query-plan.ts';
export type { IndexedProduct } from './ranking.ts';

/** A ranked search: product ids best first, and the text searched when words were corrected. */
export interface RankedSearch {
  ids: number[];
  /** The query with corrected words ("tomato" for "tomoto"), or null when none was corrected. */
  correctedText: string | null;
}

const FIELDS = ['name', 'brand', 'subcategoryName', 'type', 'categoryName'] as const;
/** The fields many products share, indexed once per distinct value (shared-field.ts). */
const SHARED_FIELDS = ['brand', 'subcategoryName', 'type', 'categoryName'] as const;
type SharedFieldName = (typeof SHARED_FIELDS)[number];
/**
 * How much a word counts in each field. The fields a word is in add up, so the other fields weigh
 * little beside the name: a word in the name and the type is barely above the name alone.
 */
const FIELD_BOOSTS = { name: 10, brand: 6, subcategoryName: 2, type: 2, categoryName: 1 };
/**
 * BM25's parameters: a weak length normalisation (b), since product names are short and a longer
 * name is not a weaker match (the ranking's head share and name length deal with that).
 */
const BM25 = { k: 1.2, b: 0.3, d: 0.5 };
/** A longer catalogue word starting with the typed one, against 1 for the word itself. */
const PREFIX_WEIGHT = 0.5;
/** The shortest typed word (in characters) that gets "did you mean" suggestions. */
const SUGGESTED_FROM = 3;
/**
 * A suggestion is at most one edit per this many letters of the longer word away from the typed
 * one (a swap of two neighbouring letters is one edit): "jakfroot" → "jackfruit" (3 in 9) and
 * "mnago" → "mango" (1 in 5) are typos; "qwerty" → "sweets" (3 in 6) or "asdf" → "ada" (2 in 4)
 * are not, they only share letters.
 */
const LETTERS_PER_EDIT = 3;
/** The score's raise for a name whose head (before " - ", "(", ",", "/", "+") the query covers wholly. */
const HEAD_BONUS = 0.8;
/**
 * The score's further raise when the query names the head's last word, the noun that says what
 * the product is in English names ("Alphonso Mango" is a mango, "Mango Thokku" a thokku). The
 * query names its typed words, and the synonyms and corrections of a typed word no product's
 * name has in its head ("മാങ്ങ" and "manga", which only the brackets of "Mango Ginger Pickle
 * (Manga Inji)" have, name "mango"; a misspelling only its word: "biscut" names "biscuit"): a
 * synonym of a word the catalogue calls products by ("potato" for "batata") does not lift "Sweet
 * Potato" over "Batata Vada Mix", whose name has the word typed.
 */
const HEAD_NOUN_BONUS = 0.3;
const HEAD_END = /\s[-–]\s|[(,/+]/;
/** The most the head's raises multiply a score by: a head wholly covered whose noun the query names. */
const MOST_RAISE = 1 + HEAD_BONUS * 1 + HEAD_NOUN_BONUS;

/** A product matching a query's groups, before the ranking reads its name. */
interface Candidate {
  product: IndexedProduct;
  groups: number;
  /** Its groups' scores summed. */
  score: number;
}

/**
 * The words of a lower-case ASCII name (runs of letters and digits, as `words` splits it), or -1
 * for a name with other characters (not counted here).
 */
function asciiWordCount(lower: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if (c > 127) return -1;
    const letter = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (letter && !inWord) count++;
    inWord = letter;
  }
  return count;
}

/**
 * Edits between two words, a swap of two neighbouring letters counting as one ("mnago" → "mango":
 * 1; Levenshtein counts it 2): the optimal string alignment distance. With `max`, any count over
 * it is `max + 1` (the count stops once every way is over it).
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const n = b.length;
  // Three rows of the table: two back (for a swap), the last one, the one being filled.
  let before = new Uint32Array(n + 1);
  let previous = Uint32Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Uint32Array(n + 1);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row[j] = d;
      if (d < least) least = d;
    }
    // A row's least count is at most one more than the row before's, and no less than the lesser
    // of the row before's and (through a swap) the one before that's plus one: once a row's is
    // over `max`, the row before's was at least `max`, and every later row's is over it too.
    if (least > max) return max + 1;
    [before, previous, row] = [previous, row, before];
  }
  return Math.min(previous[n]!, max + 1);
}

/**
 * Whether `a` and `b` are at most `max` edits apart (`editDistance`). Levenshtein's count (a swap
 * is two edits there) is quick and settles most pairs: within `max` it is close enough, over
 * twice `max` it is not.
 */
function within(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  const levenshtein = distance(a, b);
  return levenshtein <= max || (levenshtein <= 2 * max && editDistance(a, b, max) <= max);
}

/**
 * `term` and its spellings with up to `most` swaps of two neighbouring, different letters (no
 * letter swapped twice), each with its number of swaps, `term` itself first. A word within `d`
 * edits of `term` counting a swap as one (`editDistance`) is, for one of these spellings with `s`
 * swaps, within `d - s` edits of Levenshtein's: the swaps of its alignment undone.
 * @example withSwaps('abc', 1) // abc (0), bac (1), acb (1)
 */
function withSwaps(term: string, most: number): { text: string; swaps: number }[] {
  const out = [{ text: term, swaps: 0 }];
  const swapFrom = (text: string, from: number, swaps: number) => {
    if (swaps === most) return;
    for (let i = from; i + 1 < text.length; i++) {
      if (text[i] === text[i + 1]) continue;
      const next = text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
      out.push({ text: next, swaps: swaps + 1 });
      swapFrom(next, i + 2, swaps + 1);
    }
  };
  swapFrom(term, 0, 0);
  return out;
}

/** Whether catalogue term `near` is close enough to the typed `term` to suggest it (LETTERS_PER_EDIT). */
function closeEnough(term: string, near: string): boolean {
  return editDistance(term, near) * LETTERS_PER_EDIT <= Math.max(term.length, near.length);
}

/** Terms are stemmed once, when the query is planned: the search takes them as they are. */
const asIs = (term: string) => term;

/**
 * What the ranking reads of a product's name, computed per search for the products it matched
 * (kept for every product, these would hold about as much memory as the index itself).
 */
interface NameFacts {
  lower: string;
  /** The name's stemmed words joined by a space. */
  stemmed: string;
  /** The stemmed words of the name's head (the whole name's when the head has none). */
  head: string[];
}

/** The head's last word: what the product is ("mango" in "Alphonso Mango (Ratnagiri)"). */
const headNoun = (facts: NameFacts): string | undefined => facts.head[facts.head.length - 1];

export class SearchIndex {
  /** The names' index. */
  readonly #engine: MiniSearch<IndexedProduct>;
  /** The shared fields' indexes. */
  readonly #shared = new Map<SharedFieldName, SharedField>(SHARED_FIELDS.map((f) => [f, new SharedField()]));
  readonly #products = new Map<number, IndexedProduct>();
  /** Each product's lower-case name, for names merely containing the text. */
  readonly #lower = new Map<number, string>();
  /** Each catalogue term with the number of products having it (the plan asks whether a word is known). */
  readonly #terms = new Map<string, number>();
  readonly #plan: PlanSources;
  /** Changes since the index was made: a key for caches of answers, with the snapshot's version. */
  #generation = 0;

  /** An index of `products` (a build in slices passes none and `add`s them). */
  constructor(products: Iterable<IndexedProduct>, synonyms: SynonymTable) {
    this.#engine = new MiniSearch<IndexedProduct>({
      fields: ['name'],
      extractField: (doc, field) => (doc[field as keyof IndexedProduct] as string | number | null) ?? '',
      tokenize: words,
      processTerm: stem,
      searchOptions: {
        boost: { name: FIELD_BOOSTS.name },
        weights: { prefix: PREFIX_WEIGHT, fuzzy: 1 },
        tokenize: (text) => text.split(' '),
        processTerm: asIs,
        bm25: BM25,
      },
    });
    this.#plan = {
      has: (term) => this.#has(term),
      hasLonger: (term) => this.#hasLonger(term),
      nearest: (term, max, limit) => this.nearest(term, max, limit),
      synonyms,
      longestSynonym: longestKey(synonyms),
      display: (term) => this.display(term),
    };
    for (const p of products) this.add(p);
  }

  /** How many products the index holds. */
  get size(): number {
    return this.#products.size;
  }

  /** Changes made to the index since it was created (see `#generation`). */
  get generation(): number {
    return this.#generation;
  }

  /** Adds a product the index does not hold yet (a build's step). */
  add(product: IndexedProduct): void {
    this.#engine.add(product);
    for (const [field, index] of this.#shared) index.add(product.id, product[field]);
    this.#products.set(product.id, product);
    this.#lower.set(product.id, product.name.toLowerCase());
    this.#count(product, 1);
  }

  /** Indexes `product` in place of the one with its id, or adds it. */
  set(product: IndexedProduct): void {
    const before = this.#products.get(product.id);
    if (before) {
      this.#count(before, -1);
      this.#engine.replace(product);
      for (const [field, index] of this.#shared) index.remove(before.id, before[field]);
    } else this.#engine.add(product);
    for (const [field, index] of this.#shared) index.add(product.id, product[field]);
    this.#products.set(product.id, product);
    this.#lower.set(product.id, product.name.toLowerCase());
    this.#count(product, 1);
    this.#generation++;
  }

  /** Drops product `id` from the index (nothing when it is not there). */
  discard(id: number): void {
    const before = this.#products.get(id);
    if (!before) return;
    this.#products.delete(id);
    this.#lower.delete(id);
    this.#count(before, -1);
    this.#engine.discard(id);
    for (const [field, index] of this.#shared) index.remove(id, before[field]);
    this.#generation++;
  }

  /** Adds `delta` to the product count of each of `p`'s terms. */
  #count(p: IndexedProduct, delta: 1 | -1): void {
    const seen = new Set<string>();
    for (const field of FIELDS) {
      const text = p[field];
      if (typeof text === 'string') for (const t of terms(text)) seen.add(t);
    }
    for (const t of seen) {
      const n = (this.#terms.get(t) ?? 0) + delta;
      if (n > 0) this.#terms.set(t, n);
      else this.#terms.delete(t);
    }
  }

  /** The indexed product with this id (for filters), or undefined. */
  product(id: number): IndexedProduct | undefined {
    return this.#products.get(id);
  }

  #facts(p: IndexedProduct): NameFacts {
    const stems = terms(p.name);
    // The head ends at a separator, so its words are the name's first ones.
    const end = p.name.search(HEAD_END);
    const inHead = end < 0 ? stems.length : words(p.name.slice(0, end)).length;
    return {
      lower: this.#lower.get(p.id) ?? p.name.toLowerCase(),
      stemmed: stems.join(' '),
      head: inHead ? stems.slice(0, inHead) : stems,
    };
  }

  /**
   * Product id → score of the products matching every word of `alt`: the words' scores added up
   * (`#wordScores`), relative to the best product having them all in its name alone (or the best
   * product, when none has), times the alternative's weight. So a rare word (a Hindi synonym: high IDF) weighs no more than a common
   * one: among products the fields a word is in decide, among alternatives their weights.
   */
  #scores(alt: Alternative): Map<number, number> {
    // Products matched in a shared field by any word: the others have every word in the name alone.
    const shared = new Set<number>();
    let totals: Map<number, number> | undefined;
    for (const word of alt.words) {
      const scores = this.#wordScores(word, alt.prefix, shared, alt.brand);
      if (!totals) totals = scores;
      else {
        const both = new Map<number, number>();
        for (const [id, score] of totals) {
          const more = scores.get(id);
          if (more !== undefined) both.set(id, score + more);
        }
        totals = both;
      }
      if (totals.size === 0) break;
    }
    const out = new Map<number, number>();
    if (!totals?.size) return out;
    // The best product with its words in its name alone sets the scale (the best of all when none has).
    let named = 0;
    let best = 0;
    for (const [id, score] of totals) {
      if (score > best) best = score;
      if (score > named && !shared.has(id)) named = score;
    }
    const scale = alt.weight / (named || best);
    for (const [id, score] of totals) out.set(id, score * scale);
    return out;
  }

  /**
   * Product id → score for one (stemmed) word in any field: the name's BM25 from MiniSearch plus
   * each shared field's, each times its boost (the brand's only when `brand`). Adds the products a
   * shared field matched to `shared`.
   */
  #wordScores(word: string, prefix: boolean, shared?: Set<number>, brand = true): Map<number, number> {
    const scores = new Map<number, number>();
    for (const r of this.#engine.search(word, { prefix })) scores.set(r.id as number, r.score);
    const more = new Map<number, number>();
    const total = this.#products.size;
    for (const [field, index] of this.#shared)
      if (brand || field !== 'brand')
        index.score(word, { prefix, prefixWeight: PREFIX_WEIGHT, boost: FIELD_BOOSTS[field], total, bm25: BM25 }, more);
    for (const [id, score] of more) {
      scores.set(id, (scores.get(id) ?? 0) + score);
      shared?.add(id);
    }
    return scores;
  }

  /**
   * Whether one of the products `ids` has every one of `terms` in its name's head, i.e. its name
   * says it is what they name ("Batata Vada Mix" for "batata"; "Mango Ginger Pickle (Manga Inji)"
   * is no "manga"). Name matches come first, best first, so the first usually answers.
   */
  #inSomeHead(terms: string[], ids: Iterable<number>): boolean {
    for (const id of ids) {
      const head = this.#facts(this.#products.get(id)!).head;
      if (terms.every((t) => head.includes(t))) return true;
    }
    return false;
  }

  /** Whether the catalogue has this (stemmed) term. */
  #has(term: string): boolean {
    return this.#terms.has(term);
  }

  /** Whether the catalogue has a longer term starting with `term`. */
  #hasLonger(term: string): boolean {
    for (const index of this.#shared.values()) if (index.hasLonger(term)) return true;
    return this.#engine.search(term, { prefix: true }).some((r) => r.terms.some((t) => t !== term));
  }

  /**
   * The catalogue terms nearest to `term` within `maxDistance` edits, a swap of neighbouring
   * letters counting as one (`editDistance`), best first: fewest edits (a different first letter
   * counts half an edit more), then most products, then alphabetical. At most `limit` of the best
   * rank. MiniSearch's fuzzy look-up counts a swap as two edits, so it looks up `term` and each
   * spelling of it with swaps undone (`withSwaps`), within the edits left: "mnago" finds "mango"
   * as "mngo" does.
   */
  nearest(term: string, maxDistance = typoDistance(term.length), limit = 2): string[] {
    if (maxDistance <= 0) return [];
    const near = new Set<string>();
    for (const { text, swaps } of withSwaps(term, maxDistance)) {
      const left = maxDistance - swaps;
      if (left === 0) {
        if (this.#terms.has(text)) near.add(text);
        continue;
      }
      for (const r of this.#engine.search(text, { prefix: false, fuzzy: left, maxFuzzy: left }))
        for (const t of r.terms) near.add(t);
    }
    for (const index of this.#shared.values())
      for (const t of index.terms()) if (within(term, t, maxDistance)) near.add(t);
    near.delete(term);
    const found = [...near].map((t) => ({
      t,
      df: this.#terms.get(t) ?? 0,
      d: editDistance(term, t) + (t[0] === term[0] ? 0 : 0.5),
    }));
    found.sort((a, b) => a.d - b.d || b.df - a.df || (a.t < b.t ? -1 : 1));
    return found
      .filter((f) => f.d === found[0]!.d)
      .slice(0, limit)
      .map((f) => f.t);
  }

  /** The catalogue's own spelling of a term (its most common word among the products having it), or the term. */
  display(term: string): string {
    const counts = new Map<string, number>();
    const top = [...this.#wordScores(term, false)].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 50);
    for (const [id] of top) {
      const p = this.#products.get(id);
      if (!p) continue;
      for (const field of FIELDS) {
        const text = p[field];
        if (typeof text !== 'string') continue;
        for (const w of words(text)) if (stem(w) === term) counts.set(w, (counts.get(w) ?? 0) + 1);
      }
    }
    let best = term;
    let most = 0;
    for (const [w, n] of counts) if (n > most) [best, most] = [w, n];
    return best;
  }

  /**
   * The products matching `text`, ranked (see the module comment). With `enough`, names merely
   * containing the text are left out once that many products matched words: they rank after
   * every word match, so the first `enough` are the same (but `size` no longer counts every match).
   */
  rank(text: string, enough = Infinity): Ranking {
    const typed = words(text);
    if (typed.length === 0) return new Ranking([], null);
    const { groups, correctedText } = planQuery(typed, this.#plan);
    const queryTerms = new Set<string>();
    const totals = new Map<number, { score: number; groups: number }>();
    // Per group, the products its typed words matched (the group's first alternative).
    const typedMatches: Map<number, number>[] = [];
    for (const group of groups) {
      const best = new Map<number, number>();
      for (const alt of group) {
        for (const w of alt.words) queryTerms.add(w);
        const scores = this.#scores(alt);
        if (alt === group[0]) typedMatches.push(scores);
        for (const [id, score] of scores) if (score > (best.get(id) ?? 0)) best.set(id, score);
      }
      for (const [id, score] of best) {
        const total = totals.get(id);
        if (total) {
          total.score += score;
          total.groups += 1;
        } else totals.set(id, { score, groups: 1 });
      }
    }
    let most = 0;
    for (const t of totals.values()) most = Math.max(most, t.groups);
    const raw = text.trim().replace(/\s+/g, ' ').toLowerCase();
    // What the customer named: the typed words, and for a typed word no product's name says it
    // is ("മാങ്ങ", "mangoo", "biscut"; "manga" only in "Mango Ginger Pickle (Manga Inji)") the words
    // it stands for: its best-weighted alternatives (its synonyms, its corrections; a misspelling's
    // word, not that word's equivalents: "biscut" names no cookie).
    const named = new Set(typed.map(stem));
    for (const [g, [typedPhrase, ...others]] of groups.entries()) {
      if (others.length === 0 || this.#inSomeHead(typedPhrase!.words, typedMatches[g]!.keys())) continue;
      const top = Math.max(...others.map((alt) => alt.weight));
      for (const alt of others) if (alt.weight === top) for (const w of alt.words) named.add(w);
    }
    const stemmed = typed.map(stem).join(' ');
    // The products matching the most groups: the others rank after every one of them.
    const candidates: Candidate[] = [];
    for (const [id, total] of totals) {
      if (total.groups < most) continue;
      const product = this.#products.get(id);
      if (product) candidates.push({ product, groups: total.groups, score: total.score });
    }
    const match = ({ product, groups, score }: Candidate): Match => {
      const facts = this.#facts(product);
      const covered = facts.head.filter((t) => queryTerms.has(t)).length / (facts.head.length || 1);
      const noun = named.has(headNoun(facts) ?? '') ? HEAD_NOUN_BONUS : 0;
      return {
        product,
        groups,
        exact: facts.lower === raw || facts.stemmed === stemmed,
        score: score * (1 + HEAD_BONUS * covered + noun),
      };
    };
    const matches =
      candidates.length <= enough
        ? candidates.map(match)
        : this.#firstMatches(candidates, enough, raw, typed.length, match);
    // Names containing the text that matched no word ("e - c", "ato") still come, last.
    if (raw.length >= 3 && candidates.length < enough)
      for (const [id, lower] of this.#lower)
        if (lower.includes(raw) && !totals.has(id))
          matches.push({ product: this.#products.get(id)!, groups: 0, exact: false, score: 0 });
    return new Ranking(matches, correctedText);
  }

  /**
   * The matches of `candidates` (all matching the same number of groups) that can be among the
   * first `k`, made with `match`, which reads the name's facts (the costly part of a broad
   * search: thousands of names). A name can be the whole text only when it is the text, or has as
   * many words as the query (`wordsTyped`): those are made first, as they rank before the rest.
   * The rest go in order of their score before the head's raise, which at most multiplies it by
   * MOST_RAISE: once that bound is below the k-th best made so far, no later one can rank there.
   */
  #firstMatches(
    candidates: Candidate[],
    k: number,
    raw: string,
    wordsTyped: number,
    match: (candidate: Candidate) => Match,
  ): Match[] {
    const out: Match[] = [];
    const rest: Candidate[] = [];
    for (const c of candidates) {
      const lower = this.#lower.get(c.product.id) ?? '';
      const count = asciiWordCount(lower);
      if (lower === raw || count < 0 || count === wordsTyped) out.push(match(c));
      else rest.push(c);
    }
    const need = k - out.filter((m) => m.exact).length;
    if (need <= 0) return out;
    /** The best scores of inexact matches made so far, highest first, at most `need`. */
    const best: number[] = [];
    const keep = (score: number) => {
      let at = best.length;
      while (at > 0 && best[at - 1]! < score) at--;
      if (at < need) best.splice(at, 0, score);
      if (best.length > need) best.pop();
    };
    for (const m of out) if (!m.exact) keep(m.score);
    rest.sort((a, b) => b.score - a.score);
    for (const c of rest) {
      if (best.length === need && c.score * MOST_RAISE < best[need - 1]!) break;
      const m = match(c);
      out.push(m);
      keep(m.score);
    }
    return out;
  }

  /** Ids of the first `k` products for `text`, best first (the dropdown's path, once per keystroke). */
  topIds(text: string, k: number): number[] {
    return this.rank(text, k).ids(k);
  }

  /**
   * Ids of the first `k` products for a text of one or two characters (lower case): names
   * starting with it in name order, then names with a word starting with it, then names
   * containing it, by name length (short-text.ts).
   */
  shortTextIds(text: string, k: number): number[] {
    return shortTextIds(this.#lower, text, k);
  }

  /**
   * Every product for a text of one or two characters (lower case), in `shortTextIds`'s order, as
   * a ranking: the results page lists what the dropdown starts with.
   */
  shortTextRanking(text: string): Ranking {
    const ids = shortTextIds(this.#lower, text, Number.POSITIVE_INFINITY);
    // Scores falling with the position keep that order through the ranking's sort.
    const matches = ids.map((id, at) => ({
      product: this.#products.get(id)!,
      groups: 1,
      exact: false,
      score: ids.length - at,
    }));
    return new Ranking(matches, null);
  }

  /** Ranks the active products for `text`, every match in order (see the module comment). */
  search(text: string): RankedSearch {
    const ranking = this.rank(text);
    return { ids: ranking.ids(), correctedText: ranking.correctedText };
  }

  /**
   * Search words to try when `text` finds nothing: for each typed word of SUGGESTED_FROM letters or
   * more, the catalogue's nearest words within a wider distance (up to 3 edits, at most half the
   * word) that are close enough to be a typo of it (LETTERS_PER_EDIT), as the catalogue spells
   * them. Junk ("qwerty", "sdfgsdfg") suggests nothing rather than words it merely shares letters
   * with. A shorter word is too little to guess from ("a" is one edit from every one-letter word).
   */
  suggestions(text: string, limit = 5): string[] {
    const out: string[] = [];
    for (const word of words(text)) {
      if (word.length < SUGGESTED_FROM) continue;
      const term = stem(word);
      const max = Math.min(3, Math.max(1, Math.floor(term.length / 2)));
      for (const near of this.nearest(term, max, limit)) {
        if (!closeEnough(term, near)) continue;
        const shown = this.display(near);
        if (!out.includes(shown)) out.push(shown);
      }
    }
    return out.slice(0, limit);
  }
}
