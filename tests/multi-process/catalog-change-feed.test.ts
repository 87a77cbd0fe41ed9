/**
 * The catalogue change feed across two servers on one PostgreSQL, with DATABASE_DIRECT_URL (one
 * LISTEN connection per server: the cluster's primary relays to its two workers; the
 * single-process server listens itself). A price change whose transaction stays open 15 s, while
 * another change commits in between and shows at once, shows on both servers' product pages
 * within a second of its late commit: no time window skips it. Skipped without TEST_DATABASE_URL.
 */
import { decodeHTML } from 'entities';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPaise } from '#lib/money.ts';
import { createPostgresDatabase, directUrl } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the late transaction stays open (ms). */
const HELD_MS = 15_000;
/** How soon (ms) after its commit a change must show on every server. */
const SHOWN_WITHIN_MS = 1_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)('catalogue changes on two servers, late commits included', () => {
  let servers: RunningServer[] = [];
  let client: pg.Client;
  let drop: () => Promise<void>;
  let ids: number[];
  let direct: string;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const env = { DATABASE_URL: created.url, DATABASE_DIRECT_URL: directUrl(created.url) };
    servers = await Promise.all([startServer({ ...env, WEB_CONCURRENCY: '2' }), startServer(env)]);
    direct = directUrl(created.url);
    client = new pg.Client({ connectionString: direct });
    await client.connect();
    const { rows } = await client.query('SELECT id FROM products WHERE is_active AND stock > 0 ORDER BY id LIMIT 2');
    ids = rows.map((r: { id: number }) => r.id);
  }, 120_000);
  afterAll(async () => {
    await client?.end();
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  });

  /** Whether product `id`'s page shows `price` on every server (a few requests each, so both workers answer). */
  async function showsEverywhere(id: number, price: number): Promise<boolean> {
    const texts = await Promise.all(
      servers.flatMap((s) =>
        Array.from({ length: 3 }, async () =>
          decodeHTML(await (await fetch(`${s.baseUrl}/product/${id}`, { headers: { accept: 'text/html' } })).text()),
        ),
      ),
    );
    return texts.every((text) => text.includes(formatPaise(price)));
  }

  /** Ms until product `id` shows `price` on every server, polled every 100 ms (Infinity after 5 s). */
  async function msUntilShown(id: number, price: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 5_000) {
      if (await showsEverywhere(id, price)) return Date.now() - started;
      await sleep(100);
    }
    return Number.POSITIVE_INFINITY;
  }

  it('holds one LISTEN connection per server, named after its host and process', async () => {
    const { rows } = await client.query<{ application_name: string }>(
      "SELECT application_name FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'farmfresh-listen%'",
    );
    const names = rows.map((r) => r.application_name);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
    for (const name of names) expect(name).toMatch(/^farmfresh-listen:[^:]+:\d+$/);
  });

  it('shows a price committed 15 s after it was written within a second of its commit, on both servers', async () => {
    const [lateId, soonId] = ids as [number, number];
    const latePrice = 87_654;
    const soonPrice = 76_543;
    // Both pages rendered, and cached, on every process first.
    for (const id of ids) expect(await showsEverywhere(id, latePrice)).toBe(false);

    const late = new pg.Client({ connectionString: direct });
    await late.connect();
    try {
      await late.query('BEGIN');
      // A slow writer (an import, a tool), not a web request: the web role's idle-in-transaction
      // timeout (the pooled run's role) would end this session before it commits.
      await late.query('SET LOCAL idle_in_transaction_session_timeout = 0');
      await late.query('UPDATE products SET price_paise = $1 WHERE id = $2', [latePrice, lateId]);
      const written = Date.now();

      // Another change commits meanwhile and shows promptly.
      await client.query('UPDATE products SET price_paise = $1 WHERE id = $2', [soonPrice, soonId]);
      expect(await msUntilShown(soonId, soonPrice)).toBeLessThan(SHOWN_WITHIN_MS);
      expect(await showsEverywhere(lateId, latePrice)).toBe(false);

      await sleep(Math.max(0, written + HELD_MS - Date.now()));
      await late.query('COMMIT');
      expect(await msUntilShown(lateId, latePrice)).toBeLessThan(SHOWN_WITHIN_MS);
    } finally {
      await late.end();
    }
  }, 40_000);
});
