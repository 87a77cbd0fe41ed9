/**
 * Reading the audit log (/admin/audit): newest first, by staff member and by record, a page at a
 * time. Entries hold ids; the member's name is read from `staff` here (ADR 0118).
 */
import { and, desc, eq, getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#lib/db/index.ts';
import { auditLog, staff } from '#lib/db/schema.ts';

/** What the audit page filters by. */
export interface AuditFilter {
  staffId?: number;
  recordType?: string;
  recordId?: string;
  /** Entries older than this id (the next page). */
  beforeId?: number;
  limit?: number;
}

/**
 * One entry as the back office reads it, with the acting member's name and, for an entry about
 * a staff member, that member's name (`recordName`).
 */
export type AuditRow = Omit<typeof auditLog.$inferSelect, 'staffName'> & {
  staffName: string;
  recordName: string | null;
};

/** The staff member an entry is about (record type `staff`). */
const subject = alias(staff, 'subject');

/**
 * Who acted, as staff read it: the member's name from `staff` (a renamed member shows their
 * name of today), else the name the entry holds (an actor without a staff row).
 */
const auditActorName = sql<string>`coalesce(${staff.name}, ${auditLog.staffName}, 'Unknown')`;

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
    .select({ ...getTableColumns(auditLog), staffName: auditActorName, recordName: subject.name })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .leftJoin(subject, and(eq(auditLog.recordType, 'staff'), eq(sql`${subject.id}::text`, auditLog.recordId)))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit);
  return { entries, nextBeforeId: rows.length > limit ? entries.at(-1)!.id : null };
}
