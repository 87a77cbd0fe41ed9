/**
 * Adding, archiving, restoring and deleting products over HTTP, on every test database: an owner
 * adds a product (201) and the anonymous storefront shows it (its product page and its
 * subcategory's listing, the search) within a second; bad input gets field messages (400), a duplicate SKU
 * 409 and a price above the MRP 422; an archived product's page answers as a missing product's,
 * the search (within a second) and the cart no longer offer it; a product on an order cannot be deleted; a packer or
 * a rider gets 403 with the forbidden message, and every change is in the audit log.
 */

import { decodeHTML } from 'entities';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';
import { DEMO_STAFF_PHONE, placeCustomerOrder, type StaffClient, staffClient } from './staff-helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A storefront page as a visitor gets it: status and text, character references decoded. */
async function visit(baseUrl: string, path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
  return { status: res.status, text: decodeHTML(await res.text()) };
}

/** Polls `path` until `ok` holds or a second has passed; answers the last visit and how long it took (ms). */
async function within1s(baseUrl: string, path: string, ok: (v: { status: number; text: string }) => boolean) {
  const started = Date.now();
  let seen = await visit(baseUrl, path);
  while (!ok(seen) && Date.now() - started < 1_000) {
    await sleep(50);
    seen = await visit(baseUrl, path);
  }
  return { ...seen, ms: Date.now() - started };
}

