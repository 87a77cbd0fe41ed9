/**
 * The reference app's catalogue, made once in memory when the server starts: 20,000 products in
 * 12 categories of 10 subcategories, each with a name, brand, pack size, prices, stock, a
 * description, additional information and highlights of the lengths a grocery catalogue has.
 * Every listing is sorted ahead (by id, by price up, by price down), so a page only slices.
 * Product ids and category ids wrap around, so any positive id the shop has names a page here.
 */

export interface Product {
  id: number;
  name: string;
  brand: string;
  weight: string;
  pricePaise: number;
  mrpPaise: number;
  stock: number;
  categoryId: number;
  subcategoryId: number;
  description: string;
  additionalInformation: string;
  highlights: string[];
  image: string;
}

export interface Category {
  id: number;
  name: string;
  subcategories: { id: number; name: string }[];
}

export const PRODUCT_COUNT = 20_000;
/** A whole number of cards from the environment, or `fallback`. */
function cardsFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  return value && /^\d+$/.test(value) ? Number(value) : fallback;
}
/**
 * Products on a listing page and related products on a product page. The bench sets both so
 * that the pages weigh what the shop's do (scripts/bench/reference.ts); the defaults give pages
 * of about 80 KB.
 */
export const LISTING_CARDS = cardsFromEnv('REFERENCE_LISTING_CARDS', 18);
export const RELATED_CARDS = cardsFromEnv('REFERENCE_RELATED_CARDS', 17);

/** A deterministic pseudo-random sequence (mulberry32): every start makes the same catalogue. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(2024);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;

const CATEGORY_NAMES = [
  'Fruits & Vegetables',
  'Foodgrains, Oil & Masala',
  'Bakery, Cakes & Dairy',
  'Beverages',
  'Snacks & Branded Foods',
  'Beauty & Hygiene',
  'Cleaning & Household',
  'Kitchen, Garden & Pets',
  'Eggs, Meat & Fish',
  'Gourmet & World Food',
  'Baby Care',
  'Organic Store',
];
const SUBCATEGORY_WORDS = [
  'Fresh',
  'Daily',
  'Organic',
  'Premium',
  'Family',
  'Exotic',
  'Local',
  'Value',
  'Classic',
  'Select',
];
const BRANDS = [
  'Farm Fresh',
  'Green Valley',
  'Malabar Gold',
  'Nilgiri',
  'Sunrise',
  'Kerala Harvest',
  'Tata',
  'Amul',
  'Aashirvaad',
  'Fortune',
];
const ITEMS = [
  'Tomato',
  'Basmati Rice',
  'Sunflower Oil',
  'Whole Wheat Atta',
  'Cow Ghee',
  'Paneer',
  'Green Tea',
  'Turmeric Powder',
  'Cashew Nuts',
  'Alphonso Mango',
  'Coconut Oil',
  'Toor Dal',
  'Honey',
  'Butter Cookies',
  'Filter Coffee',
  'Jaggery',
];
const ADJECTIVES = [
  'Fresh',
  'Organic',
  'Premium',
  'Classic',
  'Pure',
  'Natural',
  'Hand-picked',
  'Stone-ground',
  'Cold-pressed',
  'Roasted',
];
const SIZES = ['250 g', '500 g', '1 kg', '2 kg', '5 kg', '200 ml', '500 ml', '1 l', '6 pcs', '12 pcs'];
const SENTENCES = [
  'Sourced every morning from farms around Thrissur and packed the same day.',
  'Rich in fibre and naturally free of preservatives, it keeps its flavour for weeks when stored in a cool, dry place.',
  'A staple of South Indian kitchens, equally good in a weekday curry or a festive payasam.',
  'Graded by hand, cleaned twice and sealed in food-grade packaging that keeps moisture out.',
  'Our growers follow traditional methods and use no synthetic pesticides.',
  'Store away from direct sunlight; once opened, keep in an airtight container.',
  'Each batch is tested for quality before it leaves the warehouse.',
  'Perfect for breakfast, lunch boxes and evening snacks alike.',
];

export const categories: Category[] = CATEGORY_NAMES.map((name, c) => ({
  id: c + 1,
  name,
  subcategories: SUBCATEGORY_WORDS.map((word, s) => ({ id: c * 10 + s + 1, name: `${word} ${name.split(' ')[0]}` })),
}));

export const products: Product[] = Array.from({ length: PRODUCT_COUNT }, (_, i) => {
  const categoryId = (i % categories.length) + 1;
  const subcategoryId = (categoryId - 1) * 10 + (Math.floor(i / categories.length) % 10) + 1;
  const mrpPaise = 2_000 + Math.floor(next() * 98_000);
  const item = pick(ITEMS);
  return {
    id: i + 1,
    name: `${pick(BRANDS)} ${pick(ADJECTIVES)} ${item}`,
    brand: pick(BRANDS),
    weight: pick(SIZES),
    mrpPaise,
    pricePaise: next() < 0.6 ? Math.round(mrpPaise * (0.75 + next() * 0.2)) : mrpPaise,
    stock: next() < 0.05 ? 0 : Math.floor(next() * 500),
    categoryId,
    subcategoryId,
    description: Array.from({ length: 4 + Math.floor(next() * 5) }, () => pick(SENTENCES)).join(' '),
    additionalInformation: Array.from({ length: 2 + Math.floor(next() * 3) }, () => pick(SENTENCES)).join(' '),
    highlights: Array.from({ length: 4 + Math.floor(next() * 3) }, () => pick(SENTENCES)),
    image: `/media/${item.toLowerCase().replace(/\W+/g, '-')}.svg`,
  };
});

/** The product a shop id names (ids wrap around). */
export function productById(id: number): Product {
  return products[(((id - 1) % PRODUCT_COUNT) + PRODUCT_COUNT) % PRODUCT_COUNT]!;
}

