/**
 * Cached catalogue pages follow the database: a price, stock or active change written by someone
 * else (raw SQL, as another server or a tool would) shows on the already-cached product page and
 * its listing a second later, on every server process, without any request having to render it.
 * A page is invalidated only by a change to what it shows: a sale that leaves a product in stock
 * keeps the cached home page; a sell-out does not. Runs on PostgreSQL with two server processes
 * (PGlite keeps its database inside the server).
 */

import { decodeHTML } from 'entities';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELTA_INTERVAL_MS } from '#features/catalog/server/snapshot.ts';
import { formatPaise } from '#lib/money.ts';
import { createPostgresDatabase } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('cached pages after a change in the database', () => {
  let server: RunningServer;
  let client: pg.Client;
  let drop: () => Promise<void>;
  let product: { id: number; categoryId: number };
  /** Another product on sale with more than one unit in stock. */
  let stocked: number;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    server = await startServer({ DATABASE_URL: created.url, WEB_CONCURRENCY: '2' });
    client = new pg.Client({ connectionString: created.url });
    await client.connect();
    const { rows } = await client.query(
      'SELECT id, category_id FROM products WHERE is_active AND stock > 0 ORDER BY id LIMIT 1',
    );
    product = { id: rows[0].id, categoryId: rows[0].category_id };
    const more = await client.query(
      'SELECT id FROM products WHERE is_active AND stock > 1 AND id <> $1 ORDER BY id LIMIT 1',
      [product.id],
    );
    stocked = more.rows[0].id;
  });
  afterAll(async () => {
    await client?.end();
    await server?.stop();
    await drop?.();
  });

  /**
   * Each page `times` times (the requests spread over both processes): texts, their character
   * references read as a browser reads them (Astro escapes `&`, `'` and `"` in texts), and X-Cache values.
   */
  async function load(path: string, times = 6): Promise<{ texts: string[]; cache: (string | null)[] }> {
    const answers = await Promise.all(
      Array.from({ length: times }, () =>
        fetch(server.baseUrl + path, { headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } }),
      ),
    );
    return {
      texts: await Promise.all(answers.map(async (r) => decodeHTML(await r.text()))),
      cache: answers.map((r) => r.headers.get('x-cache')),
    };
  }

  const productPath = () => `/product/${product.id}`;
  const listingPath = () => `/category/${product.categoryId}/subcategories`;

  /**
   * Renders both pages into every process's cache and checks they are served from it (a page
   * rendered while a process loads its snapshot is not stored, so this asks a few rounds).
   */
  async function warm(): Promise<void> {
    for (const path of [productPath(), listingPath()]) {
      let cache: (string | null)[] = [];
      for (let round = 0; round < 5 && !cache.includes('HIT'); round++) cache = (await load(path)).cache;
      expect(cache, path).toContain('HIT');
    }
  }

  /** Waits the snapshot's check interval and a little more: the longest a change may take to show. */
  const oneCheckLater = () => sleep(DELTA_INTERVAL_MS + 150);

  it('shows a new price on the cached product page and its listing a second later', async () => {
    await warm();
    const price = 98_765;
    expect((await load(productPath())).texts.join('')).not.toContain(formatPaise(price));
    await client.query('UPDATE products SET price_paise = $1 WHERE id = $2', [price, product.id]);
    await oneCheckLater();
    for (const path of [productPath(), listingPath()]) {
      const { texts } = await load(path);
      for (const text of texts) expect(text, path).toContain(formatPaise(price));
    }
    // Cached again, with the new price.
    const again = await load(productPath());
    expect(again.cache).toContain('HIT');
    for (const text of again.texts) expect(text).toContain(formatPaise(price));
  });

  it('shows a changed description on the cached product page a second later (its details are read again)', async () => {
    await warm();
    const description = 'Picked this morning at the Ollur farm, washed twice.';
    expect((await load(productPath())).texts.join('')).not.toContain(description);
    await client.query('UPDATE products SET description = $1 WHERE id = $2', [description, product.id]);
    await oneCheckLater();
    for (const text of (await load(productPath())).texts) expect(text).toContain(description);
  });

  it('keeps the cached home page through a sale that leaves a product in stock, not through a sell-out', async () => {
    // Every process has the home page cached, still cached after a check (no change from the
    // server's start-up, such as the demo's orders, still to arrive).
    let cache: (string | null)[] = [null];
    for (let round = 0; round < 10 && !cache.every((c) => c === 'HIT'); round++) {
      await load('/');
      await oneCheckLater();
      cache = (await load('/')).cache;
    }
    expect(cache).toEqual(Array(6).fill('HIT'));

    await client.query('UPDATE products SET stock = stock - 1 WHERE id = $1', [stocked]);
    await oneCheckLater();
    expect((await load('/')).cache).toEqual(Array(6).fill('HIT'));

    await client.query('UPDATE products SET stock = 0 WHERE id = $1', [stocked]);
    await oneCheckLater();
    expect((await load('/')).cache.some((c) => c !== 'HIT')).toBe(true);
  });

  it('shows a product sold out, and gone once it is switched off', async () => {
    await warm();
    for (const text of (await load(productPath())).texts) expect(text).toContain('In stock');
    await client.query('UPDATE products SET stock = 0 WHERE id = $1', [product.id]);
    await oneCheckLater();
    for (const text of (await load(productPath())).texts) expect(text).not.toContain('In stock');

    await client.query('UPDATE products SET is_active = false WHERE id = $1', [product.id]);
    expect((await load(listingPath())).texts.join('')).toContain(`data-product-id="${product.id}"`);
    await oneCheckLater();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => fetch(server.baseUrl + productPath(), { headers: { accept: 'text/html' } })),
    );
    for (const res of answers) expect(res.status).toBe(404);
    for (const text of (await load(listingPath())).texts) expect(text).not.toContain(`data-product-id="${product.id}"`);
  });
});
