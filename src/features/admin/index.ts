/**
 * The back office's server surface (ADR 0061): staff accounts (the staff CLI and pages), the
 * staff session resolver the server's start-up registers (src/server/wiring.ts), the admin pages'
 * first step (`adminPage`), the audit log's reader and the job that summarises refused requests.
 */

export { auditJson, staffJson } from './server/admin-json.ts';
export { type AuditFilter, type AuditRow, listAudit } from './server/audit.ts';
export {
  ADMIN_PAGE_HEADERS,
  type AdminPage,
  adminNext,
  adminPage,
  adminRedirect,
  setAdminHeaders,
} from './server/pages.ts';
export { REFUSALS_LOGGED_PER_WINDOW, refusalSummaryJob } from './server/refusals.ts';
export { STAFF_SESSION_TTL_MS, staffIdleMs, staffResolver } from './server/session.ts';
export {
  addStaff,
  COMMAND_LINE,
  changeStaffRole,
  findStaffByPhone,
  listStaff,
  removeStaff,
  type StaffMember,
} from './server/staff.ts';
