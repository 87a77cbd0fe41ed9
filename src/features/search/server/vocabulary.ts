/**
 * The catalogue's search terms and their posting lists: every term once, sorted; per term the
 * products (by index) that have it and the field score it earns there, in two flat typed arrays
 * rather than a Map per term (a Map entry per product and term costs far more memory and a pointer
 * chase per look-up). Answers the engine's three word look-ups: exact (`posting`), longer words
 * starting with a prefix (`prefixed`), and the nearest words to a typo (`nearest`), which measures
 * edit distance only for words whose letters could be that close (see `letterMask`).
 */
import { distance } from 'fastest-levenshtein';

/** Most catalogue words one prefix expands to. */
export const MAX_PREFIX_TERMS = 200;

/**
 * A bit per letter (a–z; digits share six bits; anything else the last bit) present in `word`.
 * Each edit brings in at most one letter and takes out at most one, so two words whose masks
 * differ by more than `d` letters on either side are more than `d` edits apart: a safe filter
 * before the exact distance (bits shared by several characters only make it weaker).
 */
export function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    mask |= c >= 97 && c <= 122 ? 1 << (c - 97) : c >= 48 && c <= 57 ? 1 << (26 + ((c - 48) % 5)) : 1 << 31;
  }
  return mask;
}

function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A product's term with its field score, as the index builder collects them. */
export type TermPostings = Map<string, { docs: number[]; scores: number[] }>;

export class Vocabulary {
  /** Every term, sorted (prefix look-ups go by binary search). */
  readonly terms: string[];
  private readonly ids = new Map<string, number>();
  /** Term id → its first entry in `docs`/`scores`; `start[id + 1]` ends it. */
  private readonly start: Int32Array;
  /** Product indexes per term, ascending, and the field score of each. */
  readonly docs: Int32Array;
  readonly scores: Float64Array;
  /** Term ids by length, in sorted order, with their letter masks (typo look-ups). */
  private readonly byLength = new Map<number, { ids: Int32Array; masks: Int32Array }>();

  /** Builds from each term's products, which must be listed in ascending product order. */
  constructor(postings: TermPostings) {
    this.terms = [...postings.keys()].sort();
    this.start = new Int32Array(this.terms.length + 1);
    let total = 0;
    this.terms.forEach((term, id) => {
      this.ids.set(term, id);
      this.start[id] = total;
      total += postings.get(term)!.docs.length;
    });
    this.start[this.terms.length] = total;
    this.docs = new Int32Array(total);
    this.scores = new Float64Array(total);
    const lengths = new Map<number, number[]>();
    this.terms.forEach((term, id) => {
      const { docs, scores } = postings.get(term)!;
      this.docs.set(docs, this.start[id]!);
      this.scores.set(scores, this.start[id]!);
      const list = lengths.get(term.length) ?? [];
      list.push(id);
      lengths.set(term.length, list);
    });
    for (const [length, ids] of lengths) {
      this.byLength.set(length, {
        ids: Int32Array.from(ids),
        masks: Int32Array.from(ids, (id) => letterMask(this.terms[id]!)),
      });
    }
  }

  /** The term's id, or -1 when the catalogue does not have it. */
  id(term: string): number {
    return this.ids.get(term) ?? -1;
  }

  /** Where the term's entries are in `docs`/`scores`: [from, to) (empty for -1). */
  range(id: number): [number, number] {
    return id < 0 ? [0, 0] : [this.start[id]!, this.start[id + 1]!];
  }

  /** Products that have the term (its document frequency). */
  frequency(id: number): number {
    return id < 0 ? 0 : this.start[id + 1]! - this.start[id]!;
  }

  /** Ids of the terms starting with `prefix` (not itself), in sorted order, at most MAX_PREFIX_TERMS. */
  prefixed(prefix: string): number[] {
    const { terms } = this;
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < terms.length && out.length < MAX_PREFIX_TERMS; i++) {
      const term = terms[i]!;
      if (!term.startsWith(prefix)) break;
      if (term !== prefix) out.push(i);
    }
    return out;
  }

  /**
   * The terms nearest to `term` within `maxDistance` edits, best first: fewest edits (a different
   * first letter counts half an edit more), then most products; ties in sorted order. At most
   * `limit` of the best rank.
   */
  nearest(term: string, maxDistance: number, limit: number): string[] {
    if (maxDistance <= 0) return [];
    const mask = letterMask(term);
    const found: { term: string; d: number; df: number }[] = [];
    for (let len = term.length - maxDistance; len <= term.length + maxDistance; len++) {
      const bucket = this.byLength.get(len);
      if (!bucket) continue;
      const { ids, masks } = bucket;
      for (let i = 0; i < ids.length; i++) {
        const other = masks[i]!;
        if (bitCount(other & ~mask) > maxDistance || bitCount(mask & ~other) > maxDistance) continue;
        const candidate = this.terms[ids[i]!]!;
        const d = distance(term, candidate);
        if (d <= maxDistance)
          found.push({ term: candidate, d: d + (candidate[0] === term[0] ? 0 : 0.5), df: this.frequency(ids[i]!) });
      }
    }
    found.sort((a, b) => a.d - b.d || b.df - a.df);
    return found
      .filter((f) => f.d === found[0]!.d)
      .slice(0, limit)
      .map((f) => f.term);
  }
}
