/**
 * The back office's categories, subcategories, home banners and home rails, browser-safe: what
 * creating and changing each takes (zod, checked again on the server), the messages staff see,
 * and the shop-time (Asia/Kolkata) conversions of banner dates. ADR 0128.
 */
import { z } from 'zod';

export const TAXONOMY_MESSAGES = {
  nameRequired: 'Please enter a name.',
  nameLong: 'A name has at most 60 characters.',
  categoryTaken: (name: string) => `A category named ${name} already exists.`,
  subcategoryTaken: (name: string) => `This category already has a subcategory named ${name}.`,
  categoryNotFound: 'No such category.',
  subcategoryNotFound: 'No such subcategory.',
  categoryNotEmpty: 'Only an empty category can be deleted: move or delete its subcategories and products first.',
  subcategoryNotEmpty: 'Only an empty subcategory can be deleted: move its products first, or deactivate it.',
  image: 'An image is an uploaded image, a path on this site (/...) or an https:// address.',
  link: 'A link is a path on this site, e.g. /shop or /category/3/subcategories, or an https:// address.',
  bannerImageRequired: 'Please add an image.',
  bannerNotFound: 'No such banner.',
  endsBeforeStart: 'The end must be after the start.',
  railNotFound: 'No such rail.',
  railTitleRequired: 'Please enter a title.',
  railNeedsProducts: 'Pick at least one product for a rail of chosen products.',
  railUnknownProducts: (ids: number[]) => `No product has the id ${ids.join(', ')}.`,
  nothingToChange: 'Nothing to change.',
  cannotMove: 'It is already at that end of the list.',
} as const;

/** How a rail chooses its products. */
export const RAIL_RULES = ['chosen', 'deals', 'new', 'bestsellers'] as const;
export type RailRule = (typeof RAIL_RULES)[number];

/** How staff read each rule. */
export const RAIL_RULE_LABELS: Record<RailRule, string> = {
  chosen: 'Products I choose',
  deals: 'Deals: largest saving on the MRP',
  new: 'New: newest products',
  bestsellers: 'Bestsellers: most units sold in the last 30 days',
};

/** The most products a rail shows, and a chosen rail may name. */
export const MAX_RAIL_PRODUCTS = 24;
/** How far back (days) the bestsellers rule counts units sold. */
export const BESTSELLER_DAYS = 30;

/** Control characters and whitespace, which browsers drop from a URL (so `/\t/host` would become `//host`). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const UNSAFE_URL_CHARS = /[\u0000-\u0020\u007f]/;

/**
 * A stored image value: an uploaded image's value or a media path (`emoji/1f345.svg`), a path on
 * this site (`/images/x.webp`) or an https address; never `javascript:`, `data:` or `//host`.
 */
export function isImageValue(value: string): boolean {
  if (value.length > 500 || UNSAFE_URL_CHARS.test(value) || value.includes('..')) return false;
  if (/^https:\/\/[^/\\]/i.test(value)) return URL.canParse(value);
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
  return /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(value);
}

/**
 * A banner's link: a path on this site (`/shop/...`, not `//host`) or an https URL. Everything
 * else (`javascript:`, `data:`, `http:`, a bare word) is refused.
 * @example isBannerLink('/shop?sort=asc') // true
 * @example isBannerLink('javascript:alert(1)') // false
 */
export function isBannerLink(value: string): boolean {
  if (value.length > 500 || UNSAFE_URL_CHARS.test(value)) return false;
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
  return /^https:\/\/[^/\\]/i.test(value) && URL.canParse(value);
}

/**
 * The category and subcategory a link on this site opens, if it opens one: `/category/{id}/…`,
 * `/categories/{id}/…` (with `/subcategory/{sub}`) and `/subcategory/{id}`; null for any other
 * link (another page, an https address).
 * @example linkedTaxon('/category/4/subcategories') // { categoryId: 4, subcategoryId: null }
 * @example linkedTaxon('/subcategory/9?sort=asc') // { categoryId: null, subcategoryId: 9 }
 */
