/**
 * The back office's phase of `npm run bench` (BENCH_PHASES=back-office): a busy day seeded straight
 * into the database before the server starts (2,000 of today's orders over every zone's slots,
 * 200 of them to pick in one slot, four lines each), then a staff member signed in through the
 * real OTP API, and the order board's API and that slot's picking list measured with many
 * requests. Recorded beside their aims (bench/README.md); the staff's traffic is a few open boards and
 * tablets, so these phases run BENCH_BACK_OFFICE_CONCURRENCY (default 4) requests in flight.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { deliveryConfig, deliveryNow, shopInstant, shopTime } from '#features/delivery/index.ts';
import { openDatabase } from '#lib/db/index.ts';
import { customers, orderItems, orders, products, staff } from '#lib/db/schema.ts';
import { type BenchRequest, BROWSER_API_HEADERS, runLoad } from './load.ts';
import type { BenchRun, Check, Phase } from './report.ts';
import type { BenchServer } from './server-process.ts';

/** The day's size and the figures' aims (bench/README.md). */
export const BACK_OFFICE = {
  dayOrders: 2_000,
  slotOrders: 200,
  linesPerOrder: 4,
  /** Products a day's orders draw from (a grocer's day repeats its products). */
  products: 300,
  requests: 400,
  boardP95Ms: 100,
  pickingP95Ms: 300,
} as const;

/** The phases' names in the report. */
export const BACK_OFFICE_PHASES = {
  board: 'order board API (2,000 orders today)',
  picking: 'picking list API (200-order slot)',
} as const;

/** What the seeding made: the staff member to sign in as and the slot to pick. */
export interface BackOfficeTargets {
  staffPhone: string;
  date: string;
  slotId: string;
}

const STAFF_PHONE = '+919447099001';
const concurrency = Number(process.env.BENCH_BACK_OFFICE_CONCURRENCY || 4);

/** A deterministic pseudo-random sequence (mulberry32). */
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

/** Seeds today's orders (see the module comment) into the bench's database; run before the server starts. */
export async function seedBackOffice(env: Record<string, string>): Promise<BackOfficeTargets> {
  const handle = await openDatabase({ pgliteDataDir: env.PGLITE_DATA_DIR ?? '', databaseUrl: env.DATABASE_URL ?? '' });
  try {
    const { db } = handle;
    const next = random(29);
    const date = shopTime(deliveryNow()).date;
    const slots = deliveryConfig().zones.flatMap((zone) =>
      zone.template.windows.map((w) => ({ zone: zone.id, start: w.start, end: w.end })),
    );
    const picked = slots[0]!;
    const others = slots.filter((s) => s.start !== picked.start);
    const stock = await db
      .select({
        id: products.id,
        name: products.name,
        price: products.pricePaise,
        mrp: products.mrpPaise,
        weight: products.weight,
        unit: products.weightUnit,
      })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id))
      .limit(BACK_OFFICE.products);
    await db.insert(staff).values({ name: 'Bench Packer', phone: STAFF_PHONE, role: 'packer' }).onConflictDoNothing();
    const people = await db
      .insert(customers)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          phone: `+9170${String(i).padStart(8, '0')}`,
          name: `Bench Customer ${i + 1}`,
          phoneVerifiedAt: new Date(),
        })),
      )
      .returning({ id: customers.id });
    const statuses = ['placed', 'placed', 'placed', 'processed', 'processed', 'delivered', 'cancelled'] as const;
    for (let from = 0; from < BACK_OFFICE.dayOrders; from += 500) {
      const batch = Array.from({ length: Math.min(500, BACK_OFFICE.dayOrders - from) }, (_, k) => {
        const i = from + k;
        const inPicked = i < BACK_OFFICE.slotOrders;
        const slot = inPicked || others.length === 0 ? picked : others[i % others.length]!;
        const lines = Array.from({ length: BACK_OFFICE.linesPerOrder }, () => ({
          product: stock[Math.floor(next() * stock.length)]!,
          qty: 1 + Math.floor(next() * 3),
        }));
        const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.qty, 0);
        return {
          lines,
          row: {
            customerId: people[i % people.length]!.id,
            status: inPicked ? statuses[i % 5]! : statuses[i % statuses.length]!,
            paymentMode: i % 4 === 0 ? ('Online' as const) : ('Cash' as const),
            paymentStatus: i % 4 === 0 ? ('paid' as const) : ('unpaid' as const),
            subtotalPaise: subtotal,
            paidAmountPaise: subtotal,
            addressSnapshot: { name: 'Bench', street: 'Round North', city: 'Thrissur', po_box: '680001' },
            customerNote: i % 3 === 0 ? 'Ring the bell' : null,
            substitution: 'replace' as const,
            deliveryZoneId: slot.zone,
            deliverySlotId: `${date}T${slot.start}`,
            deliverySlotStart: shopInstant(date, slot.start),
            deliverySlotEnd: shopInstant(date, slot.end),
          },
        };
      });
      const ids = await db
        .insert(orders)
        .values(batch.map((b) => b.row))
        .returning({ id: orders.id });
      await db.insert(orderItems).values(
        batch.flatMap((b, k) =>
          b.lines.map((l) => ({
            orderId: ids[k]!.id,
            productId: l.product.id,
            productName: l.product.name,
            qty: l.qty,
            unitPricePaise: l.product.price,
            mrpPaise: l.product.mrp,
            weight: l.product.weight,
            weightUnit: l.product.unit,
            totalAmountPaise: l.product.price * l.qty,
            substitution: 'replace' as const,
          })),
        ),
      );
    }
    await db.execute(sql`ANALYZE orders`);
    await db.execute(sql`ANALYZE order_items`);
    return { staffPhone: STAFF_PHONE, date, slotId: `${date}T${picked.start}` };
  } finally {
    await handle.close();
  }
}

