/**
 * One- and two-character searches from the index's names (short-text.ts): the same order the
 * database's three queries gave (names starting with the text by name, then word starts, then
 * other names containing it, each by name length and id).
 */
import { describe, expect, it } from 'vitest';
import { shortTextIds } from '#features/search/server/short-text.ts';

const names = ['Tomato - Local', 'Cherry Tomatoes', 'Atta', 'tea', 'Green Tea', 'Potato', 'Tamarind', 'Butter', 'Ta'];
const lower = names.map((n) => n.toLowerCase());
const ids = names.map((_, i) => 100 + i);
const byId = new Map(ids.map((id, i) => [id, lower[i]!]));
const found = (text: string, limit = 50) => shortTextIds(byId, text, limit).map((id) => names[ids.indexOf(id)]);

describe('shortTextIds', () => {
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
