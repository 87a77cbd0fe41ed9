/**
 * A searchable field whose values many products share (brand, type, subcategory, category):
 * each distinct value is tokenised and kept once, with the ids of the products having it, where a
 * per-product index would store the same words again for every product (at 100,000 products,
 * four such fields took about 36 MB of MiniSearch's maps).
 *
 * Scores are MiniSearch's BM25 for the field as if every product held its value (engine.ts): a
 * term's document frequency is the number of products whose value has it, the average field
 * length is over all products (a product without a value counts 0 words), the field length is
 * the value's count of distinct words, and a longer word matched by prefix weighs
 * `prefixWeight × length / (length + 0.3 × extra letters)`. So a product's score for a word is the
 * same as when the field was one of MiniSearch's own.
 */

import { stem, words } from './text.ts';

/** BM25's parameters, as MiniSearch takes them. */
export interface Bm25 {
  k: number;
  b: number;
  d: number;
}

/** One distinct value: its words and the products having it. */
interface Value {
  /** Stemmed term → times it occurs in the value. */
  termFrequency: Map<string, number>;
  /** Distinct words of the value, unstemmed (MiniSearch's field length). */
  length: number;
  /** Ids of the products having this value, in no particular order. */
  ids: number[];
}

/** MiniSearch's BM25 score of one term in one field of one document. */
export function bm25Score(
  termFrequency: number,
  matching: number,
  total: number,
  fieldLength: number,
  averageLength: number,
  { k, b, d }: Bm25,
): number {
  const inverseFrequency = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  return (
    inverseFrequency *
    (d + (termFrequency * (k + 1)) / (termFrequency + k * (1 - b + (b * fieldLength) / averageLength)))
  );
}

export class SharedField {
  readonly #values = new Map<string, Value>();
  /** Stemmed term → the values having it. */
  readonly #byTerm = new Map<string, Set<Value>>();
  /** Stemmed term → products whose value has it. */
  readonly #products = new Map<string, number>();
  /** Sum over the products of their value's length, for the average. */
  #lengthSum = 0;

  /** Records that product `id` has `text` in this field (null or empty: no words). */
  add(id: number, text: string | null): void {
    if (!text) return;
    let value = this.#values.get(text);
    if (!value) {
      const typed = words(text);
      const termFrequency = new Map<string, number>();
      for (const w of typed) {
        const t = stem(w);
        termFrequency.set(t, (termFrequency.get(t) ?? 0) + 1);
      }
      value = { termFrequency, length: new Set(typed).size, ids: [] };
      this.#values.set(text, value);
      for (const t of termFrequency.keys()) {
        const having = this.#byTerm.get(t);
        if (having) having.add(value);
        else this.#byTerm.set(t, new Set([value]));
      }
    }
    value.ids.push(id);
    this.#lengthSum += value.length;
    for (const t of value.termFrequency.keys()) this.#products.set(t, (this.#products.get(t) ?? 0) + 1);
  }

  /** Forgets that product `id` has `text` in this field (as `add` recorded it). */
  remove(id: number, text: string | null): void {
    if (!text) return;
    const value = this.#values.get(text);
    const at = value ? value.ids.indexOf(id) : -1;
    if (!value || at < 0) return;
    // Order does not matter: the last id takes the removed one's place.
    value.ids[at] = value.ids[value.ids.length - 1]!;
    value.ids.pop();
    this.#lengthSum -= value.length;
    for (const t of value.termFrequency.keys()) {
      const n = (this.#products.get(t) ?? 0) - 1;
      if (n > 0) this.#products.set(t, n);
      else this.#products.delete(t);
    }
    if (value.ids.length > 0) return;
    this.#values.delete(text);
    for (const t of value.termFrequency.keys()) {
      const having = this.#byTerm.get(t);
      having?.delete(value);
      if (having?.size === 0) this.#byTerm.delete(t);
    }
  }

  /** The field's terms (stemmed), each once. */
  terms(): IterableIterator<string> {
    return this.#byTerm.keys();
  }

  /**
   * Adds each product's score for the (stemmed) query `term` to `into` (product id → score), and
   * marks the products it matched in `matched`. With `prefix`, longer terms starting with it count
   * too, at `prefixWeight` tapering with their extra letters. `total`: the products indexed.
   */
  score(
    term: string,
    options: { prefix: boolean; prefixWeight: number; boost: number; total: number; bm25: Bm25 },
    into: Map<number, number>,
  ): void {
    const { total, boost, bm25, prefixWeight } = options;
    if (total === 0) return;
    const average = this.#lengthSum / total;
    const add = (derived: string, weight: number) => {
      const matching = this.#products.get(derived) ?? 0;
      for (const value of this.#byTerm.get(derived) ?? []) {
        const tf = value.termFrequency.get(derived)!;
        const score = weight * boost * bm25Score(tf, matching, total, value.length, average, bm25);
        for (const id of value.ids) into.set(id, (into.get(id) ?? 0) + score);
      }
    };
    add(term, 1);
    if (!options.prefix) return;
    for (const derived of this.#longer(term)) {
      const extra = derived.length - term.length;
      add(derived, (prefixWeight * derived.length) / (derived.length + 0.3 * extra));
    }
  }

  /** Whether the field has a longer term starting with `term`. */
  hasLonger(term: string): boolean {
    return !this.#longer(term).next().done;
  }

  /** The field's terms that start with `term` and are longer. */
  *#longer(term: string): Generator<string> {
    for (const t of this.#byTerm.keys()) if (t.length > term.length && t.startsWith(term)) yield t;
  }
}
