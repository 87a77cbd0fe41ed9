/**
 * Seeds the demo shop (the data files in src/features/demo-shop/data/, validated by
 * schema.ts first): categories, subcategories, products with stock (a dozen of them with photos
 * stored through the upload's pipeline, demo-photos.ts), banners, the Thrissur delivery area and
 * promo codes, and, when asked, the demo customer with her delivered orders (demo-customer.ts).
 *
 * It resets the database first (TRUNCATE … RESTART IDENTITY), so category ids are stable
 * (1 and 3 are linked from the home promo tiles) and a re-seed gives the same shop again.
 * Customers, carts and orders of a demo database are wiped with it; staff members and their
 * sign-in sessions are kept (a member added with `npm run staff -- add` survives every seeding).
 *
 * Outside demo mode (DEMO_MODE) a seeding refuses a database that holds orders (a real shop's:
 * SeedRefusedError, nothing is changed) and keeps the audit log. In demo mode it also empties the
 * audit log, through the migration's reset switch (`farmfresh.audit_log_reset`, transaction-local;
 * drizzle/0020_append_only_audit_log.sql): the one caller that turns it on. Tests run in demo
 * mode (vitest.config.ts), so their databases reset the same way; a production start never does.
 * ADR 0118.
 *
 * The server's start-up seeds only an empty database, under a transaction-level advisory lock
 * (seedEmptyDatabase), so several processes starting at once on one database seed it once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { getConfig } from '#lib/config.ts';
import * as schema from '#lib/db/schema.ts';
import type { Database, Transaction } from '#lib/db/types.ts';
import { PLACEHOLDER_IMAGE } from '#lib/images.ts';
import { logger } from '#lib/log.ts';
import { slugify } from '#lib/slug.ts';
import { seedDemoCustomer } from './demo-customer.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { demoPhotos } from './demo-photos.ts';
import { seedDemoStaff } from './demo-staff.ts';
import {
  type DemoBanner,
  type DemoCategory,
  type DemoDeclarations,
  type DemoProduct,
  type DemoPromoCode,
  loadDemoShop,
} from './schema.ts';

const toPaise = (rupees: number) => Math.round(rupees * 100);

const emojiPath = (code: string) => `emoji/${code}.svg`;
const DAY_MS = 86_400_000;

/**
 * Every table a seeding resets, in an order TRUNCATE … CASCADE accepts. Not `staff` nor
 * `staff_sessions`: staff are kept, and no table they reference is truncated, so CASCADE
 * never reaches them. Nor `audit_log`: only a demo-mode seeding empties it (writeDemoShop).
 */
const SEEDED_TABLES = [
  'points_transactions',
  'credit_transactions',
  'order_items',
  'orders',
  'promo_codes',
  'addresses',
  'wishlist_items',
  'cart_items',
  'rate_limit_events',
  'otps',
  'sessions',
  'customers',
  'stock_movements',
  'delivery_slot_usage',
  'delivery_areas',
  'banners',
  'products',
  'subcategories',
  'categories',
];

/** A seeding refused outside demo mode: the database holds orders, so it is a real shop's. */
export class SeedRefusedError extends Error {
  /** How many orders the database holds. */
  readonly orders: number;

  constructor(orders: number) {
    super(
      `The database holds ${orders} order${orders === 1 ? '' : 's'}: seeding would erase a real shop's customers and orders, and it is not demo mode. ` +
        'Seed a new, empty database instead, or a demo database with DEMO_MODE=true.',
    );
    this.name = 'SeedRefusedError';
    this.orders = orders;
  }
}

/**
 * Outside demo mode, refuses (SeedRefusedError) when the database holds orders. The orders table
 * is locked against writes first (EXCLUSIVE: reads go on), so no order is placed between the
 * count and the reset.
 */
