/**
 * The operators' command-line tools that change data write the audit log as "Command line:
 * NAME": `npm run orders -- advance` (in the move's transaction, as staff's moves) and
 * `npm run catalog:import`, with `--operator NAME` anywhere on the line, else the OS user@host;
 * an empty operator name is a usage error that changes nothing. Read-only commands write nothing.
 * The import's summary names refused rows by spreadsheet row and SKU, and counts the packaged
 * products on sale that lack declarations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActorLabel } from '#features/admin/rules.ts';
import { migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { auditLog, customers, orders } from '#lib/db/schema.ts';
import { runProjectScript } from '../helpers/run-script.ts';

/** Runs a project script to its end on the PGlite folder `dataDir`. */
const runScript = (script: string, args: string[], dataDir: string) => runProjectScript(script, args, { dataDir });

/** Opens the folder in this process (no tool is running on it then), runs `work`, closes it. */
async function withDatabase<T>(
  dataDir: string,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const handle = await openDatabase({ pgliteDataDir: dataDir, databaseUrl: '' });
  try {
    await migrateDatabase(handle);
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

const OS_OPERATOR = `${os.userInfo().username}@${os.hostname()}`;

describe('command-line changes in the audit log (PGlite folder)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'farmfresh-cli-audit-'));
  let orderId: number;
  beforeAll(async () => {
    orderId = await withDatabase(dataDir, async (db) => {
      const [customer] = await db.insert(customers).values({ phone: '+919876500011', name: 'Asha' }).returning();
      const [order] = await db
        .insert(orders)
        .values({
          customerId: customer!.id,
          status: 'placed',
          paymentMode: 'Cash',
          subtotalPaise: 5000,
          paidAmountPaise: 5000,
        })
        .returning();
      return order!.id;
    });
  }, 120_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const entries = () => withDatabase(dataDir, (db) => db.select().from(auditLog).orderBy(asc(auditLog.id)));

  it('records an order moved on the command line, naming the operator or the OS user', async () => {
    const bad = await runScript('scripts/orders.ts', ['advance', String(orderId), '--operator', ''], dataDir);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--operator takes a name');
    expect((await runScript('scripts/orders.ts', ['list'], dataDir)).code).toBe(0);
    expect(await entries()).toEqual([]);

    const named = await runScript('scripts/orders.ts', ['--operator', 'Meera', 'advance', String(orderId)], dataDir);
    expect(named.code, named.err).toBe(0);
    expect(named.out).toContain(`Order #${orderId}: placed → processed`);
    const unnamed = await runScript('scripts/orders.ts', ['advance', String(orderId)], dataDir);
    expect(unnamed.code, unnamed.err).toBe(0);

    const log = await entries();
    expect(
      log.map((e) => [e.action, e.recordType, e.recordId, e.before, e.after, e.role, e.staffId, e.operator]),
    ).toEqual([
      [
        'order.processed',
        'order',
        String(orderId),
        { status: 'placed' },
        { status: 'processed' },
        'cli',
        null,
        'Meera',
      ],
      [
        'order.out_for_delivery',
        'order',
        String(orderId),
        { status: 'processed' },
        { status: 'out_for_delivery' },
        'cli',
        null,
        OS_OPERATOR,
      ],
    ]);
    expect(log.map(auditActorLabel)).toEqual(['Command line: Meera', `Command line: ${OS_OPERATOR}`]);
    // A Cash order is not delivered from the command line: the rider records it at the door.
    const deliver = await runScript('scripts/orders.ts', ['deliver', String(orderId)], dataDir);
    expect(deliver.code).toBe(1);
    expect(deliver.err).toContain('the rider records its delivery and the money collected at the door');
    expect(await entries()).toHaveLength(2);
    const [order] = await withDatabase(dataDir, (db) => db.select().from(orders).where(eq(orders.id, orderId)));
    expect(order).toMatchObject({ status: 'out_for_delivery', paymentStatus: 'unpaid' });
  }, 240_000);

  it('records a catalogue import with what it did and who ran it', async () => {
    const run = await runProjectScript(
      'scripts/catalog-import.ts',
      ['tests/fixtures/catalog-sample.csv', '--operator=Meera'],
      { dataDir },
      { SITE_URL: 'https://shop.example.in' },
    );
    expect(run.code, run.err).toBe(0);
    // The rows go on sale as the file says; the summary counts the packaged products on sale
    // without declarations (the file's 22 good rows declare none) and says where to complete them.
    expect(run.out).toContain(
      '22 packaged products on sale lack declarations (maker, origin, net quantity, food mark, FSSAI licence or shelf life): complete them at https://shop.example.in/admin/products?filter=missing_declarations',
    );
    expect(run.out).toMatch(/skipped row 9 \(BB-8, Green Tea - Tulsi\), column sale_price: bad sale_price "abc"/);
    const last = (await entries()).at(-1)!;
    expect(last).toMatchObject({ action: 'catalog.import', role: 'cli', staffId: null, operator: 'Meera' });
    // The entry holds what the tool reported.
    const [, inserted, skipped] = /(\d+) inserted, .* (\d+) skipped/.exec(run.out)!;
    expect(last.after).toMatchObject({ added: Number(inserted), changed: 0, refused: Number(skipped) });
  }, 240_000);
});
