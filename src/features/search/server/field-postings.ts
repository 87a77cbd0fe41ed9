/**
 * The index's term lists, built from the active products: every stemmed word of a product's
 * name, brand, subcategory, type and category, with the products having it and the score it
 * earns there, and each term's most common spelling in the catalogue (for "Showing results for").
 *
 * A term scores its best field's weight (name 10, brand 8, subcategory or type 6, category 3);
 * every other field it is also in adds 30% of that field's weight.
 */
import { stem, words } from './text.ts';
import type { TermPostings } from './vocabulary.ts';

/** One active product as the index reads it. */
export interface IndexedProduct {
  id: number;
  name: string;
  categoryId: number;
  categoryName: string;
  subcategoryName: string;
  type: string | null;
  brand: string | null;
}

const FIELD_WEIGHTS = { name: 10, brand: 8, subcategory: 6, type: 6, category: 3 } as const;

/** The term lists of `products` (by position) and each term's most common spelling. */
export interface FieldPostings {
  postings: TermPostings;
  surface: Map<string, string>;
}

/** The product's searchable fields with their weights (an empty field has none). */
function fieldsOf(p: IndexedProduct): [number, string | null][] {
  return [
    [FIELD_WEIGHTS.name, p.name],
    [FIELD_WEIGHTS.brand, p.brand],
    [FIELD_WEIGHTS.subcategory, p.subcategoryName],
    [FIELD_WEIGHTS.type, p.type],
    [FIELD_WEIGHTS.category, p.categoryName],
  ];
}

/** Counts each word under its stem into `surfaceCounts`, and returns the field weights of each stem in `p`. */
function productTerms(p: IndexedProduct, surfaceCounts: Map<string, Map<string, number>>): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const [weight, text] of fieldsOf(p)) {
    if (!text) continue;
    for (const word of words(text)) {
      const term = stem(word);
      const counts = surfaceCounts.get(term) ?? new Map<string, number>();
      counts.set(word, (counts.get(word) ?? 0) + 1);
      surfaceCounts.set(term, counts);
      const list = found.get(term) ?? [];
      if (!list.includes(weight)) list.push(weight);
      found.set(term, list);
    }
  }
  return found;
}

/** The term lists of `products`: product i is doc i (see the module comment for the scores). */
export function buildFieldPostings(products: readonly IndexedProduct[]): FieldPostings {
  const postings: TermPostings = new Map();
  const surfaceCounts = new Map<string, Map<string, number>>();
  products.forEach((p, i) => {
    for (const [term, weights] of productTerms(p, surfaceCounts)) {
      const best = Math.max(...weights);
      let posting = postings.get(term);
      if (!posting) {
        posting = { docs: [], scores: [] };
        postings.set(term, posting);
      }
      posting.docs.push(i);
      posting.scores.push(best + 0.3 * (weights.reduce((a, b) => a + b, 0) - best));
    }
  });
  const surface = new Map<string, string>();
  for (const [term, counts] of surfaceCounts) surface.set(term, [...counts].sort((a, b) => b[1] - a[1])[0]![0]);
  return { postings, surface };
}
