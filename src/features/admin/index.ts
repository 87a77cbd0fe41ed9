/**
 * The back office's server surface (ADR 0061): staff accounts (the staff CLI and pages), the
 * staff session resolver the server's start-up registers (src/server/wiring.ts), the admin pages'
 * first step (`adminPage`) and the audit log's reader.
 */
export { staffResolver, STAFF_IDLE_MS, STAFF_SESSION_TTL_MS } from './server/session.ts';
export {
  addStaff,
  changeStaffRole,
  COMMAND_LINE,
  findStaffByPhone,
  listStaff,
  removeStaff,
  type StaffMember,
} from './server/staff.ts';
export {
  ADMIN_PAGE_HEADERS,
  adminNext,
  adminPage,
  adminRedirect,
  setAdminHeaders,
  type AdminPage,
} from './server/pages.ts';
export { listAudit, type AuditFilter, type AuditRow } from './server/audit.ts';
export { staffJson, auditJson } from './server/admin-json.ts';
