/**
 * The back office's product rules, browser-safe (the admin islands validate with them before
 * sending; the server validates again): what an inline edit or the product form may set, and
 * the messages staff see. Money is integer paise; stock whole units.
 */
import { z } from 'zod';
import {
  DECLARATION_MESSAGES,
  type DeclarationGap,
  FOOD_MARKS,
  FSSAI_PATTERN,
  normaliseFssai,
  type ProductDeclarations,
} from './declarations.ts';

/** Lowest price or MRP: ₹0.01 (a product at ₹0 would sell for nothing). */
export const MIN_PRICE_PAISE = 1;
/** Highest price or MRP staff may set: ₹10,00,000.00. */
export const MAX_PRICE_PAISE = 100_000_000;
/** Highest stock staff may set, in units. */
export const MAX_STOCK = 1_000_000;
/** Pack-size units the shop uses (the demo catalogue sells by the piece, the dozen and the bunch too). */
export const PACK_UNITS = ['g', 'kg', 'mg', 'ml', 'l', 'pc', 'pcs', 'dozen', 'bunch'] as const;
/**
 * The GST rates a product may carry, in per cent: the slabs the rate notifications set for goods
 * (nil, 0.25 % rough stones, 3 % gold and silver, 5 %, 18 %, 40 %) and 12 % and 28 %, which
 * products of older catalogues carry (ADR 0126).
 */
export const GST_SLABS = [0, 0.25, 3, 5, 12, 18, 28, 40] as const;
/** An HSN code: 4, 6 or 8 digits. */
export const HSN_PATTERN = /^(?:\d{4}|\d{6}|\d{8})$/;
/** A SKU: letters, digits, dot, dash, underscore and slash, starting with a letter or digit. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/**
 * Whether search text reads as a SKU (or part of one) rather than words: one token of SKU
 * characters holding a letter, a digit and a separator, e.g. `FF-FRU-0011`. The back office
 * matches such text against SKUs and names as typed, never through the storefront's fuzzy engine,
 * which would answer a mistyped SKU with every product whose name resembles a piece of it.
 * @example looksLikeSku('FF-FRU-0011') // true
 * @example looksLikeSku('tomato') // false
 */
export function looksLikeSku(text: string): boolean {
  const t = text.trim();
  return SKU_PATTERN.test(t) && /[A-Za-z]/.test(t) && /\d/.test(t) && /[._/-]/.test(t);
}

/** How many products one admin listing page shows. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/**
 * What the back office's product listing says above its rows: how many products match (the
 * query's own count, never the page size), which of them this page shows, or the shop's
 * no-results words for a search.
 * @example listingSummary({ total: 120, pageSize: 50 }, { q: 'dal', page: 2 }) // '120 products match "dal", showing 51–100'
 */
export function listingSummary(
  result: { total: number; pageSize: number },
  query: { q: string; page: number },
): string {
  const q = query.q.trim();
  if (result.total === 0) return q ? `No products found for "${q}".` : 'No products.';
  const n = `${result.total.toLocaleString('en-IN')} ${result.total === 1 ? 'product' : 'products'}`;
  const counted = q ? `${n} ${result.total === 1 ? 'matches' : 'match'} "${q}"` : n;
  if (result.total <= result.pageSize) return counted;
  const first = (query.page - 1) * result.pageSize + 1;
  const last = Math.min(result.total, query.page * result.pageSize);
  return `${counted}, showing ${first.toLocaleString('en-IN')}–${last.toLocaleString('en-IN')}`;
}

export const ADMIN_PRODUCT_MESSAGES = {
  priceAboveMrp: 'The price cannot be above the MRP.',
  noChange: 'Nothing to change: send at least one field.',
  notFound: 'No such product.',
  subcategoryMismatch: 'The subcategory is not in the chosen category.',
  duplicateSku: 'Another product already has this SKU: choose another.',
  hsn: 'The HSN code must be 4, 6 or 8 digits, e.g. 0702.',
  gst: `Choose a GST rate: ${GST_SLABS.join(', ')} %.`,
  archivedCannotSell: 'This product is archived: restore it before putting it on sale.',
  alreadyArchived: 'This product is already archived.',
  notArchived: 'This product is not archived.',
  orderedCannotDelete:
    'This product is on past orders, so it cannot be deleted: archive it instead (it leaves the shop and stays on those orders and invoices).',
  unknownCategory: 'No such category.',
  unknownSubcategory: 'No such subcategory.',
} as const;

