/**
 * The search ranking and synonyms on a small in-memory index, no database: whole-word
 * name and category matches outrank fuzzy ones, synonyms and spellings from the shop's file,
 * typo corrections against catalogue words, and suggestions when nothing matches.
 */
import { describe, expect, it } from 'vitest';
import { unstockedMessage } from '#features/search/rules.ts';
import { editDistance, type IndexedProduct, SearchIndex } from '#features/search/server/engine.ts';
import { buildSynonyms, shopSynonyms, vocabularyGroup } from '#features/search/server/synonyms.ts';
import { stem, terms, words } from '#features/search/server/text.ts';

let nextId = 1;
const product = (
  name: string,
  subcategoryName: string,
  categoryName: string,
  brand: string | null = null,
  type: string | null = null,
): IndexedProduct => ({
  id: nextId++,
  name,
  categoryId: categoryName.length,
  categoryName,
  subcategoryName,
  type,
  brand,
});

const catalogue = [
  product('Premium Care Diaper Pants - Large', 'Diapers & Wipes', 'Baby Care', 'Pampers'),
  product('Fresh Paneer', 'Dairy', 'Bakery, Cakes & Dairy', 'Amul'),
  product('Malai Paneer Cubes', 'Dairy', 'Bakery, Cakes & Dairy', 'Milky Mist'),
  product('Whole Wheat Atta', 'Atta, Flours & Sooji', 'Foodgrains, Oil & Masala', 'Aashirvaad'),
  product('Atta Noodles - Masala', 'Noodle, Pasta, Vermicelli', 'Snacks & Branded Foods', 'Maggi'),
  product('Batata Vada Mix', 'Ready To Cook & Eat', 'Snacks & Branded Foods'),
  product('Potato', 'Fresh Vegetables', 'Fruits & Vegetables', 'Fresho'),
  product('Sweet Potato', 'Fresh Vegetables', 'Fruits & Vegetables', 'Fresho'),
  product('Tomato - Local', 'Fresh Vegetables', 'Fruits & Vegetables', 'Fresho'),
  product('Tomato Ketchup', 'Spreads, Sauces, Ketchup', 'Snacks & Branded Foods', 'Kissan'),
  product('Banana Chips', 'Snacks & Namkeen', 'Snacks & Branded Foods'),
  product('Banana - Robusta', 'Fresh Fruits', 'Fruits & Vegetables', 'Fresho'),
  product('Bandage Strips', 'Health & Medicine', 'Beauty & Hygiene'),
  product('Green Chilli', 'Fresh Vegetables', 'Fruits & Vegetables', 'Fresho'),
  product('Chilli Powder', 'Masalas & Spices', 'Foodgrains, Oil & Masala', 'Everest'),
  product('Onion', 'Fresh Vegetables', 'Fruits & Vegetables', 'Fresho'),
  product('Shampoo - Anti Dandruff', 'Hair Care', 'Beauty & Hygiene', 'Head & Shoulders'),
  product('Eye-Care Drops', 'Health & Medicine', 'Beauty & Hygiene'),
  product('Mango Thokku', 'Pickles & Chutney', 'Gourmet & World Food'),
  product('Alphonso Mango (Ratnagiri)', 'Fresh Fruits', 'Fruits & Vegetables', 'Fresho'),
];
const index = new SearchIndex(catalogue, shopSynonyms());
const names = (q: string) => index.search(q).ids.map((id) => index.product(id)!.name);

describe('search text', () => {
  it('stems plurals so singular and plural meet', () => {
    expect(['tomatoes', 'tomato'].map(stem)).toEqual(['tomato', 'tomato']);
    expect(['chillies', 'chilly', 'chilli'].map(stem)).toEqual(['chilli', 'chilli', 'chilli']);
    expect(['pies', 'pie'].map(stem)).toEqual(['pie', 'pie']);
    for (const [singular, plural] of [
      ['cookie', 'cookies'],
      ['brownie', 'brownies'],
      ['smoothie', 'smoothies'],
      ['pastry', 'pastries'],
      ['berry', 'berries'],
    ])
      expect(stem(singular!), singular).toBe(stem(plural!));
    expect(terms('Cherry Tomatoes, 250 g')).toEqual(['cherri', 'tomato', '250', 'g']);
  });

  it('splits plain and accented names alike, accents dropped', () => {
    expect(words('ALOO-Bhujia 200g')).toEqual(['aloo', 'bhujia', '200g']);
    expect(words('Crème Brûlée – 2 pcs')).toEqual(['creme', 'brulee', '2', 'pcs']);
    expect(words('Creme Brulee - 2 pcs')).toEqual(words('Crème Brûlée – 2 pcs'));
  });
});

