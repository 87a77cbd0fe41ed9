/** Timestamp columns every table shares (timestamptz, set by the database; `updated_at` also on update). */
import { type AnyPgColumn, integer, timestamp } from 'drizzle-orm/pg-core';

/** `created_at timestamptz NOT NULL DEFAULT now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** `updated_at timestamptz NOT NULL DEFAULT now()`, refreshed by Drizzle on every update. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * A required foreign key, `{name} integer NOT NULL REFERENCES …(id) ON DELETE {onDelete}`: the
 * customer or product a row belongs to. `target` is a thunk, as Drizzle wants, so tables in
 * other schema files can be named without an import cycle.
 */
export const requiredRef = <N extends string>(name: N, target: () => AnyPgColumn, onDelete: 'cascade' | 'restrict') =>
  integer(name).notNull().references(target, { onDelete });
