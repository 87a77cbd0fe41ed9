/**
 * A field many products share is indexed once per distinct value (shared-field.ts) and scores
 * each product as MiniSearch scores the same field held by every product: the same BM25 for a
 * whole word and for longer words by prefix, after products are added, replaced and removed.
 */
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { SharedField } from '#features/search/server/shared-field.ts';
import { stem, words } from '#features/search/server/text.ts';

const BM25 = { k: 1.2, b: 0.3, d: 0.5 };
const PREFIX_WEIGHT = 0.5;

interface Row {
  id: number;
  brand: string | null;
}

/** Product id → MiniSearch's score for `term` with `brand` as the only field, boosted by `boost`. */
function miniSearchScores(rows: Row[], term: string, prefix: boolean, boost: number): Map<number, number> {
  const engine = new MiniSearch<Row>({
    fields: ['brand'],
    extractField: (doc, field) => (doc[field as keyof Row] as string | number | null) ?? '',
    tokenize: words,
    processTerm: stem,
    searchOptions: { boost: { brand: boost }, weights: { prefix: PREFIX_WEIGHT, fuzzy: 1 }, bm25: BM25 },
  });
  engine.addAll(rows);
  return new Map(engine.search(term, { prefix }).map((r) => [r.id as number, r.score]));
}

function sharedScores(field: SharedField, total: number, term: string, prefix: boolean, boost: number) {
  const into = new Map<number, number>();
  field.score(term, { prefix, prefixWeight: PREFIX_WEIGHT, boost, total, bm25: BM25 }, into);
  return into;
}

function expectSameScores(actual: Map<number, number>, expected: Map<number, number>): void {
  expect([...actual.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
  for (const [id, score] of expected) expect(actual.get(id)).toBeCloseTo(score, 10);
}

const BRANDS = ['Farm Fresh', 'Fresho Organic', 'Fresh Farms Fresh', 'Kerala Spices', null, 'Organic Tattva'];

describe('a shared field', () => {
  const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, brand: BRANDS[i % BRANDS.length]! }));

  it('scores every product having a word as MiniSearch does, whole and by prefix', () => {
    const field = new SharedField();
    for (const row of rows) field.add(row.id, row.brand);
    for (const [term, prefix] of [
      ['fresh', false],
      ['fresh', true],
      ['organ', true],
      ['kerala', false],
      ['farm', true],
    ] as const)
      expectSameScores(sharedScores(field, rows.length, term, prefix, 6), miniSearchScores(rows, term, prefix, 6));
    expect(sharedScores(field, rows.length, 'tea', true, 6).size).toBe(0);
  });

  it('scores as MiniSearch does after products change their value and leave', () => {
    const field = new SharedField();
    for (const row of rows) field.add(row.id, row.brand);
    const changed = rows.map((row) => ({ ...row }));
    // Product 1 moves to a new brand; products 4 (Kerala Spices) and 6 (Organic Tattva) leave.
    field.remove(1, rows[0]!.brand);
    field.add(1, 'Tattva Kitchen');
    changed[0]!.brand = 'Tattva Kitchen';
    for (const id of [4, 6]) field.remove(id, rows[id - 1]!.brand);
    const left = changed.filter((row) => row.id !== 4 && row.id !== 6);
    for (const term of ['tattva', 'kerala', 'fresh'])
      expectSameScores(sharedScores(field, left.length, term, true, 2), miniSearchScores(left, term, true, 2));
    // Every Kerala Spices product gone: the word is gone from the field.
    for (const row of rows.filter((r) => r.brand === 'Kerala Spices')) field.remove(row.id, row.brand);
    expect([...field.terms()]).not.toContain('kerala');
  });
});
