/**
 * The back office's own routes (staff sign-in, staff accounts, the audit log): one declaration
 * each, shared by the server (routes.ts), the admin islands (`import type`) and the OpenAPI
 * document. Every route but the two sign-in steps is a staff route with its permission
 * (defineAdminRoute; src/lib/http/permissions.ts). Zod only.
 */
import { z } from 'zod';
import { otpInput, otpSentSchema } from '#features/auth/contract.ts';
import { defineAdminRoute, defineRoute, positiveId } from '#lib/http/contract.ts';
import { newStaffSchema, staffMobile, staffRole } from './rules.ts';

/** A staff member as the back office reads them. */
export const staffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string().describe('E.164, e.g. +919876543210'),
  role: staffRole,
});

/** POST /api/admin/login/otp: sends a sign-in code to a staff member's mobile. */
export const staffOtpRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/login/otp',
  summary: 'Staff sign-in: send a code to the mobile',
  description:
    'Same code rules, throttles and SMS sender as customers. Answers without waiting for the SMS gateway: the code is sent after the answer, and a gateway failure is logged, never answered. A mobile that is no active staff member’s gets the same status, body and headers in the same time, with nothing sent (no `demo_otp`); 429 over a sign-in limit, also while too many wrong codes lock the number from this address (`data.otp_locked` true, no code made); 503 without an SMS sender or with the shop’s SMS budget spent. `demo_otp` only in demo mode.',
  auth: 'none',
  body: z.object({ mobile: staffMobile }),
  response: otpSentSchema,
});

/** POST /api/admin/login: checks the code and opens a staff session. */
export const staffLoginRoute = defineRoute({
  method: 'POST',
  path: '/api/admin/login',
  summary: 'Staff sign-in: check the code and start a staff session',
  description:
    'Sets the staff session cookies (HttpOnly; Path=/admin and Path=/api/admin): 12 h at most, ended after 30 min idle. Wrong code: 400 "Invalid OTP" with `data.otp_tries_left`, the wrong tries left before the code can no longer be checked from this address (the fewer of the code’s 5 and the wrong-code lock’s); the fifth wrong try kills the code and answers 400 "Too many wrong attempts. Please request a new OTP."; that and an expired, used or replaced code answer 400 with `data.otp_spent` true (ask for a new code); 429 with `data.otp_locked` true after too many wrong codes, from the wrong try that reaches the limit on (Retry-After says when to try again).',
  auth: 'none',
  body: z.object({ mobile: staffMobile, otp: otpInput }),
  response: z.object({ staff: staffSchema }),
});

/** POST /api/admin/logout: ends the staff session. */
export const staffLogoutRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/logout',
  summary: 'Staff sign-out',
  permission: 'self',
  response: z.object({}),
});

/** GET /api/admin/me: the signed-in staff member and their permissions. */
export const staffMeRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/me',
  summary: 'The signed-in staff member and what they may do',
  permission: 'self',
  response: z.object({ staff: staffSchema, permissions: z.array(z.string()) }),
});

/** GET /api/admin/staff: every active staff member. */
export const listStaffRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/staff',
  summary: 'List staff',
  permission: 'staff.manage',
  response: z.object({ staff: z.array(staffSchema) }),
});

/** POST /api/admin/staff: adds a staff member. */
export const addStaffRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/staff',
  summary: 'Add a staff member',
  description: '409 when an active staff member has the mobile already.',
  permission: 'staff.manage',
  body: newStaffSchema,
  response: z.object({ staff: staffSchema }),
});

const staffIdParams = z.object({ id: positiveId('Invalid staff id.') });

/** PUT /api/admin/staff/{id}: changes a role (ends the member's sessions). */
export const changeStaffRoleRoute = defineAdminRoute({
  method: 'PUT',
  path: '/api/admin/staff/{id}',
  summary: 'Change a staff member’s role',
  description:
    'Ends their sessions at once. 409 when it would leave the shop without an owner, or for the signed-in member’s own role (another owner, or `npm run staff`, changes it).',
  permission: 'staff.manage',
  params: staffIdParams,
  body: z.object({ role: staffRole }),
  response: z.object({ staff: staffSchema }),
});

/** DELETE /api/admin/staff/{id}: removes a staff member (ends their sessions). */
export const removeStaffRoute = defineAdminRoute({
  method: 'DELETE',
  path: '/api/admin/staff/{id}',
  summary: 'Remove a staff member',
  description:
    'Ends their sessions at once; their audit entries stay. 409 for the last owner or for the signed-in member themselves.',
  permission: 'staff.manage',
  params: staffIdParams,
  response: z.object({ staff: staffSchema }),
});

/** One audit log entry. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO 8601'),
  staff_id: z.number().int().nullable(),
  staff_name: z.string(),
  role: z.string(),
  action: z.string(),
  record_type: z.string().nullable(),
  record_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  request_id: z.string().nullable(),
  operator: z
    .string()
    .nullable()
    .describe('Who ran a command-line action (role `cli`): `--operator NAME`, else `user@host`; null otherwise'),
});

/** GET /api/admin/audit: the audit log, newest first. */
export const auditRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/audit',
  summary: 'Read the audit log',
  description:
    'Filter by staff member and by record (type and id); `before_id` pages back. Entries are never changed or deleted.',
  permission: 'audit.view',
  query: z.object({
    staff_id: positiveId('Invalid staff id.').optional(),
    record_type: z.string().trim().max(40).optional(),
    record_id: z.string().trim().max(40).optional(),
    before_id: positiveId('Invalid entry id.').optional(),
  }),
  response: z.object({ entries: z.array(auditEntrySchema), next_before_id: z.number().int().nullable() }),
});

export const adminContracts = [
  staffOtpRoute,
  staffLoginRoute,
  staffLogoutRoute,
  staffMeRoute,
  listStaffRoute,
  addStaffRoute,
  changeStaffRoleRoute,
  removeStaffRoute,
  auditRoute,
] as const;
