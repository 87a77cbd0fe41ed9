/**
 * The audit log is append-only in the database itself (migration 0020), on each database kind:
 * UPDATE, DELETE and TRUNCATE are refused with SQLSTATE FF001, through the app's own connection
 * (on PostgreSQL a superuser's); the reset switch lets DELETE and TRUNCATE through for its own
 * transaction only, and never an UPDATE; inserting goes on as before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '#lib/db/audit.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { auditLog } from '#lib/db/schema.ts';
import { TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

/** The database's error under drizzle's wrapper: its SQLSTATE and message. */
async function refusal(work: Promise<unknown>): Promise<{ code?: string; message?: string }> {
  try {
    await work;
  } catch (err) {
    const pg = ((err as { cause?: unknown }).cause ?? err) as { code?: string; message?: string };
    return { code: pg.code, message: pg.message };
  }
  throw new Error('the statement was not refused');
}

describe.each(testDatabaseKinds())('the append-only audit log on %s', (kind) => {
  let handle: DatabaseHandle;
  const count = async () => handle.db.$count(auditLog);
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    for (const action of ['order.processed', 'order.delivered', 'staff.added'])
      await recordAudit(handle.db, TEST_ACTOR, { action, record: { type: 'order', id: 1 } });
  });
  afterAll(async () => handle?.close());

  it('refuses UPDATE, DELETE and TRUNCATE, saying why', async () => {
    const db = handle.db;
    expect(await refusal(db.update(auditLog).set({ action: 'order.cancelled' }))).toEqual({
      code: 'FF001',
      message: 'The audit log is append-only: UPDATE on audit_log is refused.',
    });
    expect(await refusal(db.delete(auditLog))).toEqual({
      code: 'FF001',
      message: 'The audit log is append-only: DELETE on audit_log is refused.',
    });
    expect(await refusal(db.execute(sql`TRUNCATE audit_log`))).toEqual({
      code: 'FF001',
      message: 'The audit log is append-only: TRUNCATE on audit_log is refused.',
    });
    // Cascading from the staff it references reaches it too.
    expect((await refusal(db.execute(sql`TRUNCATE staff CASCADE`))).code).toBe('FF001');
    expect(await count()).toBe(3);
    const actions = (await db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action).sort();
    expect(actions).toEqual(['order.delivered', 'order.processed', 'staff.added']);
  });

  it('lets the reset switch empty it within its own transaction only, and never update it', async () => {
    const db = handle.db;
    const updated = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('farmfresh.audit_log_reset', 'on', true)`);
      await tx.update(auditLog).set({ action: 'order.cancelled' });
    });
    expect((await refusal(updated)).code).toBe('FF001');

    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('farmfresh.audit_log_reset', 'on', true)`);
      await tx.delete(auditLog).where(sql`${auditLog.action} = 'staff.added'`);
    });
    expect(await count()).toBe(2);
    // The switch ended with its transaction.
    expect((await refusal(db.delete(auditLog))).code).toBe('FF001');

    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('farmfresh.audit_log_reset', 'on', true)`);
      await tx.execute(sql`TRUNCATE audit_log`);
    });
    expect(await count()).toBe(0);
    expect((await refusal(db.execute(sql`TRUNCATE audit_log`))).code).toBe('FF001');
    // Another value than `on` is no switch.
    const off = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('farmfresh.audit_log_reset', 'true', true)`);
      await tx.execute(sql`TRUNCATE audit_log`);
    });
    expect((await refusal(off)).code).toBe('FF001');

    await recordAudit(db, TEST_ACTOR, { action: 'order.processed', record: { type: 'order', id: 2 } });
    expect(await count()).toBe(1);
  });
});
