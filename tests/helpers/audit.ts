/**
 * The audit log as store-level tests read it: the entries written after a mark, shaped as
 * { action, entity, entityId, before, after }, and an actor to write them with. The log is
 * append-only (migration 0020), so a reader marks rather than deletes; a test database is reset
 * by the demo seeding, which empties the log through its reset switch because tests run in demo
 * mode (vitest.config.ts): tests are not production.
 */
import { asc, gt, max } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { auditLog } from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';

/** A manager with no staff row (the audit log allows it: a staff id is optional). */
export const TEST_ACTOR: StaffActor = { staffId: null, name: 'Test manager', role: 'manager', requestId: null };

/** Reads the audit entries written after `mark()` was last called. */
export function auditReader(db: () => Database) {
  let after = 0;
  return {
    /** Forgets the entries so far. */
    async mark(): Promise<void> {
      const [row] = await db()
        .select({ id: max(auditLog.id) })
        .from(auditLog);
      after = row?.id ?? 0;
    },
    async entries() {
      const rows = await db().select().from(auditLog).where(gt(auditLog.id, after)).orderBy(asc(auditLog.id));
      return rows.map((r) => ({
        action: r.action,
        entity: r.recordType,
        entityId: r.recordId,
        before: r.before,
        after: r.after,
      }));
    },
  };
}
