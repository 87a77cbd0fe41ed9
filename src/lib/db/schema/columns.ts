/** Timestamp columns every table shares (timestamptz, set by the database; `updated_at` also on update). */
import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at timestamptz NOT NULL DEFAULT now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** `updated_at timestamptz NOT NULL DEFAULT now()`, refreshed by Drizzle on every update. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
