/**
 * The shop's search synonyms (src/features/search/data/synonyms.json, README "Search synonyms"),
 * validated with zod on first use: a bad file fails loudly at start-up instead of silently
 * searching without synonyms.
 *
 * `equivalents` groups terms that mean the same thing ("aloo", "potato"), each group with the
 * names of the shop's categories that stock it (so a search the vocabulary understands but the
 * catalogue cannot answer offers that category, `vocabularyGroup`); `spellings` maps a common
 * misspelling to its word ("panner" → "paneer"). A term may be several words ("wheat flour"),
 * in Latin letters or Malayalam script ("ചക്ക" for jackfruit).
 * Everything is stemmed as the catalogue is (text.ts), so "tomatoes" finds "tamatar".
 */
import { z } from 'zod';
import raw from '../data/synonyms.json' with { type: 'json' };
import { terms } from './text.ts';

const term = z
  .string()
  .regex(
    /^[a-z0-9\u0d00-\u0d7f]+( [a-z0-9\u0d00-\u0d7f]+)*$/,
    'a synonym term is lower-case letters, Malayalam script and digits, words separated by one space',
  )
  .max(40);

/** The file's shape. */
export const synonymFileSchema = z.object({
  $comment: z.string().optional(),
  equivalents: z.array(
    z.object({
      terms: z.array(term).min(2, 'an equivalents group needs at least two terms'),
      categories: z
        .array(z.string().trim().min(1).max(100))
        .min(1, 'name the category (or categories) that stock the group'),
    }),
  ),
  spellings: z.record(term, term),
});

/** An equivalents group: its first term names it ("okra"), with the categories that stock it. */
export interface SynonymGroup {
  name: string;
  categories: string[];
}

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
  for (const { terms: group } of file.equivalents)
    for (const a of group) for (const b of group) if (a !== b) add(a, b, EQUIVALENT_WEIGHT);
  for (const [wrong, right] of Object.entries(file.spellings)) {
    add(wrong, right, 1);
    // A misspelling also means whatever its word means.
    for (const alt of table.get(terms(right).join(' ')) ?? []) add(wrong, alt.words.join(' '), alt.weight);
  }
  return table;
}

/**
 * The group of every term (stemmed words joined by spaces) and of every misspelling of one. A
 * term in two groups belongs to the first.
 */
export function buildGroups(input: unknown): Map<string, SynonymGroup> {
  const file = synonymFileSchema.parse(input);
  const groups = new Map<string, SynonymGroup>();
  for (const { terms: group, categories } of file.equivalents) {
    const entry = { name: group[0]!, categories };
    for (const t of group) {
      const key = terms(t).join(' ');
      if (key && !groups.has(key)) groups.set(key, entry);
    }
  }
  for (const [wrong, right] of Object.entries(file.spellings)) {
    const entry = groups.get(terms(right).join(' '));
    const key = terms(wrong).join(' ');
    if (entry && key && !groups.has(key)) groups.set(key, entry);
  }
  return groups;
}

let cached: SynonymTable | undefined;
let cachedGroups: Map<string, SynonymGroup> | undefined;

/** The shop's synonym table, loaded and validated once. */
export function shopSynonyms(): SynonymTable {
  cached ??= buildSynonyms(raw);
  return cached;
}

/**
 * The shop's equivalents group that `text` names as a whole ("bhindi", "Lady Finger", "ata" as
 * a misspelling of "atta"), or undefined when the text is not one of the vocabulary's terms.
 */
export function vocabularyGroup(text: string): SynonymGroup | undefined {
  cachedGroups ??= buildGroups(raw);
  const key = terms(text).join(' ');
  return key ? cachedGroups.get(key) : undefined;
}

/** Longest phrase (in words) any synonym key has. */
export function longestKey(table: SynonymTable): number {
  let most = 1;
  for (const key of table.keys()) most = Math.max(most, key.split(' ').length);
  return most;
}
