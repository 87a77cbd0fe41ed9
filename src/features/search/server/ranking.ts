/**
 * The products a search matched, in rank order (engine.ts): more groups of the query matched,
 * then a name that is the whole text, then higher score, then shorter name, then lower id. The
 * order is total (ids break ties), so any selection of it is what a full sort gives.
 */

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

/** One product a search matched, with what ranks it. */
export interface Match {
  product: IndexedProduct;
  /** Groups of the query it matched (0: its name merely contains the text). */
  groups: number;
  /** Its name is the whole text, as typed or stemmed. */
  exact: boolean;
  /** Its groups' scores summed, raised by the share of its name's head the query covers. */
  score: number;
}

/** Negative when `a` ranks before `b` (see the module comment). */
export function compareMatches(a: Match, b: Match): number {
  return (
    b.groups - a.groups ||
    Number(b.exact) - Number(a.exact) ||
    b.score - a.score ||
    a.product.name.length - b.product.name.length ||
    a.product.id - b.product.id
  );
}

export class Ranking {
  readonly #matches: Match[];
  /** The query with corrected words ("tomato" for "tomoto"), or null. */
  readonly correctedText: string | null;

  /** Takes `matches` (in any order) and sorts them by rank. */
  constructor(matches: Match[], correctedText: string | null) {
    this.#matches = matches.sort(compareMatches);
    this.correctedText = correctedText;
  }

  /** How many products matched. */
  get size(): number {
    return this.#matches.length;
  }

  /** The product of match `i` (0 ≤ i < size; match 0 ranks first). */
  product(i: number): IndexedProduct {
    return this.#matches[i]!.product;
  }

  /** Negative when match `i` ranks before match `j`. */
  compare(i: number, j: number): number {
    return i - j;
  }

  /** The first `k` matches that `keep` accepts (default all), best first, as match numbers. */
  top(k: number, keep?: (i: number) => boolean): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.#matches.length && out.length < k; i++) if (!keep || keep(i)) out.push(i);
    return out;
  }

  /** Product ids of the first `k` matches (default all), best first. */
  ids(k = this.#matches.length): number[] {
    return this.#matches.slice(0, k).map((m) => m.product.id);
  }
}
