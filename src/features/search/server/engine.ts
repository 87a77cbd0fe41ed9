/**
 * The in-memory search index and its ranking (issue 14 "Search that speaks the customer's
 * words"). Built from the active products (name, category, subcategory, type, brand) by
 * index-cache.ts; pure and synchronous, so one search over 20,000 products takes a few
 * milliseconds.
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
 */
import { distance } from 'fastest-levenshtein';
import { stem, terms, words } from './text.ts';
import { longestKey, type SynonymTable } from './synonyms.ts';

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
/** Most catalogue words one prefix expands to. */
const MAX_PREFIX_TERMS = 200;

interface Alternative {
  words: string[];
  weight: number;
  prefix: boolean;
}

/** Edits a typed word of `length` letters may be away from a catalogue word. */
export const typoDistance = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

export class SearchIndex {
  readonly size: number;
  private readonly products: IndexedProduct[];
  private readonly nameLower: string[];
  private readonly nameTerms: string[][];
  private readonly headTerms: string[][];
  /** term → (product index → field score). */
  private readonly postings = new Map<string, Map<number, number>>();
  /** Every term, sorted (prefix look-ups), and by length (typo look-ups). */
  private readonly sortedTerms: string[];
  private readonly termsByLength = new Map<number, string[]>();
  /** A term's most common spelling in the catalogue, for "Showing results for". */
  private readonly surface = new Map<string, string>();
  private readonly longestSynonym: number;
  private readonly synonyms: SynonymTable;

  constructor(products: IndexedProduct[], synonyms: SynonymTable) {
    this.synonyms = synonyms;
    this.products = products;
    this.size = products.length;
    this.nameLower = products.map((p) => p.name.toLowerCase());
    this.nameTerms = products.map((p) => terms(p.name));
    // The name's head: before " - ", "(", ",", "/" or "+" ("Tomato - Local" → "tomato").
    this.headTerms = products.map((p, i) => {
      const head = terms(p.name.split(/\s[-–]\s|[(,/+]/)[0] ?? '');
      return head.length ? head : this.nameTerms[i]!;
    });
    const surfaceCounts = new Map<string, Map<string, number>>();
    products.forEach((p, i) => {
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
        const score = best + 0.3 * (weights.reduce((a, b) => a + b, 0) - best);
        let posting = this.postings.get(term);
        if (!posting) this.postings.set(term, (posting = new Map()));
        posting.set(i, score);
      }
    });
    this.sortedTerms = [...this.postings.keys()].sort();
    for (const term of this.sortedTerms) {
      const list = this.termsByLength.get(term.length) ?? [];
      list.push(term);
      this.termsByLength.set(term.length, list);
    }
    for (const [term, counts] of surfaceCounts) this.surface.set(term, [...counts].sort((a, b) => b[1] - a[1])[0]![0]);
    this.longestSynonym = longestKey(synonyms);
  }

  /** Whether the catalogue has this (stemmed) term. */
  has(term: string): boolean {
    return this.postings.has(term);
  }

