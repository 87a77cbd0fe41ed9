/**
 * Words of product names and search text:
 * lower case, accents dropped, split on anything but letters and digits, and a light English
 * stem so that plural and singular meet ("tomatoes" → "tomato", "chillies" and "chilly" →
 * "chilli", "berries" → "berri"). The same function runs on the catalogue and on the query, so
 * the stems only have to agree with each other, not be real words.
 */

/** The stem of one lower-case word (digits and words of 3 letters or fewer are kept as they are). */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies')) w = `${w.slice(0, -3)}i`;
  else if (w.endsWith('oes')) w = w.slice(0, -2);
  else if (/(ch|sh|x|ss|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('y')) w = `${w.slice(0, -1)}i`;
  if (w.length > 3 && w.endsWith('oe')) w = w.slice(0, -1);
  return w;
}

/**
 * Lower-case words of a text, accents removed, unstemmed.
 * @example words('Aloo-Bhujia 200g') // ['aloo', 'bhujia', '200g']
 */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Stemmed words of a text. @example terms('Cherry Tomatoes') // ['cherri', 'tomato'] */
export function terms(text: string): string[] {
  return words(text).map(stem);
}
