/**
 * The back office's people and their trail: staff members, their sign-in sessions and the
 * append-only audit log; part of the one schema, src/lib/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// The roles and what each may do: the permission table.
import { STAFF_ROLES } from '../../http/permissions.ts';
import { createdAt, requiredRef, updatedAt } from './columns.ts';

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
 * empty it, through the transaction-local switch `farmfresh.audit_log_reset` (migration 0018,
 * ADR 0112). Entries name people and records by id, never by personal data, so they are kept
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
     * `staff_id` names the member. Rows written before migration 0018 hold the member's name too.
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
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_staff_idx').on(t.staffId, t.createdAt),
    index('audit_log_record_idx').on(t.recordType, t.recordId, t.createdAt),
  ],
);