  /** Catalogue terms starting with `prefix` (not itself), at most MAX_PREFIX_TERMS. */
  private prefixed(prefix: string): string[] {
    let lo = 0;
    let hi = this.sortedTerms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sortedTerms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.sortedTerms.length && out.length < MAX_PREFIX_TERMS; i++) {
      const term = this.sortedTerms[i]!;
      if (!term.startsWith(prefix)) break;
      if (term !== prefix) out.push(term);
    }
    return out;
  }

  /**
   * The catalogue terms nearest to an unknown word within `maxDistance` edits, best first (fewest
   * edits, then same first letter, then most products).
   */
  nearest(term: string, maxDistance = typoDistance(term.length), limit = 2): string[] {
    if (maxDistance <= 0) return [];
    const found: { term: string; d: number; df: number }[] = [];
    for (let len = term.length - maxDistance; len <= term.length + maxDistance; len++) {
      for (const candidate of this.termsByLength.get(len) ?? []) {
        const d = distance(term, candidate);
        if (d <= maxDistance) found.push({ term: candidate, d: d + (candidate[0] === term[0] ? 0 : 0.5), df: this.postings.get(candidate)!.size });
      }
    }
    found.sort((a, b) => a.d - b.d || b.df - a.df);
    return found.filter((f) => f.d === found[0]!.d).slice(0, limit).map((f) => f.term);
  }

  /** The catalogue's own spelling of a term (its most common word), or the term. */
  display(term: string): string {
    return this.surface.get(term) ?? term;
  }

  /** The query's groups of alternatives (module comment), and the corrected text if any. */
  private plan(text: string): { groups: Alternative[][]; correctedText: string | null } {
    const typed = words(text);
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
      const alternatives: Alternative[] = [{ words: phrase, weight: 1, prefix: taken === 1 && phrase[0]!.length >= 3 && !/^\d+$/.test(phrase[0]!) }];
      for (const alt of this.synonyms.get(key) ?? []) alternatives.push({ words: alt.words, weight: alt.weight, prefix: false });
      let words_ = typed.slice(i, i + taken).join(' ');
      if (taken === 1 && alternatives.length === 1 && !this.has(key) && !/\d/.test(key)) {
        const near = this.nearest(key);
        for (const term of near) alternatives.push({ words: [term], weight: CORRECTION_WEIGHT, prefix: false });
        if (near.length && this.prefixed(key).length === 0) {
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

  /** Product index → score of one alternative (every word must match; a word's best field counts). */
  private scoreAlternative(alt: Alternative): Map<number, number> {
    const perWord = alt.words.map((word) => {
      const exact = this.postings.get(word) ?? new Map<number, number>();
      const longer = alt.prefix && alt.words.length === 1 ? this.prefixed(word) : [];
      if (longer.length === 0) return exact;
      const scores = new Map(exact);
      {
        for (const term of longer) {
          for (const [doc, score] of this.postings.get(term)!) {
            const s = score * PREFIX_WEIGHT;
            if (s > (scores.get(doc) ?? 0)) scores.set(doc, s);
          }
        }
      }
      return scores;
    });
    const [first, ...rest] = perWord;
    const out = new Map<number, number>();
    for (const [doc, score] of first!) {
      let total = score;
      let all = true;
      for (const other of rest) {
        const s = other.get(doc);
        if (s === undefined) {
          all = false;
          break;
        }
        total += s;
      }
      if (all) out.set(doc, (alt.weight * total) / alt.words.length);
    }
    return out;
  }

  /** Ranks the active products for `text` (see the module comment). */
  search(text: string): RankedSearch {
    const query = words(text).join(' ');
    if (!query) return { ids: [], correctedText: null };
    const { groups, correctedText } = this.plan(text);
    const totals = new Map<number, { score: number; groups: number }>();
    const queryTerms = new Set<string>();
    for (const group of groups) {
      const best = new Map<number, number>();
      for (const alt of group) {
        alt.words.forEach((w) => queryTerms.add(w));
        for (const [doc, score] of this.scoreAlternative(alt)) if (score > (best.get(doc) ?? 0)) best.set(doc, score);
      }
      for (const [doc, score] of best) {
        const t = totals.get(doc) ?? { score: 0, groups: 0 };
        t.score += score;
        t.groups += 1;
        totals.set(doc, t);
      }
    }
    const raw = text.trim().replace(/\s+/g, ' ').toLowerCase();
    const stemmed = terms(text).join(' ');
    let most = 0;
    for (const t of totals.values()) most = Math.max(most, t.groups);
    const ranked: { doc: number; score: number; groups: number }[] = [];
    for (const [doc, t] of totals) {
      if (t.groups < most) continue;
      const head = this.headTerms[doc]!;
      const covered = head.filter((term) => queryTerms.has(term)).length / head.length;
      const exact = this.nameLower[doc] === raw || this.nameTerms[doc]!.join(' ') === stemmed ? 20 : 0;
      ranked.push({ doc, score: t.score + exact + 4 * covered, groups: t.groups });
    }
    // Names containing the text that matched no word ("e - c", "ato") still come, last.
    if (raw.length >= 3) {
      for (let doc = 0; doc < this.size; doc++) {
        if (!totals.has(doc) && this.nameLower[doc]!.includes(raw)) ranked.push({ doc, score: 0.5, groups: 0 });
      }
    }
    ranked.sort(
      (a, b) => b.groups - a.groups || b.score - a.score || this.products[a.doc]!.name.length - this.products[b.doc]!.name.length || this.products[a.doc]!.id - this.products[b.doc]!.id,
    );
    return { ids: ranked.map((r) => this.products[r.doc]!.id), correctedText };
  }

  /** The indexed product with this id (for filters), or undefined. */
  product(id: number): IndexedProduct | undefined {
    return this.byId().get(id);
  }

  private idMap: Map<number, IndexedProduct> | undefined;
  private byId(): Map<number, IndexedProduct> {
    this.idMap ??= new Map(this.products.map((p) => [p.id, p]));
    return this.idMap;
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
