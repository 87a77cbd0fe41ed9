/**
 * URL slug from a name: lower case ASCII words joined by hyphens.
 * @example slugify('Alphonso Mango (Ratnagiri)') // 'alphonso-mango-ratnagiri'
 */
export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'item'
  );
}
