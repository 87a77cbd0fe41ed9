/**
 * What the ranking's name bonuses read, per product (by position in the index): the lower-case
 * name, its stemmed words, their lengths, and the term ids of the name's head (before " - ", "(",
 * ",", "/" or "+": "Tomato - Local" → "tomato").
 *
 * - `isExact`: the whole name equals the typed text, as typed or stemmed (+20).
 * - `headCoverage`: the share of the head's words the query has (+4 × share).
 */

import type { IndexedProduct } from './field-postings.ts';
import { terms } from './text.ts';
import type { Vocabulary } from './vocabulary.ts';

const HEAD_END = /\s[-–]\s|[(,/+]/;

export class ProductNames {
  readonly lower: string[];
  /** Each name's stemmed words joined by a space. */
  private readonly stemmed: string[];
  readonly length: Int32Array;
  /** Lengths of `lower` and `stemmed`: most names differ from the text in length, a cheap first test. */
  private readonly lowerLength: Int32Array;
  private readonly stemmedLength: Int32Array;
  /** Term ids of each name's head: product i's are headTerms[headStart[i] .. headStart[i + 1]). */
  private readonly headStart: Int32Array;
  private readonly headTerms: Int32Array;

  /** `nameTerms[i]` is `terms(products[i].name)`; `vocabulary` has every one of them. */
  constructor(products: readonly IndexedProduct[], nameTerms: string[][], vocabulary: Vocabulary) {
    this.lower = products.map((p) => p.name.toLowerCase());
    this.length = Int32Array.from(products, (p) => p.name.length);
    this.stemmed = nameTerms.map((t) => t.join(' '));
    this.lowerLength = Int32Array.from(this.lower, (n) => n.length);
    this.stemmedLength = Int32Array.from(this.stemmed, (n) => n.length);
    const heads: number[] = [];
    this.headStart = new Int32Array(products.length + 1);
    products.forEach((p, i) => {
      this.headStart[i] = heads.length;
      const head = terms(p.name.split(HEAD_END)[0] ?? '');
      for (const term of head.length ? head : nameTerms[i]!) heads.push(vocabulary.id(term));
    });
    this.headStart[products.length] = heads.length;
    this.headTerms = Int32Array.from(heads);
  }

  /** Whether product `doc`'s name is `raw` (lower case, single spaces) or its words are `stemmed`. */
  isExact(doc: number, raw: string, stemmed: string): boolean {
    return (
      (this.lowerLength[doc] === raw.length && this.lower[doc] === raw) ||
      (this.stemmedLength[doc] === stemmed.length && this.stemmed[doc] === stemmed)
    );
  }

  /** The share (0–1) of product `doc`'s head terms whose `stamp` is `epoch` (the query's terms). */
  headCoverage(doc: number, stamp: Int32Array, epoch: number): number {
    const from = this.headStart[doc]!;
    const to = this.headStart[doc + 1]!;
    let hits = 0;
    for (let h = from; h < to; h++) if (stamp[this.headTerms[h]!] === epoch) hits++;
    // A name without letters or digits has no head: it covers nothing (not 0/0).
    return to > from ? hits / (to - from) : 0;
  }
}