/** What a price or MRP ("The price") below MIN_PRICE_PAISE is told. */
const priceTooSmall = (what: string) => `${what} must be more than ₹0.`;
/** What a price or MRP above MAX_PRICE_PAISE is told: the maximum in rupees. */
const priceTooLarge = (what: string) =>
  `${what} can be at most ₹${(MAX_PRICE_PAISE / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}.`;

/** A price or MRP in paise: whole, from MIN_PRICE_PAISE to MAX_PRICE_PAISE. */
const paise = (what: string) =>
  z
    .number({ error: `${what} must be a number of paise.` })
    .int(`${what} must be whole paise.`)
    .min(MIN_PRICE_PAISE, priceTooSmall(what))
    .max(MAX_PRICE_PAISE, priceTooLarge(what));

/**
 * Rupees a person typed for a price or MRP ("45", "45.5", "1,200.00", "₹50"), checked in the
 * browser as the server checks the paise (more than ₹0, at most ₹10,00,000) and with the same
 * messages: its paise, or the message for `what` ("The price"). `example` is the amount the
 * message for text that is not an amount shows.
 * @example typedPrice('The price', '45.5', '45.50') // { paise: 4550 }
 * @example typedPrice('The price', '999999999', '45.50') // { error: 'The price can be at most ₹10,00,000.' }
 */
export function typedPrice(what: string, typed: string, example: string): { paise: number } | { error: string } {
  const t = typed.replace(/[,\s₹]/g, '');
  if (!/^\d+(?:\.\d{1,2})?$/.test(t)) return { error: `${what} must be an amount in rupees, e.g. ${example}.` };
  const [whole = '', fraction = ''] = t.split('.');
  const rupees = whole.replace(/^0+(?=\d)/, '');
  // More digits than any allowed amount has: too large, whatever Number would make of them.
  if (rupees.length > String(MAX_PRICE_PAISE / 100).length) return { error: priceTooLarge(what) };
  const paise = Number(rupees) * 100 + Number(fraction.padEnd(2, '0'));
  if (paise > MAX_PRICE_PAISE) return { error: priceTooLarge(what) };
  if (paise < MIN_PRICE_PAISE) return { error: priceTooSmall(what) };
  return { paise };
}

/** Text a person typed: trimmed, with a length limit. */
const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, `${what} can be at most ${max} characters.`);

/** Most photos a product may have. */
export const MAX_PRODUCT_IMAGES = 10;

/**
 * An image: an absolute http(s) URL, or a path on the media host ("products/tomato.webp",
 * "/media/x.svg"): no "..", no scheme, no spaces.
 */
export const imagePath = z
  .string()
  .trim()
  .min(1, 'An image path cannot be empty.')
  .max(500, 'An image path can be at most 500 characters.')
  .refine(
    (v) =>
      /^https?:\/\/[^\s]+$/i.test(v) ? URL.canParse(v) : /^\/?[\w.-]+(?:\/[\w.-]+)*$/.test(v) && !v.includes('..'),
    'An image must be an http(s) URL or a path like products/tomato.webp.',
  );

