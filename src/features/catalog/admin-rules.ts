/**
 * The back office's product rules, browser-safe (the admin islands validate with them before
 * sending; the server validates again): what an inline edit or the product form may set, and
 * the messages staff see. Money is integer paise; stock whole units.
 */
import { z } from 'zod';

/** Highest price or MRP staff may set: ₹10,00,000.00. */
export const MAX_PRICE_PAISE = 100_000_000;
/** Highest stock staff may set, in units. */
export const MAX_STOCK = 1_000_000;
/** Pack-size units the shop uses (the demo catalogue sells by the piece, the dozen and the bunch too). */
export const PACK_UNITS = ['g', 'kg', 'mg', 'ml', 'l', 'pc', 'pcs', 'dozen', 'bunch'] as const;
/** How many products one admin listing page shows. */
export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

export const ADMIN_PRODUCT_MESSAGES = {
  priceAboveMrp: 'The price cannot be above the MRP.',
  noChange: 'Nothing to change: send at least one field.',
  notFound: 'No such product.',
  subcategoryMismatch: 'The subcategory is not in the chosen category.',
  unknownCategory: 'No such category.',
  unknownSubcategory: 'No such subcategory.',
} as const;

const paise = (what: string) =>
  z
    .number({ error: `${what} must be a number of paise.` })
    .int(`${what} must be whole paise.`)
    .min(0, `${what} cannot be negative.`)
    .max(MAX_PRICE_PAISE, `${what} can be at most ₹10,00,000.`);

/** Text a person typed: trimmed, with a length limit. */
const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, `${what} can be at most ${max} characters.`);

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

/** What an inline edit (and the product form) may change; at least one field. */
export const productPatchSchema = z
  .object({
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
    images: z.array(imagePath, { error: 'Images must be a list.' }).max(10, 'At most 10 images.'),
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
      .number({ error: 'The tax rate must be a number.' })
      .min(0, 'The tax rate cannot be negative.')
      .max(40, 'The tax rate can be at most 40%.')
      .multipleOf(0.01, 'The tax rate can have at most 2 decimals.'),
  })
  .partial()
  .strict()
  .refine((p) => Object.keys(p).length > 0, ADMIN_PRODUCT_MESSAGES.noChange)
  .refine((p) => p.price_paise === undefined || p.mrp_paise === undefined || p.price_paise <= p.mrp_paise, {
    message: ADMIN_PRODUCT_MESSAGES.priceAboveMrp,
    path: ['price_paise'],
  });

export type ProductPatch = z.output<typeof productPatchSchema>;

/** The listing's filters. */
export const PRODUCT_FILTERS = ['all', 'out_of_stock', 'inactive', 'low_stock'] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

/** A product as the back office lists and edits it. Money in paise. */
export interface AdminProduct {
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
  stock: number;
  isActive: boolean;
  /** ISO instant of the last change. */
  updatedAt: string;
}
