/**
 * The demo shop's data files (`data/*.json`) and the zod schemas they are checked against when
 * seeding: prices in rupees there (stored as paise), images as Twemoji code points (CC-BY 4.0,
 * see docs/demo-shop.md). A file that breaks a rule stops the seed with the file, the path of
 * the bad value and the rule, before anything is written.
 *
 * The files: `catalog.json` (categories in id order: 1 Fresh Fruits … 6 Bakery; 1 and 3 are
 * linked from the home promo tiles), `banners.json` (home carousel in display order; images in
 * public/media/banners/), `delivery-areas.json` (postal-code prefixes served) and
 * `promo-codes.json` (each code exercises one rule of the promo check) and `declarations.json`
 * (what each product's listing declares: its maker by brand, shelf life by subcategory, imports
 * and non-veg by SKU; fresh produce sold loose).
 */
import { z } from 'zod';
import bannersFile from './data/banners.json' with { type: 'json' };
import catalogFile from './data/catalog.json' with { type: 'json' };
import declarationsFile from './data/declarations.json' with { type: 'json' };
import deliveryAreasFile from './data/delivery-areas.json' with { type: 'json' };
import promoCodesFile from './data/promo-codes.json' with { type: 'json' };

/** A Twemoji code point, e.g. "1f345" for a tomato (one or more hex parts joined by "-"). */
const emojiCode = z.string().regex(/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/, 'a Twemoji code point such as "1f345"');
/**
 * A product picture: a Twemoji code point that shows this very product, or "placeholder" (the
 * neutral placeholder image) when no emoji fits — never another product's emoji.
 */
const productArtwork = z.union([z.literal('placeholder'), emojiCode]);
const text = (max: number) => z.string().trim().min(1).max(max);
const rupees = z.number().positive().multipleOf(0.01);

/** A demo product. `price` is the selling price (equal to `mrp` when there is no discount). */
export const demoProductSchema = z
  .object({
    sku: z.string().regex(/^FF-[A-Z]{3}-\d{3}$/, 'a SKU such as "FF-FRU-001"'),
    name: text(120),
    brand: text(60).optional(),
    weight: z.number().positive(),
    weightUnit: z.enum(['g', 'kg', 'ml', 'l', 'pc', 'pcs', 'dozen', 'bunch']),
    /** Maximum retail price in rupees. */
    mrp: rupees,
    /** Selling price in rupees. */
    price: rupees,
    taxPercent: z.union([z.literal(0), z.literal(5), z.literal(12), z.literal(18), z.literal(28)]),
    /** HSN code printed on the GST invoice (4, 6 or 8 digits), e.g. "0702" tomatoes, "2001" pickles. */
    hsn: z.string().regex(/^\d{4}(\d{2}){0,2}$/, 'an HSN code of 4, 6 or 8 digits'),
    stock: z.number().int().min(0),
    images: z.array(productArtwork).min(1),
    description: text(1000),
    additionalInformation: text(1000),
    highlights: z.array(text(60)).max(6),
  })
  .strict()
  .refine((p) => p.price <= p.mrp, { message: 'price must not exceed mrp', path: ['price'] });

export const demoSubcategorySchema = z
  .object({ name: text(60), image: emojiCode, products: z.array(demoProductSchema) })
  .strict();

export const demoCategorySchema = z
  .object({
    name: text(60),
    description: text(300),
    image: emojiCode,
    subcategories: z.array(demoSubcategorySchema).min(1),
  })
  .strict();

export const demoBannerSchema = z
  .object({
    title: text(80),
    description: text(200),
    /** Image path under /media, e.g. "banners/mango-season.svg". */
    image: z.string().regex(/^banners\/[a-z0-9-]+\.(svg|png|jpe?g|webp)$/),
    cta: text(30).optional(),
    ctaLink: z.string().startsWith('/').optional(),
  })
  .strict();

export const demoDeliveryAreaSchema = z
  .object({ name: text(60), postalCodePrefixes: z.array(z.string().regex(/^\d{1,6}$/)).min(1) })
  .strict();

export const demoPromoCodeSchema = z
  .object({
    code: z.string().regex(/^[A-Z0-9]{3,20}$/),
    description: text(120),
    percentOff: z.number().int().min(1).max(100),
    /** Minimum order in rupees. */
    minOrder: z.number().min(0),
    maxUses: z.number().int().positive().optional(),
    perCustomerLimit: z.number().int().positive().optional(),
    /** Days from the seeding date; omitted means open-ended. */
    startsInDays: z.number().int().optional(),
    endsInDays: z.number().int().optional(),
    isActive: z.boolean().optional(),
  })
  .strict();

