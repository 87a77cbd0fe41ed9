/**
 * Sliding-window throttles kept in the database (`rate_limit_events`), so a limit holds across
 * every server process sharing it. Each check takes a transaction-scoped advisory lock on its
 * bucket and key, counts the events inside the window, and records a new one when allowed.
 *
 * Old events are deleted on a schedule by maintenance.ts (pruneDatabase).
 *
 * Why not a library store: rate-limiter-flexible's PostgreSQL store needs a `pg` client and
 * creates its own table outside our migrations; ours runs on PGlite too and lives in the schema.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { AppError } from '../http/envelope.ts';
import { rateLimitEvents } from './schema.ts';
import type { Database, Transaction } from './types.ts';

export interface ThrottleRule {
  /** What is limited, e.g. 'otp_send'. */
  bucket: string;
  /** Events allowed inside the window. */
  limit: number;
  windowMs: number;
  /** Message of the 429 answer. */
  message: string;
  /** The 429's message goes on to say when to try again ("Please try again in 42 minutes."), from its Retry-After. */
  saysWhen?: boolean;
}

/** Events of `rule` for `key` inside the window ending at `now`, and when the oldest of them happened. */
export async function countEvents(
  tx: Database | Transaction,
  rule: ThrottleRule,
  key: string,
  now = new Date(),
): Promise<{ n: number; oldest: Date | null }> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${rateLimitEvents.createdAt})` })
    .from(rateLimitEvents)
    .where(
      and(eq(rateLimitEvents.bucket, rule.bucket), eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, since)),
    );
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * A wait in words, rounded up to whole seconds under a minute, whole minutes under an hour, else
 * whole hours, so that asking again after it is never too early.
 * @example waitInWords(45) // "45 seconds"
 * @example waitInWords(2_530) // "43 minutes"
 * @example waitInWords(3_600) // "1 hour"
 */
export function waitInWords(seconds: number): string {
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return count(s, 'second');
  const minutes = Math.ceil(s / 60);
  return minutes < 60 ? count(minutes, 'minute') : count(Math.ceil(s / 3600), 'hour');
}

/**
 * The 429 of `rule`, with Retry-After counted from the oldest event still inside the window (and,
 * for a rule that `saysWhen`, the same wait in its message).
 */
export function tooMany(rule: ThrottleRule, oldest: Date | null, now = new Date()): AppError {
  const from = oldest ? oldest.getTime() : now.getTime();
  const retryAfter = Math.max(1, Math.ceil((from + rule.windowMs - now.getTime()) / 1000));
  const message = rule.saysWhen ? `${rule.message} Please try again in ${waitInWords(retryAfter)}.` : rule.message;
  return new AppError('too_many_requests', message, { retryAfter });
}

/** Counts events of `rule` for `key` inside the window; throws 429 with Retry-After when over. */
export async function assertUnderLimit(
  tx: Database | Transaction,
  rule: ThrottleRule,
  key: string,
  now = new Date(),
): Promise<void> {
  const { n, oldest } = await countEvents(tx, rule, key, now);
  if (n >= rule.limit) throw tooMany(rule, oldest, now);
}

/** Records one event of `rule` for `key`. */
export async function recordEvent(
  tx: Database | Transaction,
  rule: ThrottleRule,
  key: string,
  now = new Date(),
): Promise<void> {
  await tx.insert(rateLimitEvents).values({ bucket: rule.bucket, key, createdAt: now });
}

/**
 * Checks and records atomically: one event is allowed and counted, or a 429 is thrown and
 * nothing is recorded. Safe under concurrency across processes (advisory lock per key).
 */
export async function consume(db: Database, rule: ThrottleRule, key: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await lockKey(tx, rule.bucket, key);
    await assertUnderLimit(tx, rule, key, now);
    await recordEvent(tx, rule, key, now);
  });
}

/** Takes a transaction-scoped advisory lock for a bucket and key. */
export async function lockKey(tx: Transaction, bucket: string, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${bucket}:${key}`}))`);
}
