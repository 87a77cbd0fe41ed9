/**
 * The back office's people and their trail: staff members, their sign-in sessions and the
 * append-only audit log; part of the one schema, src/lib/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// The roles and what each may do: the permission table.
import { STAFF_ROLES } from '../../http/permissions.ts';
import { createdAt, requiredRef, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

/**
 * A staff member. Removing one clears `active` (the row stays, so the audit log keeps naming who
 * did what); a removed member's mobile may be added again as a new member.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** E.164 mobile number, e.g. +919876543210: where the sign-in OTP goes. */
    phone: text('phone').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_phone_active_key').on(t.phone).where(sql`${t.active}`)],
);

/**
 * A staff sign-in session: opaque token stored as its SHA-256 hash, `role` as it was at sign-in
 * (a role change revokes it anyway), 12 h of absolute life, ended by 30 min without a request.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: requiredRef('staff_id', () => staff.id, 'cascade'),
    tokenHash: text('token_hash').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_key').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/**
 * The audit log: one row per staff action (and per staff sign-in and refused permission),
 * written in the same transaction as the change it records. Append-only in the database:
 * triggers refuse UPDATE, DELETE and TRUNCATE (SQLSTATE `FF001`), and only demo seeding may
 * empty it, through the transaction-local switch `farmfresh.audit_log_reset` (migration 0020,
 * ADR 0118). Entries name people and records by id, never by personal data, so they are kept
 * indefinitely: the reader shows a member's name from `staff`. The role is copied, so an entry
 * says which role acted after the member changes role.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null when no staff member is known (a sign-in with a wrong code for a staff mobile). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    /**
     * Who acted when no staff member is known (e.g. a command-line operator); null when
     * `staff_id` names the member. Rows written before migration 0020 hold the member's name too.
     */
    staffName: text('staff_name'),
    role: text('role').notNull(),
    /** What was done, e.g. `order.processed`, `staff.role_changed`, `permission.denied`. */
    action: text('action').notNull(),
    /** Which record: its type (`order`, `staff`, `product` …) and id, as text. */
    recordType: text('record_type'),
    recordId: text('record_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    /** The request's id (X-Request-Id), to find its log lines. */
    requestId: text('request_id'),
    /**
     * Who ran a command-line action (role `cli`): `--operator NAME`, else the OS user and host
     * (`user@host`); null for an entry made through the back office.
     */
    operator: text('operator'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt),
    index('audit_log_record_idx').on(t.recordType, t.recordId, t.createdAt),
  ],
);

/** What a pending adjustment moves: the customer's credit (paise) or points. */
export const BALANCE_APPROVAL_KINDS = ['credit', 'points'] as const;
/** Where a pending adjustment stands: waiting, applied by a second person, refused, or withdrawn by its asker. */
export const BALANCE_APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;

/**
 * A credit or points adjustment above the approval limit (APPROVAL_ABOVE_RUPEES), waiting for a
 * second owner or manager (ADR 0116). Approving it moves the balance and writes the ledger row in
 * the same transaction as the status change; a guarded `status = 'pending'` update lets exactly one
 * decision through. `idempotency_key` is the asker's key: a retried request finds this row, and the
 * ledger row written on approval carries the same key.
 */
export const balanceApprovals = pgTable(
  'balance_approvals',
  {
    id: serial('id').primaryKey(),
    customerId: requiredRef('customer_id', () => customers.id, 'cascade'),
    kind: text('kind', { enum: BALANCE_APPROVAL_KINDS }).notNull(),
    /** Signed: paise for credit, points for points (negative takes away). */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestedBy: requiredRef('requested_by', () => staff.id, 'restrict'),
    status: text('status', { enum: BALANCE_APPROVAL_STATUSES }).notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => staff.id, { onDelete: 'restrict' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('balance_approvals_idempotency_key').on(t.idempotencyKey),
    index('balance_approvals_pending_idx').on(t.customerId, t.createdAt).where(sql`${t.status} = 'pending'`),
    check('balance_approvals_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Refused requests counted per staff member and 10-minute window (src/features/admin/server/
 * refusals.ts): the first few of a window are written to the audit log as `permission.denied`,
 * the rest only counted here and written as one `permission.denied_more` entry once the window
 * has closed; the row is deleted in that entry's transaction. ADR 0117.
 */
export const auditRefusalWindows = pgTable(
  'audit_refusal_windows',
  {
    staffId: requiredRef('staff_id', () => staff.id, 'cascade'),
    /** Start of the window (a multiple of 10 minutes since the epoch). */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    /** The member's role when the window opened, as the summary entry names it. */
    role: text('role').notNull(),
    /** Requests refused in the window, the logged ones included. */
    refused: integer('refused').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.staffId, t.windowStart] }),
    index('audit_refusal_windows_start_idx').on(t.windowStart),
  ],
);
