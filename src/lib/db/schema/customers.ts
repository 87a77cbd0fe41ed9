/**
 * Customers, login sessions, one-time passwords and the throttles' event log; part of the one
 * schema, src/lib/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, updatedAt } from './columns.ts';

/** Languages of the order status SMS (en English, ml Malayalam). */
export const SMS_LANGUAGES = ['en', 'ml'] as const;

/** A customer account. Personal fields become null when the account is deleted. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name'),
    email: text('email'),
    /** E.164 phone number with the leading "+", e.g. +919876543210. */
    phone: text('phone'),
    pointsBalance: integer('points_balance').notNull().default(0),
    /** Credit line granted by the shop, and the part of it currently available. */
    creditLimitPaise: integer('credit_limit_paise').notNull().default(0),
    creditBalancePaise: integer('credit_balance_paise').notNull().default(0),
    /** Language of order status SMS: `en` English or `ml` Malayalam (my-account). */
    smsLanguage: text('sms_language', { enum: SMS_LANGUAGES }).notNull().default('en'),
    /** Set when the phone was verified by OTP. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_phone_key').on(t.phone).where(sql`${t.deletedAt} IS NULL`),
    check('customers_points_nonnegative', sql`${t.pointsBalance} >= 0`),
    check('customers_credit_nonnegative', sql`${t.creditBalancePaise} >= 0`),
  ],
);

/** A login session: opaque token stored only as its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    customerId: requiredRef('customer_id', () => customers.id, 'cascade'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_customer_idx').on(t.customerId)],
);

/** A one-time password sent by SMS. Only the hash is stored; single use; limited tries. */
export const otps = pgTable(
  'otps',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    /**
     * `phone_change` goes to the new number, `phone_change_current` to the number being replaced;
     * `staff_login` codes sign staff in to the back office (src/features/admin).
     */
    purpose: text('purpose', {
      enum: ['login', 'signup', 'phone_change', 'phone_change_current', 'staff_login'],
    }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Wrong tries so far; the code dies at the configured maximum. */
    attempts: integer('attempts').notNull().default(0),
    /** Pending data the code confirms: a sign-up's name and email, a phone change's customer. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otps_phone_idx').on(t.phone, t.purpose, t.createdAt)],
);

/**
 * Throttle events kept in the database so limits hold across several server processes:
 * one row per counted event (an OTP send, a wrong OTP, a request from an IP).
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    /** What is limited, e.g. 'otp_send:phone', 'otp_fail:phone', 'auth:ip'. */
    bucket: text('bucket').notNull(),
    /** Who is limited: a phone number or an IP address. */
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);

/**
 * Mobile numbers that have ever been given a credit line, kept as a keyed hash only (never the
 * number), and kept when the account is deleted: a number that had credit never gets a new
 * line by signing up again (docs/adr/0058-credit-grants-after-deletion.md).
 */
export const creditGrants = pgTable('credit_grants', {
  /** HMAC-SHA-256 (hex) of the E.164 number, keyed by the shop's CREDIT_GRANT_HASH_KEY. */
  phoneHash: text('phone_hash').primaryKey(),
  /** The first credit line given to the number (paise). */
  limitPaise: integer('limit_paise').notNull(),
  createdAt: createdAt(),
});
