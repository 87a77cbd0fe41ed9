/**
 * One- and two-character searches from the index's names (short-text.ts): the same order the
 * database's three queries gave (names starting with the text by name, then word starts, then
 * other names containing it, each by name length and id).
 */
import { describe, expect, it } from 'vitest';
import { ShortTextSearch } from '#features/search/server/short-text.ts';

const names = ['Tomato - Local', 'Cherry Tomatoes', 'Atta', 'tea', 'Green Tea', 'Potato', 'Tamarind', 'Butter', 'Ta'];
const lower = names.map((n) => n.toLowerCase());
const ids = names.map((_, i) => 100 + i);
const search = new ShortTextSearch(
  lower,
  ids,
  Int32Array.from(names, (n) => n.length),
);
const found = (text: string, limit = 50) => search.find(text, limit).map((i) => names[i]);

describe('ShortTextSearch', () => {
  it('lists names starting with the text in name order, then word starts, then other names containing it, by length', () => {
    expect(found('t')).toEqual([
      'Ta',
      'Tamarind',
      'tea',
      'Tomato - Local',
      'Green Tea',
      'Cherry Tomatoes',
      'Atta',
      'Potato',
      'Butter',
    ]);
    expect(found('ta')).toEqual(['Ta', 'Tamarind', 'Atta', 'Potato']);
  });

  it('stops at the limit and finds nothing for absent text', () => {
    expect(found('t', 3)).toEqual(['Ta', 'Tamarind', 'tea']);
    expect(found('zq')).toEqual([]);
  });
});
