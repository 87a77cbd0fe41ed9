/**
 * The `flash-sale` phase (bench/README.md "Flash sale"): four server processes on one PostgreSQL
 * through PgBouncer in transaction mode, run as docs/operations.md runs them behind a pooler
 * (DB_SESSION_SETTINGS=role, MIGRATE_ON_START=false, `db:migrate`'s work done direct first); 200 signed-in customers, each with the same 10 hot
 * products in a cart order of their own and an open delivery slot, place one order (cash on
 * delivery) each at a random moment of 60 s. Stock covers every order, so each should be placed.
 * Records the answers by status (the gate: no 5xx) and the Place Order latencies (p50, p95, p99
 * in ms, from sending to the last byte).
 */
import { performance } from 'node:perf_hooks';
import { asc, eq } from 'drizzle-orm';
import { createSession } from '#features/auth/index.ts';
import { addToCart } from '#features/cart/index.ts';
import { seedDemoShop } from '#features/demo-shop/index.ts';
import { getConfig } from '#lib/config.ts';
import { IDLE_IN_TRANSACTION_TIMEOUT_MS, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { customers, products } from '#lib/db/schema.ts';
import { createScratchDatabase } from '#lib/db/scratch.ts';
import { migrateJobQueue } from '#lib/jobs/index.ts';
import { startPgBouncer } from '../lib/pgbouncer.ts';
import { percentile } from './load.ts';
import { shopEnvironment, shopFlagsFor } from './options.ts';
import type { FlashSaleResult } from './report.ts';
import { type BenchServer, shopEntry, startBenchServer } from './server-process.ts';

export interface FlashSaleOptions {
  root: string;
  /** A PostgreSQL server where the bench may create a database (direct, not through a pooler). */
  adminUrl: string;
  /** First port of the four servers (then two per server: the shop and its payment simulator). */
  basePort: number;
  log: (msg: string) => void;
  servers?: number;
  customers?: number;
  hotProducts?: number;
  windowSeconds?: number;
}

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32), so runs are comparable. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADDRESS = {
  type: 'home',
  name: 'Flash buyer',
  mobile: '+919800000000',
  building_num: '1',
  street: 'MG Road',
  landmark: null,
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.52',
  longitude: '76.21',
};

/** The parts of the shop's JSON answers this phase reads. */
interface ShopAnswer {
  message?: string;
  data?: {
    slots?: { id: string; status: string }[];
    address?: { id: number };
    summary?: { paid_amount: string };
  };
}

/** A JSON request to the shop as a signed-in API client (bearer token, its own client address). */
async function call(
  base: string,
  token: string,
  ip: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: ShopAnswer }> {
  const res = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': ip,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: { message: text.slice(0, 200) } };
  }
}

