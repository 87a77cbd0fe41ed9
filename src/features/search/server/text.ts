/**
 * Words of product names and search text:
 * lower case, accents dropped, split on anything but Latin letters, digits and Malayalam script,
 * and a light English stem so that plural and singular meet ("tomatoes" → "tomato", "chillies"
 * and "chilly" → "chilli", "berries" → "berri", "cookies" and "cookie" → "cooki", "pies" and
 * "pie" → "pie").
 * The same function runs on the catalogue and on the query, so the stems only have to agree with
 * each other, not be real words.
 *
 * Malayalam is kept as typed (the synonyms file maps "ചക്ക" to "jackfruit"), with the two ways of
 * writing a word-final consonant made one: an atomic chillu ("ൾ", U+0D7E) and the older
 * consonant + virama + zero-width joiner ("ള്\u200d") both become consonant + virama, and
 * zero-width joiners and non-joiners are dropped, as keyboards differ in what they send.
 */

/** Malayalam chillu letters → their consonant + virama. */
const CHILLU: Record<string, string> = {
  '\u0d7a': '\u0d23\u0d4d',
  '\u0d7b': '\u0d28\u0d4d',
  '\u0d7c': '\u0d30\u0d4d',
  '\u0d7d': '\u0d32\u0d4d',
  '\u0d7e': '\u0d33\u0d4d',
  '\u0d7f': '\u0d15\u0d4d',
  '\u0d54': '\u0d2e\u0d4d',
  '\u0d55': '\u0d2f\u0d4d',
  '\u0d56': '\u0d34\u0d4d',
};
const CHILLU_LETTER = /[\u0d54-\u0d56\u0d7a-\u0d7f]/g;

/**
 * The stem of one lower-case word (digits and words of 3 letters or fewer are kept as they are).
 * "-ies", "-y" and "-ie" all end in "i", so "cookies" meets "cookie" as "berries" meets "berry";
 * a four-letter "-ies" word only loses its "s" ("pies" → "pie", as "pie" stays whole).
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies')) w = w.length === 4 ? w.slice(0, -1) : `${w.slice(0, -3)}i`;
  else if (w.endsWith('oes')) w = w.slice(0, -2);
  else if (/(ch|sh|x|ss|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('y')) w = `${w.slice(0, -1)}i`;
  else if (w.length > 3 && w.endsWith('ie')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('oe')) w = w.slice(0, -1);
  return w;
}

/**
 * Lower-case words of a text, accents removed, unstemmed.
 * @example words('Aloo-Bhujia 200g') // ['aloo', 'bhujia', '200g']
 * @example words('ചക്ക, മഞ്ഞൾ') // ['ചക്ക', 'മഞ്ഞള്']
 */
export function words(text: string): string[] {
  // ASCII text has no accents, joiners or chillus: lower case is all it needs (most names; a
  // search lowers thousands of them).
  const lower = ASCII.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFKD')
        .replace(/[\u0300-\u036f\u200c\u200d]/g, '')
        .replace(CHILLU_LETTER, (c) => CHILLU[c]!)
        .toLowerCase();
  return lower.split(/[^a-z0-9\u0d00-\u0d7f]+/).filter(Boolean);
}

const ASCII = /^\p{ASCII}*$/u;

/** Stemmed words of a text. @example terms('Cherry Tomatoes') // ['cherri', 'tomato'] */
export function terms(text: string): string[] {
  return words(text).map(stem);
}
