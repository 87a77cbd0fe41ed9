/**
 * Product declarations over HTTP, on every test database: the back office cannot put a packaged
 * product on sale without its declarations (400, each missing one named on its field) but may save
 * it off sale; once declared, the product page's "Product information" shows the MRP "incl. of all
 * taxes", the unit sale price and every declaration, and loose produce says it is sold loose; the
 * CSV export carries the declarations and the upload takes them back.
 */

import { parse } from 'csv-parse/sync';
import { decodeHTML } from 'entities';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_STAFF_PHONE, type StaffClient, staffClient } from './staff-helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The product page's text once it shows `expected` (the storefront sees an edit within a second). */
async function productPage(baseUrl: string, id: number, expected: string): Promise<string> {
  let text = '';
  for (let tries = 0; tries < 40; tries++) {
    const res = await fetch(`${baseUrl}/product/${id}`, { headers: { accept: 'text/html' } });
    text = decodeHTML(await res.text());
    if (res.status === 200 && text.includes(expected)) break;
    await sleep(50);
  }
  return text;
}

/** The text of an HTML fragment, tags dropped and spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe.each(inject('servers'))('product declarations on $kind', ({ baseUrl }) => {
  let owner: StaffClient;
  let placement: { category_id: number; subcategory_id: number };
  const unique = Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
  const sku = `DECL-${unique}`;
  const name = `Kudampuli ${unique}`;
  let id: number;

  beforeAll(async () => {
    owner = await staffClient(baseUrl, DEMO_STAFF_PHONE.owner);
    const one = (await owner.get('/api/admin/products/1')).body.data;
    const category = one.categories[0];
    placement = { category_id: category.id, subcategory_id: category.subcategories[0].id };
  });

  const declarations = {
    manufacturer: 'Malanad Spices, Kumily, Idukki, Kerala 685509',
    packer: 'FarmFresh Foods, Kuriachira, Thrissur, Kerala 680006',
    country_of_origin: 'India',
    shelf_life: 'Best before 12 months from packing',
    consumer_care: '+91 4869 222 333, care@malanad.example',
    fssai_licence: '11319006000777',
    food_mark: 'veg',
  };

  it('refuses to put a packaged product on sale without its declarations, naming each, and saves it off sale', async () => {
    const product = {
      sku,
      name,
      ...placement,
      price_paise: 12_000,
      mrp_paise: 15_000,
      weight: 250,
      weight_unit: 'g',
      stock: 10,
    };
    const refused = await owner.post('/api/admin/products', { json: { ...product, fssai_licence: '1234' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ fssai_licence: 'The FSSAI licence number must be 14 digits.' });

    const numbers = await owner.post('/api/admin/products', { json: { ...product, country_of_origin: '12345' } });
    expect(numbers.status).toBe(400);
    expect(numbers.body.errors).toEqual({
      country_of_origin: "The country of origin must be a country's name, such as India.",
    });

    const bare = await owner.post('/api/admin/products', { json: product });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(
      "A packaged product goes on sale with its declarations. Missing: manufacturer's name and address, country of origin, food mark (veg, non-veg or not a food).",
    );
    expect(bare.body.errors).toEqual({
      manufacturer: "Enter the manufacturer's name and address: a packaged product needs it to go on sale.",
      country_of_origin: 'Enter the country of origin: a packaged product needs it to go on sale.',
      food_mark: 'Choose veg, non-veg or not a food: a packaged product needs it to go on sale.',
    });

    const food = await owner.post('/api/admin/products', {
      json: { ...product, manufacturer: 'Malanad Spices', country_of_origin: 'Sri Lanka', food_mark: 'veg' },
    });
    expect(food.status).toBe(400);
    expect(Object.keys(food.body.errors)).toEqual(['importer', 'fssai_licence', 'shelf_life']);

    const offSale = await owner.post('/api/admin/products', { json: { ...product, is_active: false } });
    expect(offSale.status).toBe(201);
    id = offSale.body.data.product.id;
    expect(offSale.body.data.product).toMatchObject({
      isActive: false,
      declarationGaps: ['manufacturer', 'country_of_origin', 'food_mark'],
    });
    const listed = await owner.get(`/api/admin/products?filter=missing_declarations&q=${sku}`);
    expect(listed.body.data.products.map((p: { sku: string }) => p.sku)).toEqual([sku]);

    const switchedOn = await owner.request('PATCH', `/api/admin/products/${id}`, { json: { is_active: true } });
    expect(switchedOn.status).toBe(400);
    expect(Object.keys(switchedOn.body.errors)).toEqual(['manufacturer', 'country_of_origin', 'food_mark']);

    const declared = await owner.request('PATCH', `/api/admin/products/${id}`, {
      json: { ...declarations, is_active: true },
    });
    expect(declared.status, JSON.stringify(declared.body)).toBe(200);
    expect(declared.body.data.product).toMatchObject({
      isActive: true,
      manufacturer: declarations.manufacturer,
      fssaiLicence: declarations.fssai_licence,
      foodMark: 'veg',
      declarationGaps: [],
    });

    // A licence copied from a pack, with spaces and hyphens: stored as its 14 digits.
    const spaced = await owner.request('PATCH', `/api/admin/products/${id}`, {
      json: { fssai_licence: '113 190-060 00778' },
    });
    expect(spaced.status, JSON.stringify(spaced.body)).toBe(200);
    expect(spaced.body.data.product.fssaiLicence).toBe('11319006000778');
    const restored = await owner.request('PATCH', `/api/admin/products/${id}`, {
      json: { fssai_licence: declarations.fssai_licence },
    });
    expect(restored.status).toBe(200);
  });

  it("shows the product information: MRP incl. of all taxes, unit sale price and every declaration; loose produce says it's weighed", async () => {
    const html = await productPage(baseUrl, id, declarations.manufacturer);
    const section = /<section aria-labelledby="product-information"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const text = textOf(section);
    expect(text).toContain('Product information');
    expect(text).toContain('Vegetarian');
    expect(text).toContain('MRP ₹150.00 (incl. of all taxes)');
    expect(text).toContain('Unit sale price ₹480.00/kg');
    expect(text).toContain('Net quantity 250 g');
    expect(text).toContain(`Manufactured by ${declarations.manufacturer}`);
    expect(text).toContain(`Packed by ${declarations.packer}`);
    expect(text).toContain('Country of origin India');
    expect(text).toContain(`Shelf life ${declarations.shelf_life}`);
    expect(text).toContain(`Consumer care ${declarations.consumer_care}`);
    expect(text).toContain(`FSSAI licence (brand) ${declarations.fssai_licence}`);
    expect(text).not.toContain('Imported by');

    // Demo produce: tomatoes are sold loose and weighed at packing.
    const tomato = (await owner.get('/api/admin/products?q=FF-VEG-001')).body.data.products.find(
      (p: { sku: string }) => p.sku === 'FF-VEG-001',
    );
    const loose = textOf(await productPage(baseUrl, tomato.id, 'Product information'));
    expect(loose).toMatch(/Net quantity [^A-Z]*sold loose and weighed at packing/);
    expect(loose).toContain('(incl. of all taxes)');

    // Loose produce sold by count is counted, not weighed; a bunch is priced per bunch.
    const demo = async (demoSku: string) => {
      const found = (await owner.get(`/api/admin/products?q=${demoSku}`)).body.data.products.find(
        (p: { sku: string }) => p.sku === demoSku,
      );
      return textOf(await productPage(baseUrl, found.id, 'Product information'));
    };
    const kiwi = await demo('FF-FRU-028');
    expect(kiwi).toMatch(/Net quantity 3 pcs, sold loose(?! and weighed)/);
    expect(kiwi).toContain('Country of origin New Zealand');
    expect(kiwi).toContain('Imported by FarmFresh Foods');
    const curryLeaves = await demo('FF-VEG-019');
    expect(curryLeaves).toMatch(/Unit sale price ₹[\d.,]+ per bunch/);
    expect(curryLeaves).toMatch(/Net quantity 1 bunch, sold loose(?! and weighed)/);
  });

  it('exports the declarations and takes them back from the upload', async () => {
    const exported = await owner.get('/api/admin/products/export');
    expect(exported.status).toBe(200);
    const csv = exported.body as string;
    const [header, ...rows] = parse(csv, { relax_column_count: true }) as string[][];
    const row = rows.find((r) => r[0] === sku)!;
    const cell = (column: string) => row[header!.indexOf(column)];
    expect({
      sold_loose: cell('sold_loose'),
      manufacturer: cell('manufacturer'),
      packer: cell('packer'),
      importer: cell('importer'),
      country_of_origin: cell('country_of_origin'),
      shelf_life: cell('shelf_life'),
      consumer_care: cell('consumer_care'),
      fssai_licence: cell('fssai_licence'),
      food_mark: cell('food_mark'),
    }).toEqual({
      ...declarations,
      sold_loose: 'false',
      importer: '',
      // A cell starting with "+" is written with an apostrophe, so a spreadsheet keeps it as text.
      consumer_care: `'${declarations.consumer_care}`,
    });

    const lines = csv.split('\r\n');
    const mine = lines.find((l) => l.startsWith(`${sku},`))!;
    const upload = (file: string) =>
      fetch(`${baseUrl}/api/admin/products/import`, {
        method: 'POST',
        headers: { cookie: owner.cookie!, origin: baseUrl, 'content-type': 'text/csv', 'x-forwarded-for': owner.ip },
        body: file,
      }).then(async (res) => JSON.parse((await res.text()).trim().split('\n').at(-1)!));
    const same = await upload(`${lines[0]}\r\n${mine}\r\n`);
    expect(same.data).toMatchObject({ created: 0, updated: 0, unchanged: 1, skipped: 0, held_off_sale: 0 });

    const changed = mine.replace(declarations.shelf_life, 'Best before 9 months from packing');
    const taken = await upload(`${lines[0]}\r\n${changed}\r\n`);
    expect(taken.data).toMatchObject({ updated: 1, skipped: 0, held_off_sale: 0 });
    const after = (await owner.get(`/api/admin/products/${id}`)).body.data.product;
    expect(after).toMatchObject({
      shelfLife: 'Best before 9 months from packing',
      consumerCare: declarations.consumer_care,
      isActive: true,
    });
  });
});