export function linkedTaxon(link: string): { categoryId: number | null; subcategoryId: number | null } | null {
  const path = link.split(/[?#]/, 1)[0]!;
  const sub = /^\/subcategory\/(\d+)(?:\/|$)/.exec(path);
  if (sub) return { categoryId: null, subcategoryId: Number(sub[1]) };
  const cat = /^\/categor(?:y|ies)\/(\d+)(?:\/subcategory\/(\d+))?(?:\/|$)/.exec(path);
  if (cat) return { categoryId: Number(cat[1]), subcategoryId: cat[2] ? Number(cat[2]) : null };
  return null;
}

/**
 * Whether `link` opens a category or subcategory that is not among the active ones (its page
 * answers 404), so a banner or tile with it is left off the home page.
 */
export function linkOpensHidden(
  link: string,
  active: { categoryIds: ReadonlySet<number>; subcategoryIds: ReadonlySet<number> },
): boolean {
  const target = linkedTaxon(link);
  if (!target) return false;
  return (
    (target.categoryId !== null && !active.categoryIds.has(target.categoryId)) ||
    (target.subcategoryId !== null && !active.subcategoryIds.has(target.subcategoryId))
  );
}

const name = z
  .string({ error: TAXONOMY_MESSAGES.nameRequired })
  .trim()
  .min(1, TAXONOMY_MESSAGES.nameRequired)
  .max(60, TAXONOMY_MESSAGES.nameLong);

/** An image value or null (no image); '' reads as null. */
const image = z
  .string({ error: TAXONOMY_MESSAGES.image })
  .trim()
  .transform((s) => s || null)
  .nullable()
  .refine((s) => s === null || isImageValue(s), TAXONOMY_MESSAGES.image);

const flag = (what: string) => z.boolean({ error: `${what} must be true or false.` });

/** A new category or subcategory: its name and an optional image. */
export const taxonNewSchema = z.object({ name, image: image.default(null) }).strict();
export type TaxonNew = z.output<typeof taxonNewSchema>;

/** A change to a category or subcategory: rename, image, deactivate or reactivate. */
export const taxonPatchSchema = z
  .object({ name: name.optional(), image: image.optional(), is_active: flag('is_active').optional() })
  .strict()
  .refine((p) => Object.keys(p).length > 0, TAXONOMY_MESSAGES.nothingToChange);
export type TaxonPatch = z.output<typeof taxonPatchSchema>;

/** Moving one place up or down in its list. */
export const moveSchema = z
  .object({ direction: z.enum(['up', 'down'], { error: 'The direction must be up or down.' }) })
  .strict();
export type Move = z.output<typeof moveSchema>;

const instant = z.iso.datetime({
  offset: true,
  error: 'A time must be an ISO 8601 date and time, e.g. 2026-12-01T09:00:00+05:30.',
});

const optionalText = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text.` })
    .trim()
    .max(max, `${what} can be at most ${max} characters.`)
    .transform((s) => s || null)
    .nullable();

const bannerFields = {
  title: optionalText('The title', 80),
  description: optionalText('The description', 200),
  image: z
    .string({ error: TAXONOMY_MESSAGES.bannerImageRequired })
    .trim()
    .min(1, TAXONOMY_MESSAGES.bannerImageRequired)
    .refine(isImageValue, TAXONOMY_MESSAGES.image),
  cta: optionalText('The button text', 30),
  cta_link: z
    .string({ error: TAXONOMY_MESSAGES.link })
    .trim()
    .transform((s) => s || null)
    .nullable()
    .refine((s) => s === null || isBannerLink(s), TAXONOMY_MESSAGES.link),
  starts_at: instant.nullable(),
  ends_at: instant.nullable(),
  is_active: flag('is_active'),
};

const endsAfterStart = (
  b: { starts_at?: string | null; ends_at?: string | null },
  ctx: { addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void },
) => {
  if (b.starts_at && b.ends_at && Date.parse(b.ends_at) <= Date.parse(b.starts_at))
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: TAXONOMY_MESSAGES.endsBeforeStart });
};

/** A new banner; the link defaults to /shop on the storefront when null. */
export const bannerNewSchema = z
  .object({
    ...bannerFields,
    title: bannerFields.title.default(null),
    description: bannerFields.description.default(null),
    cta: bannerFields.cta.default(null),
    cta_link: bannerFields.cta_link.default(null),
    starts_at: bannerFields.starts_at.default(null),
    ends_at: bannerFields.ends_at.default(null),
    is_active: bannerFields.is_active.default(true),
  })
  .strict()
  .superRefine(endsAfterStart);
export type BannerNew = z.output<typeof bannerNewSchema>;

/** A change to a banner: any of its fields. */
export const bannerPatchSchema = z
  .object({
    title: bannerFields.title.optional(),
    description: bannerFields.description.optional(),
    image: bannerFields.image.optional(),
    cta: bannerFields.cta.optional(),
    cta_link: bannerFields.cta_link.optional(),
    starts_at: bannerFields.starts_at.optional(),
    ends_at: bannerFields.ends_at.optional(),
    is_active: bannerFields.is_active.optional(),
  })
  .strict()
  .superRefine(endsAfterStart)
  .refine((p) => Object.keys(p).length > 0, TAXONOMY_MESSAGES.nothingToChange);
export type BannerPatch = z.output<typeof bannerPatchSchema>;

const railFields = {
  title: z
    .string({ error: TAXONOMY_MESSAGES.railTitleRequired })
    .trim()
    .min(1, TAXONOMY_MESSAGES.railTitleRequired)
    .max(60, 'A title has at most 60 characters.'),
  rule: z.enum(RAIL_RULES, { error: `The rule must be one of ${RAIL_RULES.join(', ')}.` }),
  product_ids: z
    .array(z.number().int().positive('A product id is a positive whole number.'), {
      error: 'product_ids must be a list of product ids.',
    })
    .max(MAX_RAIL_PRODUCTS, `A rail names at most ${MAX_RAIL_PRODUCTS} products.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A product can be in a rail only once.'),
  product_limit: z
    .number({ error: 'The number of products must be a number.' })
    .int('The number of products must be a whole number.')
    .min(1, 'A rail shows at least 1 product.')
    .max(MAX_RAIL_PRODUCTS, `A rail shows at most ${MAX_RAIL_PRODUCTS} products.`),
  is_active: flag('is_active'),
};

/** A new home rail. */
export const railNewSchema = z
  .object({
    ...railFields,
    product_ids: railFields.product_ids.default([]),
    product_limit: railFields.product_limit.default(10),
    is_active: railFields.is_active.default(true),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.rule === 'chosen' && r.product_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['product_ids'], message: TAXONOMY_MESSAGES.railNeedsProducts });
  });
