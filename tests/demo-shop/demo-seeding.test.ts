/**
 * Seeding the demo shop into an empty database at start-up: several server processes starting
 * together on one database seed it once, and staff added before the first start survive it, as
 * they survive a re-seed. In demo mode a re-seed empties the audit log; outside it, a seeding
 * keeps the audit log and refuses a database with orders, changing nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_STAFF } from '#features/demo-shop/demo-staff.ts';
import { SeedRefusedError, seedDemoShop, seedEmptyDatabase } from '#features/demo-shop/seed.ts';
import { resetConfigForTests } from '#lib/config.ts';
import { recordAudit } from '#lib/db/audit.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { auditLog, categories, customers, orders, products, staff } from '#lib/db/schema.ts';
import { logger } from '#lib/log.ts';
import { TEST_ACTOR } from '../helpers/audit.ts';
import { createPostgresDatabase, createTestDatabase, directUrl, testDatabaseKinds } from '../helpers/database.ts';

const OWN_STAFF = { name: 'Meera Das', phone: '+919447000999', role: 'owner' as const };

describe.skipIf(!testDatabaseKinds().includes('postgres'))('start-up seeding on PostgreSQL', () => {
  let workers: DatabaseHandle[] = [];
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const open = () =>
      openDatabase({ databaseUrl: created.url, migrationUrl: directUrl(created.url), maxConnections: 2 });
    workers = [await open(), await open()];
    await migrateDatabase(workers[0]!);
  });
  afterAll(async () => {
    for (const w of workers) await w.close();
    await drop?.();
  });

  it('seeds an empty database once when two processes start together, and keeps the staff added before', async () => {
    const db = workers[0]!.db;
    await db.insert(staff).values(OWN_STAFF);
    const info = vi.spyOn(logger, 'info');
    try {
      const seeded = await Promise.all(workers.map((w) => seedEmptyDatabase(w.db)));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      expect(info.mock.calls.filter(([msg]) => String(msg).includes('seeded the demo shop'))).toHaveLength(1);
    } finally {
      info.mockRestore();
    }
    // A third start finds the shop there.
    expect(await seedEmptyDatabase(workers[1]!.db)).toBe(false);

    const reference = await createTestDatabase('pglite');
    try {
      const once = await seedDemoShop(reference.db, { demoCustomer: true });
      expect(await db.$count(categories)).toBe(once.categories);
      expect(await db.$count(products)).toBe(once.products);
    } finally {
      await reference.close();
    }
    const phones = (await db.select({ phone: staff.phone }).from(staff)).map((s) => s.phone).sort();
    expect(phones).toEqual([OWN_STAFF.phone, ...DEMO_STAFF.map((m) => m.phone)].sort());
  });
});

describe.each(testDatabaseKinds())('re-seeding on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => handle?.close());

  it('keeps every staff member and adds the demo staff once', async () => {
    await handle.db.insert(staff).values(OWN_STAFF);
    expect(await seedEmptyDatabase(handle.db)).toBe(true);
    expect(await seedEmptyDatabase(handle.db)).toBe(false);
    await seedDemoShop(handle.db, { demoCustomer: true });
    await seedDemoShop(handle.db, { demoCustomer: true });
    const phones = (await handle.db.select({ phone: staff.phone }).from(staff)).map((s) => s.phone).sort();
    expect(phones).toEqual([OWN_STAFF.phone, ...DEMO_STAFF.map((m) => m.phone)].sort());
  });
});

describe.each(testDatabaseKinds())('seeding and the audit log on %s', (kind) => {
  let handle: DatabaseHandle;
  const demoMode = process.env.DEMO_MODE;
  /** Runs the rest of a test outside demo mode (production); afterEach puts demo mode back. */
  const production = () => {
    process.env.DEMO_MODE = '';
    resetConfigForTests();
  };
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterEach(() => {
    if (demoMode === undefined) delete process.env.DEMO_MODE;
    else process.env.DEMO_MODE = demoMode;
    resetConfigForTests();
  });
  afterAll(async () => handle?.close());

  it('empties the audit log when it re-seeds in demo mode', async () => {
    await seedDemoShop(handle.db, { demoCustomer: true });
    await recordAudit(handle.db, TEST_ACTOR, { action: 'order.processed', record: { type: 'order', id: 1 } });
    await seedDemoShop(handle.db);
    expect(await handle.db.$count(auditLog)).toBe(0);
  });

  it('refuses a database with orders outside demo mode, saying why and changing nothing', async () => {
    await seedDemoShop(handle.db, { demoCustomer: true });
    const ordersBefore = await handle.db.$count(orders);
    const entriesBefore = await handle.db.$count(auditLog);
    expect(ordersBefore).toBeGreaterThan(0);
    expect(entriesBefore).toBeGreaterThan(0);
    production();
    const refused = seedDemoShop(handle.db, { demoCustomer: true });
    await expect(refused).rejects.toBeInstanceOf(SeedRefusedError);
    await expect(refused).rejects.toThrow(
      `The database holds ${ordersBefore} orders: seeding would erase a real shop's customers and orders, and it is not demo mode.`,
    );
    expect(await handle.db.$count(orders)).toBe(ordersBefore);
    expect(await handle.db.$count(customers)).toBeGreaterThan(0);
    expect(await handle.db.$count(auditLog)).toBe(entriesBefore);
  });

  it('seeds a database without orders outside demo mode and keeps its audit log', async () => {
    await seedDemoShop(handle.db);
    await recordAudit(handle.db, TEST_ACTOR, { action: 'product.update', record: { type: 'product', id: 1 } });
    production();
    const seeded = await seedDemoShop(handle.db);
    expect(seeded.products).toBeGreaterThan(0);
    expect(await handle.db.$count(products)).toBe(seeded.products);
    expect((await handle.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action)).toEqual([
      'product.update',
    ]);
  });
});
