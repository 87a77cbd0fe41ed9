/**
 * The bench's search queries: 400 distinct texts a shopper types — whole words and phrases,
 * prefixes as typed (from 2 letters), misspellings, brands, and Indian names in Latin letters —
 * so the search API answers each once (its micro-cache never helps).
 */

/** Words and phrases shoppers search for (English, brands, Hindi and Malayalam names, typos). */
const SEARCHES = [
  'tomato',
  'tomatoe',
  'basmati rice',
  'basmti rice',
  'rice',
  'oil',
  'sunflower oil',
  'atta',
  'ghee',
  'paneer',
  'panner',
  'milk',
  'bread',
  'biscuit',
  'biscit',
  'choclate',
  'chocolate',
  'coffee',
  'coffe powder',
  'tea',
  'green tea',
  'masala',
  'shampoo',
  'shampo',
  'soap',
  'detergant',
  'noodles',
  'noodels',
  'ketchup',
  'ketchap',
  'almond',
  'almnd',
  'cashew',
  'mango',
  'onion',
  'oinon',
  'potato',
  'dal',
  'toor dal',
  'sugar',
  'salt',
  'honey',
  'jam',
  'butter',
  'cheese',
  'curd',
  'organic',
  'face wash',
  'toothpaste',
  'tooth brush',
  'hair oil',
  'cookies',
  'juice',
  'pickle',
  'papad',
  'spices',
  'chilli powder',
  'turmeric',
  'haldi',
  'jeera',
  'hing',
  'aloo',
  'pyaz',
  'tamatar',
  'dhania',
  'ulli',
  'thakkali',
  'pazham',
  'kappa',
  'inji',
  'banana',
  'banan',
  'tomoto',
  'amul',
  'tata salt',
  'fortune oil',
  'maggi',
  'britannia',
  'parle g',
  'dettol',
  'colgate',
  'surf excel',
  'lays',
  'haldiram',
  'mtr',
  'aashirvaad atta',
  'nescafe',
  'bru coffee',
  'red label',
  'cadbury',
  'kitkat',
  'oreo',
  'horlicks',
  'bournvita',
  'lifebuoy',
  'vim',
  'harpic',
  'lizol',
  'good day',
  'real juice',
  'dates',
  'raisins',
  'walnut',
  'pista',
  'anjeer',
  'jaggery',
  'rava',
  'sooji',
  'poha',
  'besan',
  'maida',
  'ragi',
  'oats',
  'cornflakes',
  'muesli',
  'peanut butter',
  'mayonnaise',
  'vinegar',
  'soy sauce',
  'pasta',
  'vermicelli',
  'idli batter',
  'coconut oil',
  'mustard oil',
  'olive oil',
  'cumin',
  'coriander',
  'cardamom',
  'clove',
  'cinnamon',
  'pepper',
  'garlic',
  'ginger',
  'lemon',
  'apple',
  'orange',
  'grapes',
  'papaya',
  'cucumber',
  'carrot',
  'beans',
  'cabbage',
  'cauliflower',
  'spinach',
  'brinjal',
  'okra',
  'bhindi',
  'capsicum',
  'pumpkin',
  'beetroot',
  'radish',
  'sweet potato',
  'mushroom',
];

/** Two-letter-and-longer prefixes and a letter swap of each single word (a typo). */
function variants(word: string): string[] {
  const out: string[] = [];
  if (/\s/.test(word) || word.length < 5) return out;
  out.push(word.slice(0, 3), word.slice(0, 4));
  const i = Math.floor(word.length / 2);
  out.push(word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1));
  return out;
}

/**
 * Queries for the warm-up before the phases (the search code path, as the pages' warm-up has
 * theirs): five-letter prefixes and plurals of the same words, none of them a measured query.
 */
export async function benchWarmupSearchQueries(count = 200): Promise<string[]> {
  const measured = new Set(await benchSearchQueries());
  const out = new Set<string>();
  for (const word of SEARCHES) {
    if (word.length > 5) out.add(word.slice(0, 5));
    out.add(`${word}s`);
  }
  return [...out].filter((q) => !measured.has(q)).slice(0, count);
}

/** 400 distinct queries (fewer if the list runs out), in a stable order. */
export async function benchSearchQueries(count = 400): Promise<string[]> {
  const all = new Set<string>();
  for (const q of SEARCHES) all.add(q);
  for (const q of SEARCHES) for (const v of variants(q)) all.add(v);
  return [...all].slice(0, count);
}