export type RailNew = z.output<typeof railNewSchema>;

/** A change to a home rail. */
export const railPatchSchema = z
  .object({
    title: railFields.title.optional(),
    rule: railFields.rule.optional(),
    product_ids: railFields.product_ids.optional(),
    product_limit: railFields.product_limit.optional(),
    is_active: railFields.is_active.optional(),
  })
  .strict()
  .refine((p) => Object.keys(p).length > 0, TAXONOMY_MESSAGES.nothingToChange);
export type RailPatch = z.output<typeof railPatchSchema>;

/** India has one time zone and no daylight saving: shop time is UTC+05:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * A `datetime-local` value typed in shop time (Asia/Kolkata) as an ISO instant; null when empty.
 * @example shopLocalToIso('2026-12-01T09:00') // '2026-12-01T09:00:00+05:30'
 */
export function shopLocalToIso(local: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(local.trim());
  return m ? `${m[1]}${m[2] ?? ':00'}+05:30` : null;
}

/**
 * An ISO instant as a `datetime-local` value in shop time (Asia/Kolkata); '' for null.
 * @example isoToShopLocal('2026-12-01T03:30:00.000Z') // '2026-12-01T09:00'
 */
export function isoToShopLocal(iso: string | null): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A category or subcategory as the back office lists it. */
export interface AdminTaxon {
  id: number;
  name: string;
  slug: string;
  /** The stored image value, or null. */
  image: string | null;
  /** The image's URL for a preview (the placeholder when none). */
  imageUrl: string;
  isActive: boolean;
  /** Products filed under it (archived or not): a category or subcategory with any cannot be deleted. */
  productCount: number;
  /** Its products on sale now: those that leave the shop when it is deactivated. */
  onSaleCount: number;
}

/** A category with its subcategories in display order. */
export interface AdminCategory extends AdminTaxon {
  subcategories: AdminTaxon[];
}

/** Where a banner stands now. */
/** `link-hidden`: in its window and switched on, but left off the home page because its link opens a hidden category or subcategory. */
export type BannerState = 'scheduled' | 'showing' | 'ended' | 'off' | 'link-hidden';

/** A banner as the back office lists it (times ISO). */
export interface AdminBanner {
  id: number;
  title: string | null;
  description: string | null;
  image: string;
  imageUrl: string;
  cta: string | null;
  ctaLink: string | null;
  startsAt: string | null;
  endsAt: string | null;
  isActive: boolean;
  state: BannerState;
}

/** A home rail as the back office lists it, with the names of its chosen products. */
export interface AdminRail {
  id: number;
  title: string;
  rule: RailRule;
  productIds: number[];
  products: { id: number; name: string }[];
  productLimit: number;
  isActive: boolean;
}