describe('ranking', () => {
  it('puts paneer first for "panner", never diaper pants', () => {
    expect(names('panner').slice(0, 2)).toEqual(['Fresh Paneer', 'Malai Paneer Cubes']);
    expect(names('panner')).not.toContain('Premium Care Diaper Pants - Large');
  });

  it('puts wheat flour above anything else for "atta" (name and category match)', () => {
    expect(names('atta')[0]).toBe('Whole Wheat Atta');
  });

  it('finds potatoes for aloo and batata, the potato itself first', () => {
    expect(names('aloo')[0]).toBe('Potato');
    expect(names('aloo')).toContain('Sweet Potato');
    expect(names('batata').slice(0, 2).sort()).toEqual(['Batata Vada Mix', 'Potato']);
  });

  it('corrects typos against catalogue words and says so', () => {
    expect(index.search('tomoto').correctedText).toBe('tomato');
    expect(names('tomoto')[0]).toBe('Tomato - Local');
    expect(names('banan')[0]).toBe('Banana - Robusta');
    expect(names('banan')).not.toContain('Bandage Strips');
    expect(index.search('tomato').correctedText).toBeNull();
  });

  it('ranks whole-word matches above prefixes and Malayalam and Hindi words find their products', () => {
    expect(names('pachamulaku')[0]).toBe('Green Chilli');
    expect(names('ulli')[0]).toBe('Onion');
    expect(names('chilly powder')[0]).toBe('Chilli Powder');
    expect(names('head shoulders')[0]).toBe('Shampoo - Anti Dandruff');
  });

  it('puts what the name says the product is first: a mango before a mango pickle for "mango"', () => {
    expect(names('mango')).toEqual(['Alphonso Mango (Ratnagiri)', 'Mango Thokku']);
    expect(names('mango thokku')[0]).toBe('Mango Thokku');
  });

  it('finds products for Malayalam script, whichever way a word-final consonant is typed', () => {
    expect(names('ഉള്ളി')[0]).toBe('Onion');
    expect(names('പച്ചമുളക്')[0]).toBe('Green Chilli');
    expect(names('തക്കാളി')[0]).toBe('Tomato - Local');
    // An atomic chillu (ൾ) and the older consonant, virama and zero-width joiner are one word.
    expect(terms('മഞ്ഞൾ')).toEqual(terms('മഞ്ഞള്\u200d'));
  });

  it('keeps names that merely contain the text, last', () => {
    expect(names('e-c')).toEqual(['Eye-Care Drops']);
    expect(names('  ')).toEqual([]);
    expect(names('%')).toEqual([]);
  });

  it('suggests the nearest catalogue words when nothing matches', () => {
    expect(names('jakfroot xyz')).toEqual([]);
    expect(index.suggestions('tomatto sauces')).toContain('tomato');
  });

  it('suggests only words a typo away, and nothing for junk that merely shares letters with them', () => {
    // Two neighbouring letters swapped are one edit; a few edits in a long word are still a typo.
    expect(index.suggestions('oinon')).toEqual(['onion']);
    expect(index.suggestions('dandrufff shampooo')).toEqual(['dandruff', 'shampoo']);
    for (const junk of ['qwerty', 'asdf', 'sdfgsdfg', 'xqzvw', 'ponk', 'sdfgsdfg splits']) {
      expect(names(junk), junk).toEqual([]);
      expect(index.suggestions(junk), junk).toEqual([]);
    }
  });

  it('corrects two neighbouring letters swapped at once, as it does a dropped letter', () => {
    expect(index.search('mngo').correctedText).toBe('mango');
    for (const [typed, word, first] of [
      ['mnago', 'mango', 'Alphonso Mango (Ratnagiri)'],
      ['bannaa', 'banana', 'Banana - Robusta'],
      ['tomaot', 'tomato', 'Tomato - Local'],
      ['oinon', 'onion', 'Onion'],
      // Two swaps in a word of 8 letters or more are its two edits ("dandruff").
      ['dnadurff', 'dandruff', 'Shampoo - Anti Dandruff'],
    ]) {
      expect(index.search(typed!).correctedText, typed).toBe(word);
      expect(names(typed!)[0], typed).toBe(first);
    }
    // Two swaps in five letters are two edits: too many for a short word.
    expect(index.search('mnaog').correctedText).toBeNull();
    expect(names('mnaog')).toEqual([]);
  });

  it('corrects junk to nothing, swapped letters or not', () => {
    for (const junk of ['qwerty', 'asdf', 'xqzvw', 'ponk', 'zxcvb', 'hjkl', 'lkjh', 'nmgaox']) {
      expect(index.search(junk).correctedText, junk).toBeNull();
      expect(names(junk), junk).toEqual([]);
      expect(index.suggestions(junk), junk).toEqual([]);
    }
  });

  it('counts edits with a swap of neighbouring letters as one', () => {
    expect(editDistance('mnago', 'mango')).toBe(1);
    expect(editDistance('jakfroot', 'jackfruit')).toBe(3);
    expect(editDistance('qwerty', 'sweets')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('cookies and biscuits', () => {
  const bakery = [
    product('Biscuits - Cheese Cream', 'Biscuits & Cookies', 'Snacks & Branded Foods', 'Bisk Farm'),
    product('Marie Biscuits', 'Biscuits & Cookies', 'Snacks & Branded Foods', 'Parle'),
    product('Assorted Cookies', 'Cookies, Rusk & Khari', 'Bakery, Cakes & Dairy', 'Cookie Man'),
    product('Choc Chip Cookies', 'Cookies, Rusk & Khari', 'Bakery, Cakes & Dairy', 'Cookie Man'),
    product('Oatmeal Cookie', 'Cakes & Pastries', 'Bakery, Cakes & Dairy', 'Unibic'),
    product('Walnut Brownies', 'Cakes & Pastries', 'Bakery, Cakes & Dairy'),
    product('Banana Smoothie', 'Fruit Juices & Drinks', 'Beverages'),
  ];
  const shelf = new SearchIndex(bakery, shopSynonyms());
  const found = (q: string) => shelf.search(q).ids.map((id) => shelf.product(id)!.name);

  it('finds the singular and the plural for either', () => {
    for (const q of ['cookie', 'cookies']) {
      expect(found(q), q).toEqual(expect.arrayContaining(['Assorted Cookies', 'Choc Chip Cookies', 'Oatmeal Cookie']));
      expect(found(q).slice(0, 3).sort(), q).toEqual(['Assorted Cookies', 'Choc Chip Cookies', 'Oatmeal Cookie']);
    }
    expect(found('brownie')[0]).toBe('Walnut Brownies');
    expect(found('smoothies')[0]).toBe('Banana Smoothie');
    expect(found('pastry')).toContain('Oatmeal Cookie');
  });

  it('puts biscuits first for "biscuit" and its misspelling, not whatever a brand named Cookie Man makes', () => {
    for (const q of ['biscuit', 'biscuits', 'biscut']) {
      expect(found(q).slice(0, 2).sort(), q).toEqual(['Biscuits - Cheese Cream', 'Marie Biscuits']);
      expect(found(q), q).toContain('Assorted Cookies');
    }
  });
});

describe('a local word that a name has only in brackets', () => {
  const shelf = new SearchIndex(
    [
      product('Mango Ginger Pickle (Manga Inji)', 'Mango Pickles', 'Pickles & Chutney'),
      product('Priyur Mango', 'Mangoes', 'Fresh Fruits'),
      product('Alphonso Mango (Ratnagiri)', 'Mangoes', 'Fresh Fruits'),
      product('Batata Vada Mix', 'Ready To Cook & Eat', 'Snacks & Branded Foods'),
      product('Sweet Potato', 'Fresh Vegetables', 'Fruits & Vegetables'),
    ],
    shopSynonyms(),
  );
  const found = (q: string) => shelf.search(q).ids.map((id) => shelf.product(id)!.name);

  it('means what the synonyms say: "manga" puts mangoes before the pickle whose brackets say "Manga"', () => {
    expect(found('manga')).toEqual(['Priyur Mango', 'Alphonso Mango (Ratnagiri)', 'Mango Ginger Pickle (Manga Inji)']);
    expect(found('mango')[2]).toBe('Mango Ginger Pickle (Manga Inji)');
  });

  it('keeps a name that leads with the typed word first ("Batata Vada Mix" for "batata")', () => {
    expect(found('batata')).toEqual(['Batata Vada Mix', 'Sweet Potato']);
  });
});

describe('first results only', () => {
  const queries = ['tomato', 'banan', 'masala', 'e-c', 'fresh', 'chilli powder', 'aloo', 'xyz', 'snacks'];

  it('gives the same first k as ranking everything, names merely containing the text included', () => {
    for (const q of queries) {
      const all = index.search(q).ids;
      for (let k = 1; k <= all.length + 1; k++) {
        expect(index.rank(q, k).ids(k), `${q} k=${k}`).toEqual(all.slice(0, k));
        expect(index.topIds(q, k), `${q} k=${k}`).toEqual(all.slice(0, k));
      }
    }
    expect(index.rank('e-c', 1).ids(1)).toEqual(index.search('e-c').ids.slice(0, 1));
    expect(index.rank('e-c', 1).size).toBeGreaterThan(0);
  });

  it('selects the first k that a filter keeps, in rank order', () => {
    for (const q of queries) {
      const ranking = index.rank(q);
      const all = index.search(q).ids;
      const fresh = (id: number) => index.product(id)!.categoryName === 'Fruits & Vegetables';
      for (let k = 1; k <= 4; k++) {
        const picked = ranking.top(k, (i) => fresh(ranking.product(i).id)).map((i) => ranking.product(i).id);
        expect(picked, `${q} k=${k}`).toEqual(all.filter(fresh).slice(0, k));
      }
    }
  });
});

describe('synonym file', () => {
  it('is valid and maps both ways, misspellings one way', () => {
    const table = shopSynonyms();
    expect(table.get('aloo')?.map((a) => a.words.join(' '))).toContain('potato');
    expect(table.get('potato')?.map((a) => a.words.join(' '))).toContain('aloo');
    expect(table.get('panner')?.map((a) => a.words.join(' '))).toContain('paneer');
    expect(table.get('atta')?.map((a) => a.words.join(' '))).toContain('wheat flour');
  });

  it('rejects a bad file with a message naming the problem', () => {
    const group = (terms: string[], categories = ['Fresh Vegetables']) => ({ terms, categories });
    expect(() => buildSynonyms({ equivalents: [group(['aloo'])], spellings: {} })).toThrow(/at least two terms/);
    expect(() => buildSynonyms({ equivalents: [group(['Aloo!', 'potato'])], spellings: {} })).toThrow(/lower-case/);
    expect(() => buildSynonyms({ equivalents: [group(['aloo', 'potato'], [])], spellings: {} })).toThrow(
      /name the category/,
    );
    expect(() => buildSynonyms({ equivalents: [] })).toThrow();
  });

  it('knows what a term means and the categories of its kind, whichever way it is written', () => {
    expect(vocabularyGroup('bhindi')).toEqual({
      name: 'okra',
      categories: expect.arrayContaining(['Fresh Vegetables']),
    });
    expect(vocabularyGroup('  Lady Finger ')?.name).toBe('okra');
    expect(vocabularyGroup('atta')?.name).toBe('wheat flour');
    expect(vocabularyGroup('panner')?.name).toBe('cottage cheese');
    expect(vocabularyGroup('bird')).toBeUndefined();
    expect(vocabularyGroup('fresh bhindi')).toBeUndefined();
  });
});

describe('a known term the shop does not stock', () => {
  it('is named with what it means, never "did you mean" an unrelated word', () => {
    expect(unstockedMessage('okra', 'Bhindi')).toBe("We don't stock okra (Bhindi) yet.");
    expect(unstockedMessage('okra', ' okra ')).toBe("We don't stock okra yet.");
  });
});