export function categoryById(id: number): Category {
  return categories[(((id - 1) % categories.length) + categories.length) % categories.length]!;
}

/** The category and subcategory a shop subcategory id names (ids wrap around). */
export function subcategoryById(id: number): { category: Category; subcategory: { id: number; name: string } } {
  const all = categories.length * 10;
  const index = (((id - 1) % all) + all) % all;
  const category = categories[Math.floor(index / 10)]!;
  return { category, subcategory: category.subcategories[index % 10]! };
}

export type Sort = 'id' | 'asc' | 'desc';

function sortedThree(list: Product[]): Record<Sort, Product[]> {
  return {
    id: list,
    asc: [...list].sort((a, b) => a.pricePaise - b.pricePaise || a.id - b.id),
    desc: [...list].sort((a, b) => b.pricePaise - a.pricePaise || a.id - b.id),
  };
}

const byCategory = new Map(categories.map((c) => [c.id, sortedThree(products.filter((p) => p.categoryId === c.id))]));
const bySubcategory = new Map(
  categories.flatMap((c) =>
    c.subcategories.map((s) => [s.id, sortedThree(products.filter((p) => p.subcategoryId === s.id))] as const),
  ),
);

/** One page of a category's or subcategory's products, and how many pages there are. */
export function listingPage(
  scope: { categoryId: number } | { subcategoryId: number },
  sort: Sort,
  page: number,
  size: number,
): { items: Product[]; pages: number } {
  const lists = 'categoryId' in scope ? byCategory.get(scope.categoryId)! : bySubcategory.get(scope.subcategoryId)!;
  const list = lists[sort];
  const pages = size > 0 ? Math.max(1, Math.ceil(list.length / size)) : 1;
  const p = Math.min(Math.max(1, page), pages);
  return { items: list.slice((p - 1) * size, p * size), pages };
}

/** `count` other products of the same subcategory, from the product onwards. */
export function relatedProducts(product: Product, count: number): Product[] {
  const list = bySubcategory.get(product.subcategoryId)!.id;
  const at = list.indexOf(product);
  return Array.from({ length: Math.min(count, list.length - 1) }, (_, i) => list[(at + 1 + i) % list.length]!);
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
export const formatPaise = (paise: number) => inr.format(paise / 100);
export const discountPercent = (p: Product) =>
  p.mrpPaise > p.pricePaise ? Math.round(((p.mrpPaise - p.pricePaise) / p.mrpPaise) * 100) : 0;

/** A count from a query parameter (`?cards=`, `?results=`: the bench's size calibration), or `fallback`. */
export function countParam(url: URL, fallback: number, name = 'cards'): number {
  const n = Number(url.searchParams.get(name));
  return Number.isInteger(n) && n >= 0 && n <= 200 && url.searchParams.has(name) ? n : fallback;
}