/** Signs in as the seeded staff member through the OTP API (the console sender's demo code); returns the API cookie. */
async function signIn(base: string, phone: string): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: base, 'x-forwarded-for': '10.9.9.9' };
  const sent = await fetch(`${base}/api/admin/login/otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobile: phone }),
  });
  const otp = ((await sent.json()) as { data?: { demo_otp?: string } }).data?.demo_otp;
  if (!otp) throw new Error(`back office: no sign-in code (${sent.status})`);
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobile: phone, otp }),
  });
  const cookie = res.headers.getSetCookie().find((c) => /^(__Secure-)?ff_staff_api=/.test(c));
  if (!cookie) throw new Error(`back office: sign-in failed (${res.status})`);
  return cookie.split(';')[0]!;
}

/** Measures the board's and the picking list's APIs on `server` as the seeded staff member. */
export async function measureBackOffice(
  server: BenchServer,
  targets: BackOfficeTargets,
  log: (msg: string) => void,
): Promise<Phase[]> {
  const headers = { ...BROWSER_API_HEADERS, cookie: await signIn(server.base, targets.staffPhone) };
  const picking = `/api/admin/picking?date=${targets.date}&slot=${encodeURIComponent(targets.slotId)}`;
  const phases: Phase[] = [];
  for (const [name, path] of [
    [BACK_OFFICE_PHASES.board, '/api/admin/board'],
    [BACK_OFFICE_PHASES.picking, picking],
  ] as const) {
    const requests: BenchRequest[] = Array.from({ length: BACK_OFFICE.requests }, () => ({ path }));
    await runLoad(server.base, requests.slice(0, 20), { concurrency, headers });
    const cpuBefore = server.cpuMs();
    const result = await runLoad(server.base, requests, { concurrency, headers });
    const cpuMsPerRequest = Math.round(((server.cpuMs() - cpuBefore) / requests.length) * 100) / 100;
    log(
      `${name}: ${concurrency} in flight, ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ${cpuMsPerRequest} ms CPU/request, ${Math.round(result.bytes / result.requests / 1024)} KB/answer, errors ${result.errors}${result.failures.length ? ` (${result.failures.join('; ')})` : ''}`,
    );
    phases.push({ name, ...result, cpuMsPerRequest });
  }
  return phases;
}

/** The back office's figures over a run's phases, recorded (none when the phase did not run). */
export function backOfficeChecks(run: BenchRun): Check[] {
  const checks: Check[] = [];
  for (const [name, limit] of [
    [BACK_OFFICE_PHASES.board, BACK_OFFICE.boardP95Ms],
    [BACK_OFFICE_PHASES.picking, BACK_OFFICE.pickingP95Ms],
  ] as const) {
    const p = run.phases.find((x) => x.name === name);
    if (!p) continue;
    checks.push({
      database: run.database,
      gate: false,
      name: `${name}, ${concurrency} in flight`,
      budget: `p95 ≤ ${limit} ms`,
      measured: `p95 ${p.p95} ms (p50 ${p.p50}, p99 ${p.p99}), ${p.rps} req/s, ${p.cpuMsPerRequest} ms CPU/request, errors ${p.errors}`,
      pass: null,
    });
  }
  return checks;
}
