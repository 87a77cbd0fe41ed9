/** Reading the audit log (/admin/audit): newest first, by staff member and by record, a page at a time. */
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { auditLog } from '#lib/db/schema.ts';

/** What the audit page filters by. */
export interface AuditFilter {
  staffId?: number;
  recordType?: string;
  recordId?: string;
  /** Entries older than this id (the next page). */
  beforeId?: number;
  limit?: number;
}

/** One entry as the back office reads it. */
export type AuditRow = typeof auditLog.$inferSelect;

/** A page of entries (newest first) and the id to ask for the next page with, or null. */
export async function listAudit(
  db: Database,
  filter: AuditFilter = {},
): Promise<{ entries: AuditRow[]; nextBeforeId: number | null }> {
  const limit = Math.min(Math.max(filter.limit ?? 50, 1), 200);
  const where: SQL[] = [];
  if (filter.staffId) where.push(eq(auditLog.staffId, filter.staffId));
  if (filter.recordType) where.push(eq(auditLog.recordType, filter.recordType));
  if (filter.recordId) where.push(eq(auditLog.recordId, filter.recordId));
  if (filter.beforeId) where.push(lt(auditLog.id, filter.beforeId));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit);
  return { entries, nextBeforeId: rows.length > limit ? entries.at(-1)!.id : null };
}