/** Runs the phase on a database of its own and tears everything down again. */
export async function runFlashSale(options: FlashSaleOptions): Promise<FlashSaleResult> {
  const serverCount = options.servers ?? 4;
  const customerCount = options.customers ?? 200;
  const hotCount = options.hotProducts ?? 10;
  const windowSeconds = options.windowSeconds ?? 60;
  const { log } = options;
  const next = random(34);
  const { url, drop } = await createScratchDatabase(options.adminUrl, 'farmfresh_flash');
  const servers: BenchServer[] = [];
  let bouncer: Awaited<ReturnType<typeof startPgBouncer>> | undefined;
  try {
    // The release step, direct and before any server starts (docs/operations.md): the shop's
    // migrations and the job queue's schema; then the seeding. The servers only check the schema.
    const handle = await openDatabase({ databaseUrl: url, statementTimeoutMs: 0 });
    const sessions: { token: string; ip: string }[] = [];
    try {
      await migrateDatabase(handle);
      await migrateJobQueue(url);
      await seedDemoShop(handle.db);
      // Cheap, active products: the sale's hot items.
      const rows = await handle.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(asc(products.pricePaise), asc(products.id))
        .limit(hotCount);
      const hot = rows.map((r) => r.id);
      // Stock for every order, and room in every slot: the phase measures waiting, not refusals.
      await handle.exec(`UPDATE products SET stock = ${customerCount * 2} WHERE id IN (${hot.join(',')})`);
      for (let i = 0; i < customerCount; i++) {
        const [customer] = await handle.db
          .insert(customers)
          .values({ name: `Flash customer ${i + 1}`, phone: `+9197${String(i).padStart(8, '0')}` })
          .returning({ id: customers.id });
        const order = [...hot].sort(() => next() - 0.5);
        for (const productId of order) await addToCart(handle.db, customer!.id, productId, 1);
        sessions.push({
          token: (await createSession(handle.db, customer!.id)).token,
          ip: `10.34.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        });
      }
      // The web timeouts come from the role in this database (DB_SESSION_SETTINGS=role), as
      // `npm run db:roles` sets them for the servers' role: they apply to sessions opened from now
      // on (not the seeding's), and go with the database when it is dropped.
      const { DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS } = getConfig();
      const database = new URL(url).pathname.slice(1);
      for (const [name, ms] of [
        ['statement_timeout', DB_STATEMENT_TIMEOUT_MS],
        ['lock_timeout', DB_LOCK_TIMEOUT_MS],
        ['idle_in_transaction_session_timeout', IDLE_IN_TRANSACTION_TIMEOUT_MS],
      ] as const)
        await handle.exec(`ALTER ROLE CURRENT_USER IN DATABASE "${database}" SET ${name} = '${ms}ms'`);
    } finally {
      await handle.close();
    }

    bouncer = await startPgBouncer();
    const pooled = bouncer.urlFor(url);
    log(`flash-sale: PgBouncer (transaction mode) on port ${bouncer.port}; starting ${serverCount} servers…`);
    for (let s = 0; s < serverCount; s++)
      servers.push(
        await startBenchServer({
          entry: shopEntry(options.root),
          port: options.basePort + 2 * s,
          env: {
            ...shopEnvironment(),
            DATABASE_URL: pooled,
            DATABASE_MIGRATION_URL: url,
            DB_SESSION_SETTINGS: 'role',
            MIGRATE_ON_START: 'false',
            DEMO_MODE: 'true',
            WEB_CONCURRENCY: '1',
            TRUSTED_PROXIES: '127.0.0.1,::1',
            PAYMENT_SIMULATOR_PORT: String(options.basePort + 2 * s + 1),
          },
          flags: shopFlagsFor(pooled),
        }),
      );
    const baseOf = (i: number) => servers[i % serverCount]!.base;

    // Each customer's address, slot and figures, as the checkout would fetch them.
    const slots = (
      await call(baseOf(0), sessions[0]!.token, sessions[0]!.ip, 'GET', '/api/customer/delivery-slots?pin=680001')
    ).body.data?.slots as { id: string; status: string }[];
    const open = slots.filter((s) => s.status === 'open').map((s) => s.id);
    if (!open.length) throw new Error('flash-sale: no open delivery slot');
    const admin = await openDatabase({ databaseUrl: url, statementTimeoutMs: 0 });
    try {
      await admin.exec(
        `INSERT INTO delivery_slot_usage (zone_id, slot_id, used, capacity) VALUES ${open
          .map((id) => `('thrissur-central', '${id}', 0, ${customerCount})`)
          .join(', ')} ON CONFLICT (zone_id, slot_id) DO UPDATE SET capacity = ${customerCount}`,
      );
    } finally {
      await admin.close();
    }
    const buyers = [];
    for (let i = 0; i < sessions.length; i++) {
      const { token, ip } = sessions[i]!;
      const base = baseOf(i);
      const address = await call(base, token, ip, 'POST', '/api/customer/add-address', ADDRESS);
      if (address.status !== 201 && address.status !== 200)
        throw new Error(`flash-sale: add-address ${address.status} ${address.body.message}`);
      const summary = await call(base, token, ip, 'GET', '/api/customer/checkout-summary');
      buyers.push({
        base,
        token,
        ip,
        at: next() * windowSeconds * 1000,
        body: {
          address_id: address.body.data?.address?.id,
          payment_mode: 'cod',
          paid_amount: summary.body.data?.summary?.paid_amount,
          points: '0',
          delivery_slot: open[Math.floor(next() * open.length)]!,
        },
      });
    }

    log(`flash-sale: ${customerCount} customers place their orders within ${windowSeconds} s…`);
    const statuses: Record<string, number> = {};
    const failures: string[] = [];
    const latencies: number[] = [];
    const started = performance.now();
    await Promise.all(
      buyers.map(async (b) => {
        await new Promise((r) => setTimeout(r, Math.max(0, b.at - (performance.now() - started))));
        const t = performance.now();
        let status: string;
        try {
          const res = await call(b.base, b.token, b.ip, 'POST', '/api/customer/place-order', b.body);
          status = String(res.status);
          if (res.status !== 201 && failures.length < 10) failures.push(`${res.status} ${res.body.message}`);
        } catch (err) {
          status = 'error';
          if (failures.length < 10) failures.push(String(err));
        }
        latencies.push(performance.now() - t);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
    latencies.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      servers: serverCount,
      customers: customerCount,
      hotProducts: hotCount,
      windowSeconds,
      statuses,
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? 0),
      failures,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await bouncer?.stop();
    await drop();
  }
}
