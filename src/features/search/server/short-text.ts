/**
 * Searches of one or two characters (search-products): too short
 * for words, so the names starting with the text come first, in name order, then the names with
 * a word starting with it (after a space), then the other names containing it, each by name
 * length, then id. Answered from the index's lower-case names (engine.ts) in this process, with
 * no database query: in SQL this takes up to three queries, the last reading every name whenever
 * the first two do not fill the page, and on PGlite they run in the server's own thread.
 */

/** The matches of one- and two-character texts over the catalogue's lower-case names. */
export class ShortTextSearch {
  readonly #names: readonly string[];
  /** Product indexes by lower-case name, then id. */
  readonly #byName: Int32Array;
  /** Product indexes by name length, then id. */
  readonly #byLength: Int32Array;

  /**
   * `names`: lower-case names by product index; `ids`, `lengths`: each product's id and name
   * length. Sorts the names twice, as part of the index's build.
   */
  constructor(names: readonly string[], ids: ArrayLike<number>, lengths: Int32Array) {
    this.#names = names;
    const all = Int32Array.from(names, (_, i) => i);
    this.#byName = all
      .slice()
      .sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : ids[a]! - ids[b]!));
    this.#byLength = all.sort((a, b) => lengths[a]! - lengths[b]! || ids[a]! - ids[b]!);
  }

  /** Product indexes of the first `limit` matches of `text` (lower case, one or more characters), best first. */
  find(text: string, limit: number): number[] {
    const names = this.#names;
    const byName = this.#byName;
    const out: number[] = [];
    // Names starting with the text are one run of the name order: find its start by bisection.
    let low = 0;
    let high = byName.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (names[byName[mid]!]! < text) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < byName.length && out.length < limit && names[byName[i]!]!.startsWith(text); i++)
      out.push(byName[i]!);
    const need = limit - out.length;
    if (need <= 0) return out;
    // One walk in length order: word starts and other containing names, until word starts alone fill the page.
    const word = ` ${text}`;
    const words: number[] = [];
    const inside: number[] = [];
    for (let i = 0; i < this.#byLength.length && words.length < need; i++) {
      const doc = this.#byLength[i]!;
      const name = names[doc]!;
      const at = name.indexOf(text);
      if (at <= 0) continue; // absent, or a name starting with the text (listed above)
      if (name.includes(word)) words.push(doc);
      else if (inside.length < need) inside.push(doc);
    }
    for (const doc of words) out.push(doc);
    for (let i = 0; i < inside.length && out.length < limit; i++) out.push(inside[i]!);
    return out;
  }
}
