/**
 * Writing the audit log (schema/staff.ts `audit_log`): every staff action calls `recordAudit`
 * with the transaction that makes the change, so the change and its entry commit or fail
 * together. Entries are only ever inserted (the database refuses anything else, migration 0020)
 * and carry ids, never a customer's name, mobile, e-mail or address. ADR 0061, 0118; docs/admin.md.
 */

import type { StaffActor } from '../http/staff-session.ts';
import { auditLog } from './schema.ts';
import type { Database } from './types.ts';

/** A database or an open transaction: anything that can insert. */
type Writer = Pick<Database, 'insert'>;

/** One entry: what was done, to which record, and the values before and after. */
export interface AuditEntry {
  /** e.g. `order.processed`, `staff.added`, `permission.denied`. */
  action: string;
  record?: { type: string; id: string | number };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends one entry for `actor` (in `tx`, the change's own transaction). */
export async function recordAudit(tx: Writer, actor: StaffActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.staffId,
    // A member is named by id (the reader shows their name from `staff`); a name only for an actor without one.
    staffName: actor.staffId === null ? actor.name : null,
    role: actor.role,
    action: entry.action,
    recordType: entry.record?.type ?? null,
    recordId: entry.record ? String(entry.record.id) : null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.requestId,
    operator: actor.operator ?? null,
  });
}
