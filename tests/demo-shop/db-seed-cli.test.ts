/**
 * `npm run db:seed` (scripts/db-seed.ts) on a PGlite folder and on a PostgreSQL database: outside
 * demo mode it refuses a database with orders, `--yes` or not, with the reason and exit code 1;
 * with DEMO_MODE=true it resets the same database, its audit log included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#lib/db/index.ts';
import { auditLog, orders } from '#lib/db/schema.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { runProjectScript } from '../helpers/run-script.ts';

type Target = { dataDir?: string; url?: string };

/** Runs `scripts/db-seed.ts` with `args` against a database; returns its exit code and output. */
const dbSeed = (args: string[], db: Target, env: Record<string, string>) =>
  runProjectScript('scripts/db-seed.ts', args, db, env);

/** How many orders and audit entries the database holds (opened after the tool exited). */
async function counts(db: Target): Promise<{ orders: number; entries: number }> {
  const handle = await openDatabase(db.url ? { databaseUrl: db.url } : { pgliteDataDir: db.dataDir!, databaseUrl: '' });
  try {
    return { orders: await handle.db.$count(orders), entries: await handle.db.$count(auditLog) };
  } finally {
    await handle.close();
  }
}

describe.each(testDatabaseKinds())('npm run db:seed on %s', (kind) => {
  const target: Target = {};
  let cleanUp: () => Promise<void> = async () => {};
  beforeAll(async () => {
    if (kind === 'postgres') {
      const created = await createPostgresDatabase();
      target.url = created.url;
      cleanUp = created.drop;
    } else {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'farmfresh-seed-'));
      target.dataDir = dir;
      cleanUp = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => cleanUp());

  it('refuses a database with orders outside demo mode, and resets it in demo mode', async () => {
    const first = await dbSeed([], target, { DEMO_MODE: 'true' });
    expect(first.code, first.err).toBe(0);
    const seeded = await counts(target);
    expect(seeded.orders).toBeGreaterThan(0);
    expect(seeded.entries).toBeGreaterThan(0);

    const refused = await dbSeed(['--yes'], target, { DEMO_MODE: '' });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `Seeding refused: The database holds ${seeded.orders} orders: seeding would erase a real shop's customers and orders, and it is not demo mode.`,
    );
    expect(await counts(target)).toEqual(seeded);

    const asked = await dbSeed([], target, { DEMO_MODE: 'true' });
    expect(asked.code).toBe(1);
    expect(asked.err).toContain('Run `npm run db:seed -- --yes` to go ahead.');

    const reset = await dbSeed(['--yes'], target, { DEMO_MODE: 'true' });
    expect(reset.code, reset.err).toBe(0);
    expect(reset.out).toContain('Demo shop seeded');
    // The demo's own orders and their entries again, not twice as many.
    expect(await counts(target)).toEqual(seeded);
  }, 300_000);
});
