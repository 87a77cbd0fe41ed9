/**
 * Product declarations on a fresh database of each kind: the rule of what a packaged product
 * needs (loose produce none; an import its importer; a food its FSSAI licence and shelf life);
 * the demo shop declares every product; a product the command-line import put on sale without
 * declarations stays on sale and can be edited, but an edit may not open a new gap; the back
 * office's "Missing declarations" filter and notice find it; the back office's upload keeps a
 * new packaged product without declarations off sale and refuses a row that would clear a
 * declaration of a product on sale, while the command-line import writes both.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeclarationFields, declarationGaps, publishGaps } from '#features/catalog/declarations.ts';
import { updateAdminProduct } from '#features/catalog/server/admin-product-update.ts';
import { declarationNotices, getAdminProduct, listAdminProducts } from '#features/catalog/server/admin-products.ts';
import { importCatalogCsv } from '#features/catalog/server/import.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { products } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const declared: DeclarationFields = {
  manufacturer: "Ammini's Kitchen, Olari, Thrissur, Kerala 680012",
  packer: null,
  importer: null,
  country_of_origin: 'India',
  shelf_life: 'Best before 12 months from packing',
  consumer_care: null,
  fssai_licence: '21319013001145',
  food_mark: 'veg',
  sold_loose: false,
  weight: 400,
  weight_unit: 'g',
};

describe('what a packaged product declares', () => {
  it('asks a packaged food for maker, origin, net quantity, mark, licence and shelf life; loose produce for none', () => {
    expect(declarationGaps(declared)).toEqual([]);
    const bare: DeclarationFields = {
      ...declared,
      manufacturer: ' ',
      country_of_origin: null,
      shelf_life: null,
      fssai_licence: null,
      food_mark: null,
      weight: null,
    };
    expect(declarationGaps(bare)).toEqual(['manufacturer', 'country_of_origin', 'weight', 'food_mark']);
    expect(declarationGaps({ ...bare, food_mark: 'non_veg' })).toEqual([
      'manufacturer',
      'country_of_origin',
      'weight',
      'fssai_licence',
      'shelf_life',
    ]);
    expect(declarationGaps({ ...bare, sold_loose: true })).toEqual([]);
    // A soap is no food: no licence or shelf life asked.
    expect(declarationGaps({ ...declared, food_mark: 'not_food', fssai_licence: null, shelf_life: null })).toEqual([]);
    // An import names its importer.
    expect(declarationGaps({ ...declared, country_of_origin: 'Iran' })).toEqual(['importer']);
    expect(declarationGaps({ ...declared, country_of_origin: 'Iran', importer: 'FarmFresh Foods, Thrissur' })).toEqual(
      [],
    );
  });

  it('lets a product on sale with gaps stay on sale, but not go on sale with them or gain a new one', () => {
    const gappy = { ...declared, fssai_licence: null, is_active: true };
    expect(publishGaps(null, gappy)).toEqual(['fssai_licence']);
    expect(publishGaps({ ...gappy, is_active: false }, gappy)).toEqual(['fssai_licence']);
    expect(publishGaps(gappy, { ...gappy, weight: 500 })).toEqual([]);
    expect(publishGaps(gappy, { ...gappy, shelf_life: '' })).toEqual(['shelf_life']);
    expect(publishGaps(null, { ...gappy, is_active: false })).toEqual([]);
  });
});

const HEADER =
  'sku,index,product,category,sub_category,brand,sale_price,market_price,type,rating,is_active,manufacturer,country_of_origin,food_mark,fssai_licence,shelf_life';

describe.each(testDatabaseKinds())('declarations in the back office on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
  });
  afterAll(async () => handle?.close());

  const bySku = async (sku: string) => {
    const [row] = await handle.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
    return (await getAdminProduct(handle.db, row!.id))!;
  };
  /** The AppError `run` throws (or fails the test). */
  const refusal = async (run: Promise<unknown>) => {
    const err = await run.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  };

  it('declares every demo product: produce sold loose, packaged goods with maker, licence and shelf life', async () => {
    expect((await listAdminProducts(handle.db, { filter: 'missing_declarations' })).total).toBe(0);
    expect(await declarationNotices(handle.db)).toEqual([]);
    const tomato = await bySku('FF-VEG-001');
    expect(tomato).toMatchObject({ soldLoose: true, countryOfOrigin: 'India', declarationGaps: [] });
    const almonds = await bySku('FF-DRY-007');
    expect(almonds).toMatchObject({ soldLoose: false, countryOfOrigin: 'USA', foodMark: 'veg' });
    expect(almonds.importer).toMatch(/Thrissur/);
    expect((await bySku('FF-BAK-021')).foodMark).toBe('non_veg');
  });

  it('keeps a product the command line put on sale without declarations on sale, lists it and raises the notice', async () => {
    const file = `${HEADER}\nLEGACY-PICKLE-1,,Old Lime Pickle 400 g,Pickles & Chutneys,Mango Pickles,Old Brand,90.00,100.00,,,true,,,,,\n`;
    const result = await importCatalogCsv(handle.db, file, { actor: TEST_ACTOR });
    expect(result).toMatchObject({ inserted: 1, held: [] });
    const legacy = await bySku('LEGACY-PICKLE-1');
    expect(legacy).toMatchObject({
      isActive: true,
      declarationGaps: ['manufacturer', 'country_of_origin', 'food_mark'],
    });
    const listed = await listAdminProducts(handle.db, { filter: 'missing_declarations' });
    expect(listed.products.map((p) => p.sku)).toEqual(['LEGACY-PICKLE-1']);
    expect(await declarationNotices(handle.db)).toEqual([
      {
        message:
          '1 product on sale lacks declarations (maker, origin, net quantity, food mark, FSSAI licence or shelf life) that its listing must show.',
        link: { href: '/admin/products?filter=missing_declarations', text: 'See the products' },
        permission: 'products.manage',
      },
    ]);
    // Two such products: the notice counts them in the plural.
    const second = `${HEADER}\nLEGACY-PICKLE-2,,Old Mango Pickle 400 g,Pickles & Chutneys,Mango Pickles,Old Brand,90.00,100.00,,,true,,,,,\n`;
    await importCatalogCsv(handle.db, second, { actor: TEST_ACTOR });
    expect((await declarationNotices(handle.db))[0]?.message).toBe(
      '2 products on sale lack declarations (maker, origin, net quantity, food mark, FSSAI licence or shelf life) that their listings must show.',
    );
    await updateAdminProduct(handle.db, (await bySku('LEGACY-PICKLE-2')).id, { is_active: false }, TEST_ACTOR);

    // Still on sale after a price change; a new gap (the pack size cleared) is refused, naming it.
    const repriced = await updateAdminProduct(handle.db, legacy.id, { price_paise: 8500 }, TEST_ACTOR);
    expect(repriced).toMatchObject({ pricePaise: 8500, isActive: true });
    const gap = await refusal(updateAdminProduct(handle.db, legacy.id, { weight: null }, TEST_ACTOR));
    expect(gap.code).toBe('bad_request');
    expect(gap.errors).toEqual({
      weight: 'Enter the pack size and unit (the net quantity): a packaged product needs it to go on sale.',
    });

    // Off sale, then back on: now every declaration is asked for.
    await updateAdminProduct(handle.db, legacy.id, { is_active: false }, TEST_ACTOR);
    const back = await refusal(updateAdminProduct(handle.db, legacy.id, { is_active: true }, TEST_ACTOR));
    expect(back.message).toBe(
      "A packaged product goes on sale with its declarations. Missing: manufacturer's name and address, country of origin, food mark (veg, non-veg or not a food).",
    );
    const complete = await updateAdminProduct(
      handle.db,
      legacy.id,
      {
        is_active: true,
        manufacturer: 'Old Brand Foods, Chalakudy, Kerala 680307',
        country_of_origin: 'India',
        food_mark: 'veg',
        fssai_licence: '11319013000111',
        shelf_life: 'Best before 12 months from packing',
      },
      TEST_ACTOR,
    );
    expect(complete).toMatchObject({ isActive: true, declarationGaps: [] });
    expect(await declarationNotices(handle.db)).toEqual([]);
  });

  it("keeps the upload's new packaged rows without declarations off sale and refuses clearing one on sale; the command line writes both", async () => {
    const row = (sku: string, manufacturer: string) =>
      `${sku},,Lime Pickle ${sku} 300 g,Pickles & Chutneys,Mango Pickles,Ammini's Kitchen,80.00,90.00,,,true,${manufacturer},India,veg,21319013001145,Best before 12 months from packing`;
    const upload = (file: string) =>
      importCatalogCsv(handle.db, file, { actor: TEST_ACTOR, batchRows: 100, publishRule: true });

    const first = await upload(
      `${HEADER}\n${row('UP-1', '"Ammini\'s Kitchen, Olari, Thrissur"')}\n${row('UP-2', '')}\n`,
    );
    expect(first).toMatchObject({ inserted: 2, skipped: [] });
    expect(first.held).toEqual([
      {
        row: 3,
        sku: 'UP-2',
        name: 'Lime Pickle UP-2 300 g',
        column: 'manufacturer',
        reason: "Added off sale: missing manufacturer's name and address.",
      },
    ]);
    expect(await bySku('UP-1')).toMatchObject({ isActive: true, manufacturer: "Ammini's Kitchen, Olari, Thrissur" });
    expect(await bySku('UP-2')).toMatchObject({ isActive: false, manufacturer: null });

    // Clearing UP-1's maker while it is on sale: the row is refused and the product kept as it was.
    const cleared = await upload(`${HEADER}\n${row('UP-1', '')}\n`);
    expect(cleared.skipped).toEqual([
      {
        row: 2,
        sku: 'UP-1',
        name: 'Lime Pickle UP-1 300 g',
        column: 'manufacturer',
        reason: "A packaged product goes on sale with its declarations. Missing: manufacturer's name and address.",
      },
    ]);
    expect((await bySku('UP-1')).manufacturer).toBe("Ammini's Kitchen, Olari, Thrissur");

    // The command line imports as it always has.
    const cli = await importCatalogCsv(handle.db, `${HEADER}\n${row('UP-1', '')}\n${row('UP-3', '')}\n`, {
      actor: TEST_ACTOR,
    });
    expect(cli).toMatchObject({ inserted: 1, updated: 1, held: [], skipped: [] });
    expect(await bySku('UP-3')).toMatchObject({ isActive: true, manufacturer: null });
  });
});
