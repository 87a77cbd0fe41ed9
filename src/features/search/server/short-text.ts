/**
 * Searches of one or two characters (search-products): too short for words, so the names
 * starting with the text come first, in name order, then the names with a word starting with it
 * (after a space), then the other names containing it, each by name length, then id. One pass
 * over the index's lower-case names, keeping only the first `limit` of each kind.
 */

/** Inserts `item` into `list` (kept sorted by `before`, at most `limit` long). */
function keepFirst<T>(list: T[], item: T, limit: number, before: (a: T, b: T) => number): void {
  if (list.length >= limit && before(item, list[list.length - 1]!) >= 0) return;
  let at = list.length;
  while (at > 0 && before(item, list[at - 1]!) < 0) at--;
  list.splice(at, 0, item);
  if (list.length > limit) list.pop();
}

interface Named {
  id: number;
  lower: string;
}

const byName = (a: Named, b: Named) => (a.lower < b.lower ? -1 : a.lower > b.lower ? 1 : a.id - b.id);
const byLength = (a: Named, b: Named) => a.lower.length - b.lower.length || a.id - b.id;

/**
 * Ids of the first `limit` matches of `text` (lower case, one or more characters) among `names`
 * (id → lower-case name), best first. `limit` Infinity: every match (the results page), sorted once.
 */
export function shortTextIds(names: ReadonlyMap<number, string>, text: string, limit: number): number[] {
  if (limit <= 0) return [];
  const starting: Named[] = [];
  const wordStarts: Named[] = [];
  const inside: Named[] = [];
  const every = limit === Number.POSITIVE_INFINITY;
  const add = (list: Named[], named: Named, before: (a: Named, b: Named) => number) => {
    if (every) list.push(named);
    else keepFirst(list, named, limit, before);
  };
  const word = ` ${text}`;
  for (const [id, lower] of names) {
    const at = lower.indexOf(text);
    if (at < 0) continue;
    const named = { id, lower };
    if (at === 0) add(starting, named, byName);
    else if (lower.includes(word)) add(wordStarts, named, byLength);
    else add(inside, named, byLength);
  }
  if (every) {
    starting.sort(byName);
    wordStarts.sort(byLength);
    inside.sort(byLength);
  }
  return [...starting, ...wordStarts, ...inside].slice(0, limit).map((n) => n.id);
}
