/** JSON shapes of the back office's own API (contract.ts). */
import type { AuditRow } from './audit.ts';
import type { StaffMember } from './staff.ts';

/** A staff member as the API sends them. */
export const staffJson = (m: Pick<StaffMember, 'id' | 'name' | 'phone' | 'role'>) => ({
  id: m.id,
  name: m.name,
  mobile: m.phone,
  role: m.role,
});

/** An audit entry as the API sends it. */
export const auditJson = (e: AuditRow) => ({
  id: e.id,
  at: e.createdAt.toISOString(),
  staff_id: e.staffId,
  staff_name: e.staffName,
  role: e.role,
  action: e.action,
  record_type: e.recordType,
  record_id: e.recordId,
  before: e.before,
  after: e.after,
  request_id: e.requestId,
  operator: e.operator,
});
