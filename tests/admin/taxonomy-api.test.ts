/**
 * The back office's categories, banners and home rails over HTTP, on every test database:
 * managers change them (400 bad input with the field's message, 409 a conflict), packers and
 * riders get 403, and the anonymous storefront shows a change within a second — on the server
 * that made it and, with two servers on one PostgreSQL database, on the other one too.
 */

import { decodeHTML } from 'entities';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DELTA_INTERVAL_MS } from '#features/catalog/server/snapshot.ts';
import { createPostgresDatabase } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { DEMO_STAFF_PHONE, type StaffClient, staffClient } from './staff-helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The longest a change may take to show: one check interval, the check and the render. */
const oneCheckLater = () => sleep(DELTA_INTERVAL_MS + 250);

/** A storefront page as an anonymous visitor gets it (from the route cache when there), entities decoded. */
async function page(baseUrl: string, path: string): Promise<string> {
  const res = await fetch(baseUrl + path, { headers: { accept: 'text/html' } });
  return decodeHTML(await res.text());
}

const unique = () => Math.random().toString(36).slice(2, 8);

describe.each(inject('servers'))('back-office taxonomy over HTTP on $kind', ({ baseUrl }) => {
  let manager: StaffClient;
  let packer: StaffClient;
  let rider: StaffClient;
  const patch = (client: StaffClient, path: string, json: unknown) => client.request('PATCH', path, { json });

  beforeAll(async () => {
    [manager, packer, rider] = await Promise.all([
      staffClient(baseUrl, DEMO_STAFF_PHONE.manager),
      staffClient(baseUrl, DEMO_STAFF_PHONE.packer),
      staffClient(baseUrl, DEMO_STAFF_PHONE.rider),
    ]);
  });

  it('refuses packers and riders every screen and change (403), and anonymous callers (401)', async () => {
    for (const client of [packer, rider]) {
      expect((await client.get('/api/admin/categories')).status).toBe(403);
      expect((await client.post('/api/admin/categories', { json: { name: 'Sneaky' } })).status).toBe(403);
      expect((await client.get('/api/admin/banners')).status).toBe(403);
      expect((await client.post('/api/admin/banners', { json: { image: 'emoji/1f96d.svg' } })).status).toBe(403);
      expect((await client.get('/api/admin/home-rails')).status).toBe(403);
      expect((await client.request('DELETE', '/api/admin/home-rails/1')).status).toBe(403);
    }
    const anonymous = await fetch(`${baseUrl}/api/admin/categories`);
    expect(anonymous.status).toBe(401);
  });

  it('answers bad input with 400 and the field’s message, never a 500', async () => {
    const link = await manager.post('/api/admin/banners', {
      json: { image: 'emoji/1f96d.svg', cta_link: 'javascript:alert(1)' },
    });
    expect(link.status).toBe(400);
    expect(link.body.errors.cta_link).toMatch(/path on this site/);
    const image = await manager.post('/api/admin/categories', { json: { name: 'X', image: 'javascript:alert(1)' } });
    expect(image.status).toBe(400);
    expect((await manager.post('/api/admin/categories', { json: {} })).body.errors.name).toBe('Please enter a name.');
    expect((await manager.post('/api/admin/home-rails', { json: { title: 'R', rule: 'random' } })).status).toBe(400);
    expect((await patch(manager, '/api/admin/categories/abc', { name: 'Y' })).status).toBe(400);
    expect((await patch(manager, '/api/admin/categories/999999', { name: 'Y' })).status).toBe(404);
    const first = (await manager.get('/api/admin/categories')).body.data.categories[0];
    const taken = await manager.post('/api/admin/categories', { json: { name: first.name } });
    expect(taken.status).toBe(409);
  });

  it('adds a category with a subcategory, a banner and a rail; the anonymous home page shows them within a second, the category once it has a product on sale', async () => {
    const name = `Millets ${unique()}`;
    await page(baseUrl, '/');
    const created = await manager.post('/api/admin/categories', { json: { name, image: 'emoji/1f33e.svg' } });
    expect(created.status).toBe(201);
    const category = created.body.data.categories.find((c: { name: string }) => c.name === name);
    const sub = await manager.post(`/api/admin/categories/${category.id}/subcategories`, { json: { name: 'Ragi' } });
    expect(sub.status).toBe(201);
    const title = `Onam sale ${unique()}`;
    const banner = await manager.post('/api/admin/banners', {
      json: { title, image: 'emoji/1f96d.svg', cta: 'Shop now', cta_link: '/shop' },
    });
    expect(banner.status).toBe(201);
    const products = (await manager.get('/api/admin/products')).body.data.products;
    const railTitle = `Picked for you ${unique()}`;
    const rail = await manager.post('/api/admin/home-rails', {
      json: { title: railTitle, rule: 'chosen', product_ids: [products[1].id, products[0].id] },
    });
    expect(rail.status).toBe(201);

    await oneCheckLater();
    const home = await page(baseUrl, '/');
    expect(home).toContain(title);
    expect(home).toContain(railTitle);
    expect(home.indexOf(products[1].name)).toBeLessThan(home.indexOf(products[0].name));
    // No product on sale yet: not listed anywhere, but its own page answers for the owner's preview.
    expect(home).not.toContain(name);
    expect(JSON.stringify(await (await fetch(`${baseUrl}/api/customer/product-categories`)).json())).not.toContain(
      name,
    );
    expect(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).not.toContain(
      `/category/${category.id}/subcategories`,
    );
    const preview = await fetch(`${baseUrl}/category/${category.id}/subcategories`, {
      headers: { accept: 'text/html' },
    });
    expect(preview.status).toBe(200);
    expect(decodeHTML(await preview.text())).toContain(name);

    // Its first product on sale lists it (and its subcategory) within a second.
    const ragiId = sub.body.data.categories.find((c: { id: number }) => c.id === category.id).subcategories[0].id;
    const added = await manager.post('/api/admin/products', {
      json: {
        sku: `RAGI-${unique()}`,
        name: `Ragi flour ${unique()}`,
        category_id: category.id,
        subcategory_id: ragiId,
        price_paise: 6000,
        mrp_paise: 6500,
        tax_percent: 5,
        stock: 10,
        // Loose produce: no packaged declarations needed to go on sale.
        sold_loose: true,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    await oneCheckLater();
    expect(await page(baseUrl, '/')).toContain(name);
    expect(await page(baseUrl, `/category/${category.id}/subcategories`)).toContain('Ragi');
    expect(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).toContain(`/category/${category.id}/subcategories`);

    // Deactivated: gone from the navigation and its page; the banner switched off and the rail too.
    expect((await patch(manager, `/api/admin/categories/${category.id}`, { is_active: false })).status).toBe(200);
    const bannerId = banner.body.data.banners.find((b: { title: string }) => b.title === title).id;
    expect((await patch(manager, `/api/admin/banners/${bannerId}`, { is_active: false })).status).toBe(200);
    const railId = rail.body.data.rails.find((r: { title: string }) => r.title === railTitle).id;
    expect((await manager.request('DELETE', `/api/admin/home-rails/${railId}`)).status).toBe(200);
    await oneCheckLater();
    const after = await page(baseUrl, '/');
    expect(after).not.toContain(name);
    expect(after).not.toContain(title);
    expect(after).not.toContain(railTitle);
    expect((await fetch(`${baseUrl}/category/${category.id}/subcategories`)).status).toBe(404);
    expect(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).not.toContain(
      `/category/${category.id}/subcategories`,
    );

    // Every change is in the audit log under the manager's name.
    const audit = await manager.get(`/api/admin/audit?record_type=category&record_id=${category.id}`);
    if (audit.status === 200)
      expect(audit.body.data.entries.map((e: { action: string }) => e.action)).toEqual(
        expect.arrayContaining(['category.create', 'category.deactivate']),
      );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL database', () => {
  let one: RunningServer;
  let two: RunningServer;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    one = await startServer({ DATABASE_URL: created.url });
    two = await startServer({ DATABASE_URL: created.url });
  });
  afterAll(async () => {
    await one?.stop();
    await two?.stop();
    await drop?.();
  });

  it('shows a category with a product, a banner and a rail made through one on the other’s cached home page within a second', async () => {
    // The other server's home page is rendered and cached first.
    for (let i = 0; i < 3; i++) await page(two.baseUrl, '/');
    const manager = await staffClient(one.baseUrl, DEMO_STAFF_PHONE.manager);
    const name = `Spices ${unique()}`;
    const created = await manager.post('/api/admin/categories', { json: { name } });
    expect(created.status).toBe(201);
    // Listed once it has a product on sale (ADR 0144): a subcategory and a loose product in it.
    const categoryId = created.body.data.categories.find((c: { name: string }) => c.name === name).id;
    const sub = await manager.post(`/api/admin/categories/${categoryId}/subcategories`, { json: { name: 'Pepper' } });
    const subcategoryId = sub.body.data.categories.find((c: { id: number }) => c.id === categoryId).subcategories[0].id;
    const product = await manager.post('/api/admin/products', {
      json: {
        sku: `PEPPER-${unique()}`,
        name: `Black pepper ${unique()}`,
        category_id: categoryId,
        subcategory_id: subcategoryId,
        price_paise: 9000,
        mrp_paise: 9500,
        tax_percent: 5,
        stock: 10,
        sold_loose: true,
      },
    });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    const title = `Festival offers ${unique()}`;
    expect((await manager.post('/api/admin/banners', { json: { title, image: 'emoji/1f96d.svg' } })).status).toBe(201);
    const railTitle = `Biggest savings ${unique()}`;
    expect((await manager.post('/api/admin/home-rails', { json: { title: railTitle, rule: 'deals' } })).status).toBe(
      201,
    );
    await oneCheckLater();
    const home = await page(two.baseUrl, '/');
    expect(home).toContain(name);
    expect(home).toContain(title);
    expect(home).toContain(railTitle);
  });
});
