/**
 * Scores one alternative of a query's group (query-plan.ts) into a product's best score for
 * the group: each product keeps its best alternative's score. Every word of the alternative must
 * match; a word scores its field score (field-postings.ts), and the alternative the mean of its
 * words' times its weight. A single typed word also matches longer catalogue words starting
 * with it, at PREFIX_WEIGHT of their score ("banan" → "banana").
 */
import type { DocScores } from './doc-scores.ts';
import type { Alternative } from './query-plan.ts';
import type { Vocabulary } from './vocabulary.ts';

/** A longer catalogue word starting with the typed one. */
const PREFIX_WEIGHT = 0.5;

/** One word, and with `alt.prefix` the longer words starting with it (scored in `word`, scratch). */
function scoreWord(vocabulary: Vocabulary, alt: Alternative, best: DocScores, word: DocScores): void {
  const { docs, scores } = vocabulary;
  const [from, to] = vocabulary.range(vocabulary.id(alt.words[0]!));
  const longer = alt.prefix ? vocabulary.prefixed(alt.words[0]!) : [];
  if (longer.length === 0) {
    for (let e = from; e < to; e++) best.max(docs[e]!, alt.weight * scores[e]!);
    return;
  }
  word.clear();
  for (let e = from; e < to; e++) word.set(docs[e]!, scores[e]!);
  for (const term of longer) {
    const [start, end] = vocabulary.range(term);
    for (let e = start; e < end; e++) word.max(docs[e]!, scores[e]! * PREFIX_WEIGHT);
  }
  for (let k = 0; k < word.size; k++) {
    const doc = word.touched[k]!;
    best.max(doc, alt.weight * word.value[doc]!);
  }
}

/** Several words (a synonym phrase): the products having all of them, by merging their lists. */
function scorePhrase(vocabulary: Vocabulary, alt: Alternative, best: DocScores): void {
  const { docs, scores } = vocabulary;
  const count = alt.words.length;
  const ranges = alt.words.map((w) => vocabulary.range(vocabulary.id(w)));
  const at = ranges.map(([from]) => from);
  const [from, to] = ranges[0]!;
  outer: for (let e = from; e < to; e++) {
    const doc = docs[e]!;
    let total = scores[e]!;
    for (let w = 1; w < count; w++) {
      const end = ranges[w]![1];
      let p = at[w]!;
      while (p < end && docs[p]! < doc) p++;
      at[w] = p;
      if (p === end) break outer;
      if (docs[p] !== doc) continue outer;
      total += scores[p]!;
    }
    best.max(doc, (alt.weight * total) / count);
  }
}

/** Raises each product's score in `best` to `alt`'s where higher; `word` is scratch space. */
export function scoreAlternative(vocabulary: Vocabulary, alt: Alternative, best: DocScores, word: DocScores): void {
  if (alt.words.length === 1) scoreWord(vocabulary, alt, best, word);
  else scorePhrase(vocabulary, alt, best);
}
