/**
 * The shop's search synonyms (src/features/search/data/synonyms.json, README "Search synonyms"),
 * validated with zod on first use: a bad file fails loudly at start-up instead of silently
 * searching without synonyms.
 *
 * `equivalents` groups terms that mean the same thing ("aloo", "potato"); `spellings` maps a
 * common misspelling to its word ("panner" → "paneer"). A term may be several words ("wheat
 * flour"). Everything is stemmed as the catalogue is (text.ts), so "tomatoes" finds "tamatar".
 */
import { z } from 'zod';
import raw from '../data/synonyms.json' with { type: 'json' };
import { terms } from './text.ts';

const term = z
  .string()
  .regex(/^[a-z0-9]+( [a-z0-9]+)*$/, 'a synonym term is lower-case letters and digits, words separated by one space')
  .max(40);

/** The file's shape. */
export const synonymFileSchema = z.object({
  $comment: z.string().optional(),
  equivalents: z.array(z.array(term).min(2, 'an equivalents group needs at least two terms')),
  spellings: z.record(term, term),
});

/** What a term (its stemmed words joined by spaces) may also mean: alternatives with their weight (0–1]. */
export type SynonymTable = Map<string, { words: string[]; weight: number }[]>;

/** Weight of an equivalent term, against 1 for the typed one (a misspelling's word counts as typed). */
export const EQUIVALENT_WEIGHT = 0.9;

/** Builds the look-up table from a parsed file. Throws a ZodError naming the bad entry. */
export function buildSynonyms(input: unknown): SynonymTable {
  const file = synonymFileSchema.parse(input);
  const table: SynonymTable = new Map();
  const add = (from: string, to: string, weight: number) => {
    const key = terms(from).join(' ');
    const words = terms(to);
    if (!key || key === words.join(' ')) return;
    const list = table.get(key) ?? [];
    if (!list.some((alt) => alt.words.join(' ') === words.join(' '))) list.push({ words, weight });
    table.set(key, list);
  };
  for (const group of file.equivalents)
    for (const a of group) for (const b of group) if (a !== b) add(a, b, EQUIVALENT_WEIGHT);
  for (const [wrong, right] of Object.entries(file.spellings)) {
    add(wrong, right, 1);
    // A misspelling also means whatever its word means.
    for (const alt of table.get(terms(right).join(' ')) ?? []) add(wrong, alt.words.join(' '), alt.weight);
  }
  return table;
}

let cached: SynonymTable | undefined;

/** The shop's synonym table, loaded and validated once. */
export function shopSynonyms(): SynonymTable {
  cached ??= buildSynonyms(raw);
  return cached;
}

/** Longest phrase (in words) any synonym key has. */
export function longestKey(table: SynonymTable): number {
  let most = 1;
  for (const key of table.keys()) most = Math.max(most, key.split(' ').length);
  return most;
}
