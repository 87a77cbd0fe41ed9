/**
 * Refused staff requests in the audit log, on PGlite and PostgreSQL: a member's first 10 refusals
 * of a 10-minute window are written, the rest counted and written as one "N more refusals" entry
 * once the window has closed, exactly once however many processes close it at the same time; a
 * window within the limit leaves no summary. The clock is the functions' `now`.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActionLabel } from '#features/admin/rules.ts';
import {
  REFUSAL_WINDOW_MS,
  REFUSALS_LOGGED_PER_WINDOW,
  recordRefusal,
  summariseClosedRefusalWindows,
} from '#features/admin/server/refusals.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { auditLog, auditRefusalWindows, staff } from '#lib/db/schema.ts';
import { randomPhone } from '../helpers/api.ts';
import { createPostgresDatabase, directUrl, testDatabaseKinds } from '../helpers/database.ts';

/** A window's start, and instants inside it and after it. */
const WINDOW = Date.UTC(2026, 10, 26, 4, 30);
const at = (msAfterWindowStart: number) => new Date(WINDOW + msAfterWindowStart);

describe.each(testDatabaseKinds())('refused requests in the audit log on %s', (kind) => {
  /** Two handles on one database: two server processes on PostgreSQL, one shared PGlite. */
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'pglite') {
      first = await openDatabase({ pgliteDataDir: 'memory://', databaseUrl: '' });
      await migrateDatabase(first);
      second = first;
      close = () => first.close();
    } else {
      const { url, drop } = await createPostgresDatabase();
      first = await openDatabase({ databaseUrl: url, migrationUrl: directUrl(url), maxConnections: 5 });
      await migrateDatabase(first);
      second = await openDatabase({ databaseUrl: url, migrationUrl: directUrl(url), maxConnections: 5 });
      close = async () => {
        await Promise.all([first.close(), second.close()]);
        await drop();
      };
    }
  });
  afterAll(() => close());

  const newRider = async (name: string) => {
    const [row] = await first.db
      .insert(staff)
      .values({ name, phone: randomPhone(), role: 'rider' })
      .returning({ id: staff.id, name: staff.name, role: staff.role });
    return row!;
  };
  const refusal = (member: { id: number; name: string; role: string }, n: number) => ({
    staff: member,
    requestId: `req-${n}`,
    detail: { permission: 'board.view', method: 'GET', path: '/api/admin/board' },
  });
  const entriesOf = (staffId: number) =>
    first.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.staffId, staffId), inArray(auditLog.action, ['permission.denied', 'permission.denied_more'])),
      )
      .orderBy(asc(auditLog.id));

  it('writes 10 of a rider’s 50 refusals in a window, then one “40 more refusals” once it has closed', async () => {
    const rider = await newRider('Sanju R');
    // 50 refusals in the window, from two server processes, 25 at a time each.
    const written = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        recordRefusal(n % 2 ? first.db : second.db, refusal(rider, n), at(1000 + n * 1000)),
      ),
    );
    expect(written.filter(Boolean)).toHaveLength(REFUSALS_LOGGED_PER_WINDOW);
    let entries = await entriesOf(rider.id);
    expect(entries).toHaveLength(10);
    expect(entries.every((e) => e.action === 'permission.denied' && e.after?.path === '/api/admin/board')).toBe(true);

    // Still inside the window: nothing to summarise yet.
    expect(await summariseClosedRefusalWindows(first.db, at(REFUSAL_WINDOW_MS - 1))).toBe(0);
    expect(await entriesOf(rider.id)).toHaveLength(10);

    // After the window, both processes' jobs run at once: one summary.
    const after = at(REFUSAL_WINDOW_MS + 5000);
    const runs = await Promise.all([
      summariseClosedRefusalWindows(first.db, after),
      summariseClosedRefusalWindows(second.db, after),
      summariseClosedRefusalWindows(first.db, after),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    entries = await entriesOf(rider.id);
    expect(entries).toHaveLength(11);
    const summary = entries.at(-1)!;
    expect(summary).toMatchObject({
      action: 'permission.denied_more',
      staffId: rider.id,
      staffName: null,
      role: 'rider',
      after: { more: 40, from: at(0).toISOString(), to: at(REFUSAL_WINDOW_MS).toISOString() },
    });
    expect(auditActionLabel(summary)).toBe('40 more refusals');
    // The window's counter is gone; later runs write nothing more.
    expect(await first.db.select().from(auditRefusalWindows).where(eq(auditRefusalWindows.staffId, rider.id))).toEqual(
      [],
    );
    expect(await summariseClosedRefusalWindows(second.db, at(3 * REFUSAL_WINDOW_MS))).toBe(0);
    expect(await entriesOf(rider.id)).toHaveLength(11);
  });

  it('closes the last window at the rider’s next refusal, before writing it, once under parallel refusals', async () => {
    const rider = await newRider('Biju K');
    for (let n = 0; n < 13; n++) await recordRefusal(first.db, refusal(rider, n), at(n * 1000));
    // The next window: refusals arrive in parallel on both processes; the summary comes first, once.
    const next = at(REFUSAL_WINDOW_MS + 1000);
    await Promise.all(
      Array.from({ length: 6 }, (_, n) => recordRefusal(n % 2 ? first.db : second.db, refusal(rider, 100 + n), next)),
    );
    const entries = await entriesOf(rider.id);
    expect(entries.map((e) => e.action)).toEqual([
      ...Array(10).fill('permission.denied'),
      'permission.denied_more',
      ...Array(6).fill('permission.denied'),
    ]);
    expect(entries[10]!.after).toMatchObject({ more: 3 });
  });

  it('writes no summary for a window within the limit, and counts each member apart', async () => {
    const [a, b] = [await newRider('Anu P'), await newRider('Ravi S')];
    for (let n = 0; n < REFUSALS_LOGGED_PER_WINDOW; n++) await recordRefusal(first.db, refusal(a, n), at(n));
    for (let n = 0; n < 12; n++) await recordRefusal(second.db, refusal(b, n), at(n));
    await summariseClosedRefusalWindows(first.db, at(REFUSAL_WINDOW_MS));
    expect((await entriesOf(a.id)).map((e) => e.action)).toEqual(Array(10).fill('permission.denied'));
    expect((await entriesOf(b.id)).at(-1)).toMatchObject({ action: 'permission.denied_more', after: { more: 2 } });
  });
});