/** Every field staff set on a product, with its messages. */
const productFields = {
  price_paise: paise('The price'),
  mrp_paise: paise('The MRP'),
  stock: z
    .number({ error: 'The stock must be a number.' })
    .int('The stock must be a whole number.')
    .min(0, 'The stock cannot be negative.')
    .max(MAX_STOCK, `The stock can be at most ${MAX_STOCK.toLocaleString('en-IN')}.`),
  is_active: z.boolean({ error: 'Active must be true or false.' }),
  name: text('The name', 200).min(1, 'The name cannot be empty.'),
  description: text('The description', 5000).nullable(),
  highlights: z
    .array(text('A highlight', 200).min(1, 'A highlight cannot be empty.'), { error: 'Highlights must be a list.' })
    .max(20, 'At most 20 highlights.'),
  images: z
    .array(imagePath, { error: 'Images must be a list.' })
    .max(MAX_PRODUCT_IMAGES, `At most ${MAX_PRODUCT_IMAGES} images.`),
  category_id: z.number({ error: 'Choose a category.' }).int().positive('Choose a category.'),
  subcategory_id: z.number({ error: 'Choose a subcategory.' }).int().positive('Choose a subcategory.'),
  weight: z
    .number({ error: 'The pack size must be a number.' })
    .positive('The pack size must be above 0.')
    .max(1_000_000, 'The pack size is too large.')
    .multipleOf(0.001, 'The pack size can have at most 3 decimals.')
    .nullable(),
  weight_unit: z.enum(PACK_UNITS, { error: `The unit must be one of ${PACK_UNITS.join(', ')}.` }).nullable(),
  tax_percent: z
    .number({ error: ADMIN_PRODUCT_MESSAGES.gst })
    .refine((v) => (GST_SLABS as readonly number[]).includes(v), ADMIN_PRODUCT_MESSAGES.gst),
  brand: text('The brand', 100).nullable(),
  additional_information: text('The additional information', 5000).nullable(),
  hsn_code: z
    .string({ error: ADMIN_PRODUCT_MESSAGES.hsn })
    .trim()
    .refine((v) => v === '' || HSN_PATTERN.test(v), ADMIN_PRODUCT_MESSAGES.hsn)
    .nullable(),
  // The declarations (declarations.ts, ADR 0138).
  manufacturer: text("The manufacturer's name and address", 500).nullable(),
  packer: text("The packer's name and address", 500).nullable(),
  importer: text("The importer's name and address", 500).nullable(),
  // A country's name has letters ("12345" is no country); empty clears it.
  country_of_origin: text('The country of origin', 60)
    .regex(/^$|\p{L}/u, "The country of origin must be a country's name, such as India.")
    .nullable(),
  shelf_life: text('The shelf life', 200).nullable(),
  consumer_care: text('The consumer care', 300).nullable(),
  fssai_licence: z
    .string({ error: DECLARATION_MESSAGES.fssai })
    .overwrite(normaliseFssai)
    .refine((v) => v === '' || FSSAI_PATTERN.test(v), DECLARATION_MESSAGES.fssai)
    .nullable(),
  food_mark: z.enum(FOOD_MARKS, { error: 'Choose veg, non-veg or not a food.' }).nullable(),
  sold_loose: z.boolean({ error: 'Sold loose must be true or false.' }),
};

/** A price at or below the MRP when both are given. */
const priceWithinMrp = {
  check: (p: { price_paise?: number; mrp_paise?: number }) =>
    p.price_paise === undefined || p.mrp_paise === undefined || p.price_paise <= p.mrp_paise,
  params: { message: ADMIN_PRODUCT_MESSAGES.priceAboveMrp, path: ['price_paise'] },
};

/** What an inline edit (and the product form) may change; at least one field. */
export const productPatchSchema = z
  .object(productFields)
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, ADMIN_PRODUCT_MESSAGES.noChange)
  .refine(priceWithinMrp.check, priceWithinMrp.params);

export type ProductPatch = z.output<typeof productPatchSchema>;

/**
 * A new product: a unique SKU, a name, a category and subcategory, price and MRP; the rest is
 * optional (no brand, no pack size, nil GST, no stock, on sale, no images by default).
 */
export const newProductSchema = z
  .object({
    sku: z
      .string({ error: 'Enter a SKU.' })
      .trim()
      .min(1, 'Enter a SKU.')
      .max(64, 'The SKU can be at most 64 characters.')
      .regex(SKU_PATTERN, 'The SKU can have letters, digits, dots, dashes, underscores and slashes only.'),
    ...productFields,
    brand: productFields.brand.optional(),
    description: productFields.description.optional(),
    additional_information: productFields.additional_information.optional(),
    highlights: productFields.highlights.optional(),
    images: productFields.images.optional(),
    weight: productFields.weight.optional(),
    weight_unit: productFields.weight_unit.optional(),
    tax_percent: productFields.tax_percent.optional(),
    hsn_code: productFields.hsn_code.optional(),
    stock: productFields.stock.optional(),
    is_active: productFields.is_active.optional(),
    manufacturer: productFields.manufacturer.optional(),
    packer: productFields.packer.optional(),
    importer: productFields.importer.optional(),
    country_of_origin: productFields.country_of_origin.optional(),
    shelf_life: productFields.shelf_life.optional(),
    consumer_care: productFields.consumer_care.optional(),
    fssai_licence: productFields.fssai_licence.optional(),
    food_mark: productFields.food_mark.optional(),
    sold_loose: productFields.sold_loose.optional(),
  })
  .strict()
  .refine(priceWithinMrp.check, priceWithinMrp.params);

