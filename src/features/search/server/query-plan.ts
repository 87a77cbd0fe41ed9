/**
 * A query's plan: its typed words, taken left to right, each (or a phrase the synonym file knows,
 * longest first) becoming a group of alternatives a product must match one of:
 * - the word itself, whole; a single word of 3 or more characters, not a number, also matches
 *   longer catalogue words starting with it (engine.ts);
 * - its synonyms, with their weights (synonyms.ts), an equivalent term in any field but the brand;
 * - for a single word the catalogue does not have (and no synonym), the nearest catalogue words
 *   within the typo distance ("tomoto" → "tomato"; two neighbouring letters swapped are one edit,
 *   "mnago" → "mango", as a dropped letter is). When no catalogue word even starts with the
 *   typed one, the plan's corrected text shows the nearest word instead.
 */

import type { SynonymTable } from './synonyms.ts';
import { stem } from './text.ts';

/** One way a group of the query may match: every word of `words`, its score times `weight`. */
export interface Alternative {
  words: string[];
  weight: number;
  /** Also match longer catalogue words starting with the (single) word. */
  prefix: boolean;
  /**
   * Also match the brand. Not for an equivalent term: it says what a product is, while a brand is a
   * maker's name ("biscuit" means cookies, not whatever Cookie Man makes).
   */
  brand: boolean;
}

export interface QueryPlan {
  groups: Alternative[][];
  /** The query with corrected words ("tomato" for "tomoto"), or null when none was corrected. */
  correctedText: string | null;
}

/** What a plan reads from the index. */
export interface PlanSources {
  /** Whether the catalogue has the term. */
  has(term: string): boolean;
  /** Whether the catalogue has a longer term starting with it. */
  hasLonger(term: string): boolean;
  /** The catalogue terms nearest to the term within `maxDistance` edits, best first. */
  nearest(term: string, maxDistance: number, limit: number): string[];
  synonyms: SynonymTable;
  /** Words in the synonym file's longest term. */
  longestSynonym: number;
  /** The catalogue's own spelling of a term. */
  display(term: string): string;
}

/** A catalogue word within the typo distance of an unknown typed word. */
const CORRECTION_WEIGHT = 0.55;
/** Typo corrections offered per unknown word. */
const CORRECTIONS = 2;

/** Edits a typed word of `length` letters may be away from a catalogue word (a swap of neighbouring letters is one). */
export const typoDistance = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

/** How many stems from `i` on form the longest phrase the synonym file knows (1 when none). */
function phraseLength(stems: string[], i: number, sources: PlanSources): number {
  for (let len = Math.min(sources.longestSynonym, stems.length - i); len >= 2; len--) {
    if (sources.synonyms.has(stems.slice(i, i + len).join(' '))) return len;
  }
  return 1;
}

/** The alternatives of one phrase (typed words `typed`, stemmed `phrase`) and how the corrected text shows it. */
function planGroup(
  phrase: string[],
  typed: string,
  sources: PlanSources,
): { alternatives: Alternative[]; shown: string; corrected: boolean } {
  const key = phrase.join(' ');
  const single = phrase.length === 1;
  const alternatives: Alternative[] = [
    { words: phrase, weight: 1, prefix: single && phrase[0]!.length >= 3 && !/^\d+$/.test(phrase[0]!), brand: true },
  ];
  // A misspelling's word (weight 1) counts as typed, brand included; an equivalent weighs less.
  for (const alt of sources.synonyms.get(key) ?? [])
    alternatives.push({ words: alt.words, weight: alt.weight, prefix: false, brand: alt.weight === 1 });
  if (!single || alternatives.length > 1 || sources.has(key) || /\d/.test(key))
    return { alternatives, shown: typed, corrected: false };
  const near = sources.nearest(key, typoDistance(key.length), CORRECTIONS);
  for (const term of near) alternatives.push({ words: [term], weight: CORRECTION_WEIGHT, prefix: false, brand: true });
  if (near.length && !sources.hasLonger(key))
    return { alternatives, shown: sources.display(near[0]!), corrected: true };
  return { alternatives, shown: typed, corrected: false };
}

/** The plan of a query's typed words (text.ts `words`), see the module comment. */
export function planQuery(typed: string[], sources: PlanSources): QueryPlan {
  const stems = typed.map(stem);
  const groups: Alternative[][] = [];
  const shown: string[] = [];
  let corrected = false;
  for (let i = 0; i < stems.length; ) {
    const taken = phraseLength(stems, i, sources);
    const group = planGroup(stems.slice(i, i + taken), typed.slice(i, i + taken).join(' '), sources);
    groups.push(group.alternatives);
    shown.push(group.shown);
    corrected ||= group.corrected;
    i += taken;
  }
  return { groups, correctedText: corrected ? shown.join(' ') : null };
}
