/** The demo shop's data files: valid as committed, and a bad value is refused with its place named. */
import { describe, expect, it } from 'vitest';
import banners from '#features/demo-shop/data/banners.json' with { type: 'json' };
import catalog from '#features/demo-shop/data/catalog.json' with { type: 'json' };
import deliveryAreas from '#features/demo-shop/data/delivery-areas.json' with { type: 'json' };
import promoCodes from '#features/demo-shop/data/promo-codes.json' with { type: 'json' };
import { loadDemoShop } from '#features/demo-shop/schema.ts';

const files = () => structuredClone({ catalog, banners, deliveryAreas, promoCodes }) as Record<string, any>;

describe('demo shop data', () => {
  it('holds 6 categories, 24 subcategories and 157 products, 5 of them out of stock', () => {
    const shop = loadDemoShop();
    const products = shop.catalog.flatMap((c) => c.subcategories.flatMap((s) => s.products));
    expect(shop.catalog.map((c) => c.name)).toEqual([
      'Fresh Fruits',
      'Fresh Vegetables',
      'Sweets & Mithai',
      'Pickles & Chutneys',
      'Dry Fruits & Nuts',
      'Bakery',
    ]);
    expect(shop.catalog.flatMap((c) => c.subcategories)).toHaveLength(24);
    expect(products).toHaveLength(157);
    expect(
      products
        .filter((p) => p.stock === 0)
        .map((p) => p.sku)
        .sort(),
    ).toEqual(['FF-BAK-008', 'FF-DRY-014', 'FF-FRU-016', 'FF-SWT-012', 'FF-VEG-024']);
  });

  it('refuses a price above the MRP, naming the file and the path', () => {
    const bad = files();
    bad.catalog[0].subcategories[0].products[0].price = 999;
    expect(() => loadDemoShop(bad as never)).toThrow(
      /catalog\.json: 0\.subcategories\.0\.products\.0\.price: price must not exceed mrp/,
    );
  });

  it('refuses an unknown field, a bad unit and a duplicate SKU', () => {
    const unknown = files();
    unknown.catalog[1].subcategories[0].products[0].colour = 'red';
    expect(() => loadDemoShop(unknown as never)).toThrow(/catalog\.json: 1\.subcategories\.0\.products\.0/);
    const unit = files();
    unit.catalog[0].subcategories[0].products[0].weightUnit = 'lb';
    expect(() => loadDemoShop(unit as never)).toThrow(/weightUnit/);
    const dup = files();
    dup.catalog[0].subcategories[0].products[1].sku = dup.catalog[0].subcategories[0].products[0].sku;
    expect(() => loadDemoShop(dup as never)).toThrow(/SKU FF-FRU-001 appears twice/);
  });

  it('refuses a promo code without a percentage', () => {
    const bad = files();
    delete bad.promoCodes[0].percentOff;
    expect(() => loadDemoShop(bad as never)).toThrow(/promo-codes\.json: 0\.percentOff/);
  });
});
