/**
 * The products whose lower-case name contains a text of three characters or more, found through
 * the names' three-character slices instead of a scan of every name: the slice of the text with
 * the fewest products gives the candidates, and each is checked for the whole text.
 *
 * Slice `t`'s products (ascending) are docs[start[t] .. start[t + 1]): one flat array rather than
 * a typed array per slice (about 10,000 small arrays for a 20,000-product catalogue).
 */
export class TrigramIndex {
  private readonly ids = new Map<string, number>();
  private readonly start: Int32Array;
  private readonly docs: Int32Array;
  private readonly names: readonly string[];

  /** `names[i]` is product i's lower-case name. */
  constructor(names: readonly string[]) {
    this.names = names;
    const lists = new Map<string, number[]>();
    names.forEach((name, doc) => {
      for (let i = 0; i + 3 <= name.length; i++) {
        const key = name.slice(i, i + 3);
        const list = lists.get(key);
        if (!list) lists.set(key, [doc]);
        else if (list[list.length - 1] !== doc) list.push(doc);
      }
    });
    this.start = new Int32Array(lists.size + 1);
    let total = 0;
    for (const list of lists.values()) total += list.length;
    this.docs = new Int32Array(total);
    let at = 0;
    for (const [key, list] of lists) {
      this.start[this.ids.size] = at;
      this.ids.set(key, this.ids.size);
      this.docs.set(list, at);
      at += list.length;
    }
    this.start[this.ids.size] = at;
  }

  /** Calls `visit` with each product whose name contains `raw` (lower case, 3 characters or more), ascending. */
  containing(raw: string, visit: (doc: number) => void): void {
    let from = 0;
    let to = -1;
    for (let i = 0; i + 3 <= raw.length; i++) {
      const id = this.ids.get(raw.slice(i, i + 3));
      if (id === undefined) return;
      const start = this.start[id]!;
      const end = this.start[id + 1]!;
      if (to < 0 || end - start < to - from) {
        from = start;
        to = end;
      }
    }
    // Three characters are one slice: its products are exactly those containing it.
    for (let e = from; e < to; e++) {
      const doc = this.docs[e]!;
      if (raw.length === 3 || this.names[doc]!.includes(raw)) visit(doc);
    }
  }
}