describe.each(inject('servers'))('products added and archived from the back office on $kind', ({ baseUrl }) => {
  let owner: StaffClient;
  let packer: StaffClient;
  let rider: StaffClient;
  let placement: { category_id: number; subcategory_id: number };
  // Letters only: a name's word with digits reads to the search as a quantity.
  const unique = Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');

  beforeAll(async () => {
    [owner, packer, rider] = await Promise.all([
      staffClient(baseUrl, DEMO_STAFF_PHONE.owner),
      staffClient(baseUrl, DEMO_STAFF_PHONE.packer),
      staffClient(baseUrl, DEMO_STAFF_PHONE.rider),
    ]);
    const one = (await owner.get('/api/admin/products/1')).body.data;
    const category = one.categories[0];
    placement = { category_id: category.id, subcategory_id: category.subcategories[0].id };
  });

  const newProduct = (sku: string, name: string) => ({
    sku,
    name,
    ...placement,
    brand: 'Thrissur Farms',
    price_paise: 8950,
    mrp_paise: 9900,
    tax_percent: 5,
    hsn_code: '0803',
    weight: 1,
    weight_unit: 'kg',
    stock: 25,
    description: 'Picked this morning.',
    additional_information: 'Keep at room temperature.',
    highlights: ['Local', 'Fresh'],
    manufacturer: 'Thrissur Farms, Mannuthy, Thrissur, Kerala 680651',
    country_of_origin: 'India',
    food_mark: 'veg',
    fssai_licence: '11319013000999',
    shelf_life: 'Best before 5 days from packing',
  });

  it('adds a product that the anonymous storefront shows within a second, page and listing', async () => {
    const name = `Kadali Banana ${unique}`;
    // The listing is cached before the product exists.
    await visit(baseUrl, `/subcategory/${placement.subcategory_id}?pageSize=100`);
    const res = await owner.post('/api/admin/products', { json: newProduct(`KADALI-${unique}`, name) });
    expect(res.status).toBe(201);
    const product = res.body.data.product;
    expect(product).toMatchObject({
      sku: `KADALI-${unique}`,
      name,
      brand: 'Thrissur Farms',
      pricePaise: 8950,
      taxPercent: 5,
      hsnCode: '0803',
      additionalInformation: 'Keep at room temperature.',
      isActive: true,
      archivedAt: null,
    });
    const page = await within1s(baseUrl, `/product/${product.id}`, (v) => v.status === 200 && v.text.includes(name));
    expect(page.status).toBe(200);
    expect(page.text).toContain(name);
    expect(page.text).toContain('Keep at room temperature.');
    // The brand shows on the page itself, not only in the JSON-LD.
    expect(page.text).toMatch(/<p[^>]*data-brand[^>]*>Brand: <span[^>]*>Thrissur Farms<\/span><\/p>/);
    expect(page.ms).toBeLessThan(1_000);
    const listing = await within1s(baseUrl, `/subcategory/${placement.subcategory_id}?pageSize=100`, (v) =>
      v.text.includes(name),
    );
    expect(listing.text).toContain(name);
    expect(listing.ms).toBeLessThan(1_000);
    const search = await within1s(baseUrl, '/api/customer/search-products?product=kadali%20banana&limit=50', (v) =>
      v.text.includes(name),
    );
    expect(search.text).toContain(name);
    expect(search.ms).toBeLessThan(1_000);
    const audit = await owner.get(`/api/admin/audit?record_type=product&record_id=${product.id}`);
    expect(audit.body.data.entries[0]).toMatchObject({ action: 'product.create', role: 'owner' });
  });

  it('shows a brand on the product page escaped, as text', async () => {
    const brand = `<img src=x onerror=alert(1)> & Sons ${unique}`;
    const res = await owner.post('/api/admin/products', {
      json: { ...newProduct(`BRAND-${unique}`, `Brand Test ${unique}`), brand },
    });
    expect(res.status).toBe(201);
    const path = `/product/${res.body.data.product.id}`;
    await within1s(baseUrl, path, (v) => v.status === 200);
    const raw = await (await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } })).text();
    expect(raw).toContain(
      `Brand: <span class="font-medium text-slate-900">&lt;img src=x onerror=alert(1)&gt; &amp; Sons ${unique}</span>`,
    );
    expect(raw).not.toContain('<img src=x');
  });

  it('gives field messages for bad input, 409 for a SKU taken and 422 for a price above the MRP', async () => {
    const bad = await owner.post('/api/admin/products', {
      json: { ...newProduct('', 'X'), tax_percent: 7, hsn_code: '12345', stock: -1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      sku: 'Enter a SKU.',
      tax_percent: 'Choose a GST rate: 0, 0.25, 3, 5, 12, 18, 28, 40 %.',
      hsn_code: 'The HSN code must be 4, 6 or 8 digits, e.g. 0702.',
      stock: 'The stock cannot be negative.',
    });
    const notJson = await owner.request('POST', '/api/admin/products', { json: 'not a product' });
    expect(notJson.status).toBe(400);
    const taken = (await owner.get('/api/admin/products/1')).body.data.product.sku;
    const duplicate = await owner.post('/api/admin/products', { json: newProduct(taken, 'Another') });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      message: 'Another product already has this SKU: choose another.',
      errors: { sku: 'Another product already has this SKU: choose another.' },
    });
    const above = await owner.post('/api/admin/products', {
      json: { ...newProduct(`ABOVE-${unique}`, 'Too dear'), price_paise: 10_000, mrp_paise: 9_900 },
    });
    expect(above.status).toBe(400);
    expect(above.body.errors).toMatchObject({ price_paise: 'The price cannot be above the MRP.' });
  });

  it('archives a product: its page answers as a missing one, the cart and the default list leave it out; restore brings it back off sale', async () => {
    const name = `Nendran Chips ${unique}`;
    const product = (await owner.post('/api/admin/products', { json: newProduct(`CHIPS-${unique}`, name) })).body.data
      .product;
    await within1s(baseUrl, `/product/${product.id}`, (v) => v.status === 200);
    const missing = await visit(baseUrl, '/product/999999999');
    const archived = await owner.post(`/api/admin/products/${product.id}/archive`, { json: {} });
    expect(archived.status).toBe(200);
    expect(archived.body.data.product).toMatchObject({ isActive: false });
    expect(archived.body.data.product.archivedAt).toBeTruthy();
    const page = await within1s(baseUrl, `/product/${product.id}`, (v) => v.status === 404);
    expect(page.status).toBe(missing.status);
    expect(page.ms).toBeLessThan(1_000);
    const api = await new ApiClient(baseUrl).get(`/api/customer/product-details/${product.id}`);
    expect(api.status).toBe(404);
    const customer = new ApiClient(baseUrl);
    await customer.signUp();
    const add = await customer.post('/api/customer/add-product', {
      multipart: { product_id: String(product.id), qty: '1' },
    });
    expect(add.status).toBe(404);
    // The default list leaves it out, the Archived filter shows it.
    const list = await owner.get(`/api/admin/products?q=${encodeURIComponent(`CHIPS-${unique}`)}`);
    expect(list.body.data.products.map((p: { id: number }) => p.id)).not.toContain(product.id);
    const shelf = await owner.get('/api/admin/products?filter=archived');
    expect(shelf.body.data.products.map((p: { id: number }) => p.id)).toContain(product.id);
    const onSale = await owner.request('PATCH', `/api/admin/products/${product.id}`, { json: { is_active: true } });
    expect(onSale.status).toBe(422);
    expect(onSale.body.message).toBe('This product is archived: restore it before putting it on sale.');

    const restored = await owner.post(`/api/admin/products/${product.id}/restore`, { json: {} });
    expect(restored.status).toBe(200);
    expect(restored.body.data.product).toMatchObject({ archivedAt: null, isActive: false });
    const actions = (
      await owner.get(`/api/admin/audit?record_type=product&record_id=${product.id}`)
    ).body.data.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['product.create', 'product.archive', 'product.restore']));
  });

  it('takes an archived product out of the search within a second, and puts it back once restored and on sale', async () => {
    const searchFor = '/api/customer/search-products?product=kerala%20mixture';
    const found = await visit(baseUrl, searchFor);
    const hit = (JSON.parse(found.text).data.products as { id: number; name: string }[]).find(
      (p) => p.name === 'Kerala Mixture',
    )!;
    expect(hit).toBeDefined();
    expect((await owner.post(`/api/admin/products/${hit.id}/archive`, { json: {} })).status).toBe(200);
    const gone = await within1s(baseUrl, searchFor, (v) => !v.text.includes('"Kerala Mixture"'));
    expect(gone.text).not.toContain('"Kerala Mixture"');
    expect(gone.ms).toBeLessThan(1_000);
    expect((await owner.post(`/api/admin/products/${hit.id}/restore`, { json: {} })).status).toBe(200);
    const onSale = await owner.request('PATCH', `/api/admin/products/${hit.id}`, { json: { is_active: true } });
    expect(onSale.status).toBe(200);
    const back = await within1s(baseUrl, searchFor, (v) => v.text.includes('"Kerala Mixture"'));
    expect(back.text).toContain('"Kerala Mixture"');
  });

  it('refuses to delete an ordered product (archive instead) and deletes a never-ordered one', async () => {
    const ordered = (
      await owner.post('/api/admin/products', { json: newProduct(`ORD-${unique}`, `Ordered ${unique}`) })
    ).body.data.product;
    await within1s(baseUrl, `/product/${ordered.id}`, (v) => v.status === 200);
    await placeCustomerOrder(baseUrl, ordered.id);
    const refused = await owner.request('DELETE', `/api/admin/products/${ordered.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'This product is on past orders, so it cannot be deleted: archive it instead (it leaves the shop and stays on those orders and invoices).',
    );
    expect((await owner.get(`/api/admin/products/${ordered.id}`)).status).toBe(200);

    const spare = (await owner.post('/api/admin/products', { json: newProduct(`SPARE-${unique}`, `Spare ${unique}`) }))
      .body.data.product;
    const deleted = await owner.request('DELETE', `/api/admin/products/${spare.id}`);
    expect(deleted.status).toBe(200);
    expect((await owner.get(`/api/admin/products/${spare.id}`)).status).toBe(404);
    const page = await within1s(baseUrl, `/product/${spare.id}`, (v) => v.status === 404);
    expect(page.status).toBe(404);
    const [entry] = (await owner.get(`/api/admin/audit?record_type=product&record_id=${spare.id}`)).body.data.entries;
    expect(entry).toMatchObject({ action: 'product.delete', before: { sku: `SPARE-${unique}` } });
  });

  it('answers 403 to a packer and a rider on add, archive, restore and delete', async () => {
    for (const client of [packer, rider]) {
      const calls = [
        await client.post('/api/admin/products', { json: newProduct(`NOPE-${unique}`, 'Nope') }),
        await client.post('/api/admin/products/1/archive', { json: {} }),
        await client.post('/api/admin/products/1/restore', { json: {} }),
        await client.request('DELETE', '/api/admin/products/1'),
      ];
      for (const res of calls) {
        expect(res.status).toBe(403);
        expect(res.body.message).toMatch(/^Your role \((Rider|Packer)\) cannot do this\.$/);
      }
    }
    const found = (await owner.get(`/api/admin/products?q=NOPE-${unique}`)).body.data.products;
    expect(found.map((p: { sku: string }) => p.sku)).not.toContain(`NOPE-${unique}`);
  });
});
