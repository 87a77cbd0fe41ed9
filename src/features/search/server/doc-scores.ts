/**
 * Scratch space for one search: a score per product index over the whole catalogue,
 * emptied in constant time (a stamp per slot says whether it was written since the last `clear`)
 * and listing the slots written, so a search touches only the products its words have instead of
 * allocating a Map per word. One set per index, reused by every search: searches are synchronous,
 * so two never share it at once.
 */
export class DocScores {
  readonly value: Float64Array;
  /** Groups of the query a product matched (used by the totals only). */
  readonly groups: Int32Array;
  /** The slots written since `clear`, in the order first written; `size` of them. */
  readonly touched: Int32Array;
  size = 0;
  private readonly stamp: Int32Array;
  private epoch = 1;

  constructor(slots: number) {
    this.value = new Float64Array(slots);
    this.groups = new Int32Array(slots);
    this.touched = new Int32Array(slots);
    this.stamp = new Int32Array(slots);
  }

  /** Forgets every slot. */
  clear(): void {
    this.size = 0;
    if (++this.epoch === 0x3fffffff) {
      this.stamp.fill(0);
      this.epoch = 1;
    }
  }

  has(doc: number): boolean {
    return this.stamp[doc] === this.epoch;
  }

  /** The slot's value, or 0 when it was not written. */
  get(doc: number): number {
    return this.stamp[doc] === this.epoch ? this.value[doc]! : 0;
  }

  set(doc: number, value: number): void {
    if (this.stamp[doc] !== this.epoch) {
      this.stamp[doc] = this.epoch;
      this.touched[this.size++] = doc;
      this.groups[doc] = 0;
    }
    this.value[doc] = value;
  }

  /** Keeps the larger of the slot's value and `value` (an unwritten slot counts as 0). */
  max(doc: number, value: number): void {
    if (value > this.get(doc)) this.set(doc, value);
  }
}
