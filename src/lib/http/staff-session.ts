/**
 * Who a back-office request is signed in as, as the route handler and admin pages see it. The kernel
 * declares the shape and the question; the admin feature answers it: the server's start-up
 * registers its resolver (src/server/wiring.ts), so the kernel and the features whose staff routes
 * use it never import the admin feature. ADR 0061.
 */

import type { Permission, StaffRole } from './permissions.ts';
import type { SessionContext } from './session.ts';

/** The signed-in staff member as the session knows them. */
export interface SessionStaff {
  id: number;
  name: string;
  phone: string;
  role: StaffRole;
  sessionId: number;
}

/**
 * Who did a staff action, for the audit log (src/lib/db/audit.ts): the staff member and the
 * request's id; for a command-line tool, role `cli` and the operator who ran it.
 */
export interface StaffActor {
  staffId: number | null;
  name: string;
  role: string;
  requestId: string | null;
  /** Who ran a command-line action (`--operator NAME`, else `user@host`); absent for staff. */
  operator?: string | null;
}

/** How the kernel finds a request's staff member. */
export interface StaffResolver {
  /** The signed-in staff member, or null (no, expired, idle or revoked staff session). */
  staff(ctx: SessionContext): Promise<SessionStaff | null>;
  /**
   * The signed-in staff member holding `permission`: an AppError 401 without a staff session,
   * 403 (recorded in the audit log) when their role lacks the permission.
   */
  requireStaff(ctx: SessionContext, permission: Permission): Promise<SessionStaff>;
}

let resolver: StaffResolver | undefined;

/** Installs the resolver (once, at start-up; a later call replaces it). */
export function registerStaffResolver(next: StaffResolver): void {
  resolver = next;
}

function current(): StaffResolver {
  if (!resolver) throw new Error('no staff resolver registered: the server start-up registers admin’s');
  return resolver;
}

/** The request's signed-in staff member, or null. */
export const sessionStaff = (ctx: SessionContext) => current().staff(ctx);

/** The request's staff member holding `permission`, or a 401/403 (see StaffResolver). */
export const requireStaff = (ctx: SessionContext, permission: Permission) => current().requireStaff(ctx, permission);

/** The audit log's actor for `staff` in the request with id `requestId`. */
export function actorOf(staff: SessionStaff, requestId: string | undefined | null): StaffActor {
  return { staffId: staff.id, name: staff.name, role: staff.role, requestId: requestId ?? null };
}

/** The audit log's actor for a command-line tool run by `operator` (its `--operator`, else `user@host`). */
export function commandLineActor(operator: string): StaffActor {
  return { staffId: null, name: 'Command line', role: 'cli', requestId: null, operator };
}