async function refuseRealShop(tx: Transaction): Promise<void> {
  await tx.execute(sql`LOCK TABLE orders IN EXCLUSIVE MODE`);
  const rows = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`);
  const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  if (n > 0) throw new SeedRefusedError(n);
}

/** The demo products' photos (demo-photos.ts): SKU → stored image values, cover first. */
type Photos = Map<string, string[]>;

/**
 * A demo product's declarations (declarations.json): fresh produce sold loose, from India (an
 * imported fruit its country and importer), veg; a packaged product its brand's maker, licence
 * and care contact, its subcategory's shelf life, made in India and veg, unless its SKU says
 * otherwise (its own shelf life, an import's foreign maker and importer, a non-veg item).
 */
export function declarationsOf(
  declarations: DemoDeclarations,
  category: string,
  subcategory: string,
  product: DemoProduct,
) {
  const own = declarations.bySku[product.sku] ?? {};
  if (declarations.looseCategories.includes(category))
    return {
      soldLoose: true,
      countryOfOrigin: own.countryOfOrigin ?? 'India',
      importer: own.importer ?? null,
      foodMark: 'veg' as const,
    };
  const maker = declarations.makers[product.brand ?? 'FarmFresh'];
  return {
    soldLoose: false,
    manufacturer: own.manufacturer ?? maker?.manufacturer ?? null,
    packer: own.packer ?? null,
    importer: own.importer ?? null,
    countryOfOrigin: own.countryOfOrigin ?? 'India',
    shelfLife: own.shelfLife ?? declarations.shelfLife[subcategory] ?? null,
    consumerCare: own.consumerCare ?? maker?.consumerCare ?? null,
    fssaiLicence: own.fssaiLicence ?? maker?.fssaiLicence ?? null,
    foodMark: own.foodMark ?? 'veg',
  };
}

/** Product rows of one subcategory (with their photos, else their artwork), with their stock's opening movements; returns how many. */
async function seedProducts(
  tx: Transaction,
  categoryId: number,
  subcategoryId: number,
  products: DemoProduct[],
  photos: Photos,
  declared: (p: DemoProduct) => ReturnType<typeof declarationsOf>,
): Promise<number> {
  if (products.length === 0) return 0;
  const inserted = await tx
    .insert(schema.products)
    .values(
      products.map((p) => ({
        sku: p.sku,
        name: p.name,
        slug: slugify(p.name),
        categoryId,
        subcategoryId,
        brand: p.brand ?? 'FarmFresh',
        description: p.description,
        additionalInformation: p.additionalInformation,
        highlights: p.highlights,
        weight: p.weight,
        weightUnit: p.weightUnit,
        mrpPaise: toPaise(p.mrp),
        pricePaise: toPaise(p.price),
        taxPercent: p.taxPercent,
        hsnCode: p.hsn,
        stock: p.stock,
        images:
          photos.get(p.sku) ?? p.images.map((code) => (code === 'placeholder' ? PLACEHOLDER_IMAGE : emojiPath(code))),
        ...declared(p),
      })),
    )
    .returning({ id: schema.products.id, stock: schema.products.stock });
  const movements = inserted
    .filter((r) => r.stock > 0)
    .map((r) => ({ productId: r.id, delta: r.stock, reason: 'seed' as const }));
  if (movements.length) await tx.insert(schema.stockMovements).values(movements);
  return inserted.length;
}

/** One category (the `sortOrder`-th), its subcategories and their products; returns the products written. */
async function seedCategory(
  tx: Transaction,
  category: DemoCategory,
  sortOrder: number,
  photos: Photos,
  declarations: DemoDeclarations,
): Promise<number> {
  const [cat] = await tx
    .insert(schema.categories)
    .values({
      name: category.name,
      slug: slugify(category.name),
      image: emojiPath(category.image),
      description: category.description,
      sortOrder,
    })
    .returning({ id: schema.categories.id });
  let products = 0;
  for (const [si, sub] of category.subcategories.entries()) {
    const [subRow] = await tx
      .insert(schema.subcategories)
      .values({
        categoryId: cat!.id,
        name: sub.name,
        slug: slugify(sub.name),
        image: emojiPath(sub.image),
        sortOrder: si,
      })
      .returning({ id: schema.subcategories.id });
    products += await seedProducts(tx, cat!.id, subRow!.id, sub.products, photos, (p) =>
      declarationsOf(declarations, category.name, sub.name, p),
    );
  }
  return products;
}

async function seedBanners(tx: Transaction, banners: DemoBanner[]): Promise<void> {
  await tx.insert(schema.banners).values(
    banners.map((b, i) => ({
      title: b.title,
      description: b.description,
      image: b.image,
      cta: b.cta ?? null,
      ctaLink: b.ctaLink ?? null,
      sortOrder: i,
    })),
  );
}

/** The promo codes, their start and end counted in days from now. */
async function seedPromoCodes(tx: Transaction, promoCodes: DemoPromoCode[]): Promise<void> {
  const now = Date.now();
  await tx.insert(schema.promoCodes).values(
    promoCodes.map((p) => ({
      code: p.code.toUpperCase(),
      description: p.description,
      percentOff: p.percentOff,
      minOrderPaise: toPaise(p.minOrder),
      maxUses: p.maxUses ?? null,
      perCustomerLimit: p.perCustomerLimit ?? null,
      startsAt: p.startsInDays === undefined ? null : new Date(now + p.startsInDays * DAY_MS),
      endsAt: p.endsInDays === undefined ? null : new Date(now + p.endsInDays * DAY_MS),
      isActive: p.isActive ?? true,
    })),
  );
}

/** Resets the seeded tables and writes `shop` in `tx`; returns how many products it wrote. */
async function writeDemoShop(
  tx: Transaction,
  shop: ReturnType<typeof loadDemoShop>,
  photos: Photos,
  options: { demoCustomer?: boolean },
): Promise<number> {
  const { catalog, banners, deliveryAreas, promoCodes, declarations } = shop;
  let productCount = 0;
  const tables = [...SEEDED_TABLES];
  if (getConfig().DEMO_MODE) {
    // The audit log's reset switch, for this transaction only (migration 0020): demo mode alone.
    await tx.execute(sql`SELECT set_config('farmfresh.audit_log_reset', 'on', true)`);
    tables.push('audit_log');
  } else {
    await refuseRealShop(tx);
  }
  await tx.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
  for (const [ci, category] of catalog.entries())
    productCount += await seedCategory(tx, category, ci, photos, declarations);
  await seedBanners(tx, banners);
  await tx.insert(schema.deliveryAreas).values(deliveryAreas);
  await seedPromoCodes(tx, promoCodes);
  if (options.demoCustomer) {
    await seedDemoCustomer(tx);
    await seedDemoOrders(tx, await seedDemoStaff(tx));
  }
  return productCount;
}

/**
 * Replaces the shop's contents with the demo shop; staff members stay, and outside demo mode the
 * audit log too, and a database with orders is refused (SeedRefusedError). Returns what it wrote. `demoCustomer`
 * adds the demo customer and her delivered orders, the demo staff (one per role) and a dozen of
 * today's orders in every status for the back office's board (the server's seeding on boot and
 * `npm run db:seed` ask for them; tests that count customers or orders get a shop without them).
 */
export async function seedDemoShop(
  db: Database,
  options: { demoCustomer?: boolean } = {},
): Promise<{ categories: number; products: number }> {
  const shop = loadDemoShop();
  // Photos are drawn and stored before the transaction: files, not rows, and the slow part of a first seed.
  const photos = await demoPhotos();
  const products = await db.transaction((tx) => writeDemoShop(tx, shop, photos, options));
  return { categories: shop.catalog.length, products };
}

/** Key of the transaction-level advisory lock under which a process seeds an empty database. */
const SEED_LOCK_KEY = 727275;
/** Milliseconds a process waits before it asks again for the seeding lock another process holds. */
const SEED_LOCK_RETRY_MS = 250;

/**
 * Fills a new, empty database with the demo shop and its demo customer (the server's start-up,
 * SEED_DEMO=auto); true when this call seeded it. Each attempt is one transaction that first
 * takes the seeding lock, then looks whether the catalogue is still empty, so of several
 * processes that start on one empty database one seeds and the others find the shop there.
 * The lock is transaction-level (it works through PgBouncer in transaction mode and is released
 * by the commit or rollback) and tried rather than waited for, so a wait never meets the web
 * connection's lock or statement timeout: a process that finds it taken waits outside any
 * transaction and tries again. On PGlite one process holds the data folder; the lock is free.
 */
export async function seedEmptyDatabase(db: Database): Promise<boolean> {
  const shop = loadDemoShop();
  // Drawn only once the database is found empty, outside any transaction (see seedDemoShop).
  let photos: Photos | undefined;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const locked = await tx.execute<{ locked: boolean }>(
        sql`SELECT pg_try_advisory_xact_lock(${SEED_LOCK_KEY}) AS locked`,
      );
      if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return 'busy' as const;
      const rows = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM categories`);
      if (((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0) return 'filled' as const;
      if (!photos) return 'needs-photos' as const;
      await writeDemoShop(tx, shop, photos, { demoCustomer: true });
      return 'seeded' as const;
    });
    if (outcome === 'needs-photos') {
      photos = await demoPhotos();
      continue;
    }
    if (outcome === 'seeded') {
      logger.info('seeded the demo shop into an empty database');
      return true;
    }
    if (outcome === 'filled') return false;
    await sleep(SEED_LOCK_RETRY_MS);
  }
}