export type NewProduct = z.output<typeof newProductSchema>;

/**
 * The listing's filters: every one but `archived` leaves archived products out;
 * `missing_declarations` lists the packaged products with a required declaration missing.
 */
export const PRODUCT_FILTERS = [
  'all',
  'out_of_stock',
  'inactive',
  'low_stock',
  'missing_declarations',
  'archived',
] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

/**
 * What the back office's product listing shows: the text searched for, the filter, the stock
 * threshold of `low_stock` and the page. The page's address holds it (productsViewSearch), so a
 * search can be bookmarked, shared, reloaded and gone back to.
 */
export interface ProductsView {
  q: string;
  filter: ProductFilter;
  stockAtMost: number;
  page: number;
}

/** The longest search the listing takes (the API's limit for `q`). */
export const MAX_PRODUCT_SEARCH = 100;
/** The highest page the listing asks for (the API's limit for `page`). */
export const MAX_PRODUCTS_PAGE = 10_000;
/** The stock threshold `low_stock` starts with. */
const DEFAULT_STOCK_AT_MOST = 5;

/** A whole number `text` from `min` to `max`, or `fallback`. */
function wholeIn(text: string | null, min: number, max: number, fallback: number): number {
  if (!text || !/^\d{1,8}$/.test(text)) return fallback;
  const n = Number(text);
  return n >= min && n <= max ? n : fallback;
}

/**
 * The view an address asks for (`?q=&filter=&stock_at_most=&page=`, the API's names), each part
 * that cannot be read left at its default: all products, 5 units, page 1.
 * @example productsViewFrom(new URLSearchParams('q=mango&page=2')) // { q: 'mango', filter: 'all', stockAtMost: 5, page: 2 }
 */
export function productsViewFrom(params: URLSearchParams): ProductsView {
  const filter = params.get('filter') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_PRODUCT_SEARCH),
    filter: (PRODUCT_FILTERS as readonly string[]).includes(filter) ? (filter as ProductFilter) : 'all',
    stockAtMost: wholeIn(params.get('stock_at_most'), 0, MAX_STOCK, DEFAULT_STOCK_AT_MOST),
    page: wholeIn(params.get('page'), 1, MAX_PRODUCTS_PAGE, 1),
  };
}

/**
 * The products page's title for `view`: the search when there is one, so the browser's history
 * tells searches apart.
 * @example productsViewTitle({ q: 'mango', filter: 'all', stockAtMost: 5, page: 1 }) // "Products matching “mango”"
 */
export function productsViewTitle(view: ProductsView): string {
  return view.q.trim() ? `Products matching “${view.q.trim()}”` : 'Products';
}

/**
 * The address's query for `view` ("" for all products on page 1): defaults are left out, and the
 * stock threshold goes only with `low_stock`.
 * @example productsViewSearch({ q: 'mango', filter: 'all', stockAtMost: 5, page: 1 }) // "?q=mango"
 */
export function productsViewSearch(view: ProductsView): string {
  const params = new URLSearchParams();
  const q = view.q.trim();
  if (q) params.set('q', q);
  if (view.filter !== 'all') params.set('filter', view.filter);
  if (view.filter === 'low_stock') params.set('stock_at_most', String(view.stockAtMost));
  if (view.page > 1) params.set('page', String(view.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** A product as the back office lists and edits it, its declarations included. Money in paise. */
export interface AdminProduct extends ProductDeclarations {
  id: number;
  sku: string;
  name: string;
  slug: string;
  categoryId: number;
  categoryName: string;
  subcategoryId: number;
  subcategoryName: string;
  brand: string | null;
  description: string | null;
  highlights: string[];
  images: string[];
  weight: number | null;
  weightUnit: string | null;
  pricePaise: number;
  mrpPaise: number;
  taxPercent: number;
  hsnCode: string | null;
  additionalInformation: string | null;
  stock: number;
  isActive: boolean;
  /** The required declarations it lacks (none for loose produce), in the form's order. */
  declarationGaps: DeclarationGap[];
  /** ISO instant it was archived; null while in the catalogue. */
  archivedAt: string | null;
  /** ISO instant of the last change. */
  updatedAt: string;
}
