/**
 * The products a search matched, with what orders them (the ranking of engine.ts), kept
 * unsorted: a page of results needs only its first few in order, so `top` selects them with a
 * bounded heap instead of sorting every match. The order is total (product ids break
 * ties), so any selection gives what a full sort would.
 */
import type { IndexedProduct } from './field-postings.ts';

export class Ranking {
  private readonly catalogue: readonly IndexedProduct[];
  private readonly nameLength: Int32Array;
  /** Per match: product index, score, and groups of the query matched. */
  private readonly docs: Int32Array;
  private readonly score: Float64Array;
  private readonly groups: Int32Array;
  /** The query with corrected words ("tomato" for "tomoto"), or null. */
  readonly correctedText: string | null;

  constructor(
    catalogue: readonly IndexedProduct[],
    nameLength: Int32Array,
    docs: Int32Array,
    score: Float64Array,
    groups: Int32Array,
    correctedText: string | null,
  ) {
    this.catalogue = catalogue;
    this.nameLength = nameLength;
    this.docs = docs;
    this.score = score;
    this.groups = groups;
    this.correctedText = correctedText;
  }

  /** How many products matched. */
  get size(): number {
    return this.docs.length;
  }

  /** The product of match `i` (0 ≤ i < size; matches are in no particular order). */
  product(i: number): IndexedProduct {
    return this.catalogue[this.docs[i]!]!;
  }

  /** Negative when match `i` ranks before match `j`: more groups, higher score, shorter name, lower id. */
  compare(i: number, j: number): number {
    const a = this.docs[i]!;
    const b = this.docs[j]!;
    return (
      this.groups[j]! - this.groups[i]! ||
      this.score[j]! - this.score[i]! ||
      this.nameLength[a]! - this.nameLength[b]! ||
      this.catalogue[a]!.id - this.catalogue[b]!.id
    );
  }

  /** The first `k` matches that `keep` accepts (default all), best first, as match numbers. */
  top(k: number, keep?: (i: number) => boolean): number[] {
    if (k <= 0) return [];
    if (k >= this.docs.length) {
      const all: number[] = [];
      for (let i = 0; i < this.docs.length; i++) if (!keep || keep(i)) all.push(i);
      return all.sort((i, j) => this.compare(i, j));
    }
    const heap: number[] = [];
    // A max-heap by rank: its root is the worst of the best k found so far. Swaps go through a
    // variable: a destructuring swap makes an array each time, garbage on every search.
    const worse = (i: number, j: number) => this.compare(i, j) > 0;
    const siftDown = (from: number) => {
      let at = from;
      for (;;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let largest = at;
        if (left < heap.length && worse(heap[left]!, heap[largest]!)) largest = left;
        if (right < heap.length && worse(heap[right]!, heap[largest]!)) largest = right;
        if (largest === at) return;
        const swap = heap[at]!;
        heap[at] = heap[largest]!;
        heap[largest] = swap;
        at = largest;
      }
    };
    for (let i = 0; i < this.docs.length; i++) {
      if (keep && !keep(i)) continue;
      if (heap.length < k) {
        heap.push(i);
        for (let at = heap.length - 1; at > 0; ) {
          const parent = (at - 1) >> 1;
          if (!worse(heap[at]!, heap[parent]!)) break;
          const swap = heap[at]!;
          heap[at] = heap[parent]!;
          heap[parent] = swap;
          at = parent;
        }
      } else if (worse(heap[0]!, i)) {
        heap[0] = i;
        siftDown(0);
      }
    }
    return heap.sort((i, j) => this.compare(i, j));
  }

  /** Product ids of the first `k` matches (default all), best first. */
  ids(k = this.docs.length): number[] {
    return this.top(k).map((i) => this.catalogue[this.docs[i]!]!.id);
  }
}