const address = text(300);
const declaredFields = {
  manufacturer: address,
  packer: address,
  importer: address,
  countryOfOrigin: text(60),
  shelfLife: text(200),
  consumerCare: text(300),
  fssaiLicence: z.string().regex(/^\d{14}$/, 'an FSSAI licence number of 14 digits'),
  foodMark: z.enum(['veg', 'non_veg', 'not_food']),
};

/**
 * The demo products' declarations (ADR 0138): the categories sold loose (fresh produce), each
 * brand's maker, licence and care contact, each subcategory's shelf life, and per SKU what
 * differs (an import's origin and importer, a non-veg item, a longer shelf life).
 */
export const demoDeclarationsSchema = z
  .object({
    looseCategories: z.array(text(60)),
    makers: z.record(
      z.string(),
      z.object({ manufacturer: address, fssaiLicence: declaredFields.fssaiLicence, consumerCare: text(300) }).strict(),
    ),
    shelfLife: z.record(z.string(), text(200)),
    bySku: z.record(z.string(), z.object(declaredFields).partial().strict()),
  })
  .strict();

export type DemoProduct = z.infer<typeof demoProductSchema>;
export type DemoDeclarations = z.infer<typeof demoDeclarationsSchema>;
export type DemoCategory = z.infer<typeof demoCategorySchema>;
export type DemoBanner = z.infer<typeof demoBannerSchema>;
export type DemoDeliveryArea = z.infer<typeof demoDeliveryAreaSchema>;
export type DemoPromoCode = z.infer<typeof demoPromoCodeSchema>;

/** The whole demo shop, validated. */
export interface DemoShop {
  catalog: DemoCategory[];
  banners: DemoBanner[];
  deliveryAreas: DemoDeliveryArea[];
  promoCodes: DemoPromoCode[];
  declarations: DemoDeclarations;
}

/** Parses one data file's content; throws an Error naming the file, the path and the rule. */
function parseFile<T>(file: string, schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new Error(`demo-shop/data/${file}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

/**
 * Validates the demo shop's data (by default the committed files) and checks the rules that
 * span records: unique SKUs and unique promo codes. Throws an Error naming the problem.
 */
export function loadDemoShop(
  files: { catalog: unknown; banners: unknown; deliveryAreas: unknown; promoCodes: unknown; declarations?: unknown } = {
    catalog: catalogFile,
    banners: bannersFile,
    deliveryAreas: deliveryAreasFile,
    promoCodes: promoCodesFile,
  },
): DemoShop {
  const shop: DemoShop = {
    catalog: parseFile('catalog.json', z.array(demoCategorySchema).min(1), files.catalog),
    banners: parseFile('banners.json', z.array(demoBannerSchema), files.banners),
    deliveryAreas: parseFile('delivery-areas.json', z.array(demoDeliveryAreaSchema).min(1), files.deliveryAreas),
    promoCodes: parseFile('promo-codes.json', z.array(demoPromoCodeSchema), files.promoCodes),
    declarations: parseFile('declarations.json', demoDeclarationsSchema, files.declarations ?? declarationsFile),
  };
  const skus = new Set<string>();
  for (const product of shop.catalog.flatMap((c) => c.subcategories.flatMap((s) => s.products))) {
    if (skus.has(product.sku)) throw new Error(`demo-shop/data/catalog.json: SKU ${product.sku} appears twice`);
    skus.add(product.sku);
  }
  for (const category of shop.catalog) {
    if (shop.declarations.looseCategories.includes(category.name)) continue;
    for (const sub of category.subcategories)
      for (const product of sub.products) {
        const brand = product.brand ?? 'FarmFresh';
        if (!shop.declarations.makers[brand] && !shop.declarations.bySku[product.sku]?.manufacturer)
          throw new Error(`demo-shop/data/declarations.json: no maker for the brand ${brand} (${product.sku})`);
        if (!shop.declarations.shelfLife[sub.name] && !shop.declarations.bySku[product.sku]?.shelfLife)
          throw new Error(`demo-shop/data/declarations.json: no shelf life for ${sub.name} (${product.sku})`);
      }
  }
  const codes = new Set<string>();
  for (const promo of shop.promoCodes) {
    if (codes.has(promo.code)) throw new Error(`demo-shop/data/promo-codes.json: code ${promo.code} appears twice`);
    codes.add(promo.code);
  }
  return shop;
}
