/**
 * Refused requests in the audit log, limited so that a staff member who keeps asking for what
 * their role may not do cannot bury the real entries (ADR 0117):
 * - refusals are counted per staff member and 10-minute window (`audit_refusal_windows`, one row
 *   per member and window, its count raised by one atomic upsert, so every server process on the
 *   database counts into the same row);
 * - the first REFUSALS_LOGGED_PER_WINDOW of a window are written as `permission.denied` entries,
 *   in the transaction that counts them; the rest are only counted;
 * - once the window has closed, its row is deleted and, when more were refused than were written,
 *   one `permission.denied_more` entry says how many more, in the deleting transaction. A row is
 *   deleted once, so the summary is written once however many processes try at the same time.
 *   The `refusal-summary` job does it every minute; the member's next refusal does it first.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { auditRefusalWindows } from '#lib/db/schema.ts';
import type { JobDefinition } from '#lib/jobs/index.ts';

/** Length of a counting window: 10 minutes, in ms. Windows start at multiples of it since the epoch. */
export const REFUSAL_WINDOW_MS = 10 * 60_000;
/** Refusals of one staff member written to the audit log per window: 10; the rest are counted. */
export const REFUSALS_LOGGED_PER_WINDOW = 10;
/** How often the `refusal-summary` job writes the closed windows' summaries: every 60 s. */
const REFUSAL_SUMMARY_INTERVAL_MS = 60_000;

/** The start of the window holding `at`. */
export const refusalWindowStart = (at: Date) =>
  new Date(Math.floor(at.getTime() / REFUSAL_WINDOW_MS) * REFUSAL_WINDOW_MS);

/** Who was refused, and what they asked for. */
export interface Refusal {
  staff: { id: number; name: string; role: string };
  requestId: string | null;
  /** What the entry records: the permission, method and path. */
  detail: Record<string, unknown>;
}

/**
 * Counts one refused request at `now` and writes its `permission.denied` entry while the member's
 * window has room; summarises the member's closed windows first, so the log reads in order.
 * Returns whether an entry was written.
 */
export async function recordRefusal(db: Database, refusal: Refusal, now = new Date()): Promise<boolean> {
  await summariseClosedRefusalWindows(db, now, refusal.staff.id);
  const { staff: member } = refusal;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(auditRefusalWindows)
      .values({ staffId: member.id, windowStart: refusalWindowStart(now), role: member.role, refused: 1 })
      .onConflictDoUpdate({
        target: [auditRefusalWindows.staffId, auditRefusalWindows.windowStart],
        set: { refused: sql`${auditRefusalWindows.refused} + 1` },
      })
      .returning({ refused: auditRefusalWindows.refused });
    if (row!.refused > REFUSALS_LOGGED_PER_WINDOW) return false;
    await recordAudit(
      tx,
      { staffId: member.id, name: member.name, role: member.role, requestId: refusal.requestId },
      { action: 'permission.denied', after: refusal.detail },
    );
    return true;
  });
}

/**
 * Closes every window that ended by `now` (only `staffId`'s when given): deletes its row and, when
 * more requests were refused than written, writes one `permission.denied_more` entry with how many
 * more (`more`) and the window (`from`, `to`, ISO 8601). Returns how many summaries it wrote.
 */
export async function summariseClosedRefusalWindows(db: Database, now = new Date(), staffId?: number): Promise<number> {
  const closed = and(
    lt(auditRefusalWindows.windowStart, refusalWindowStart(now)),
    staffId === undefined ? undefined : eq(auditRefusalWindows.staffId, staffId),
  );
  // Nothing to close is the common case: a read, not a transaction.
  const [open] = await db.select({ n: sql<number>`1` }).from(auditRefusalWindows).where(closed).limit(1);
  if (!open) return 0;
  return db.transaction(async (tx) => {
    const rows = await tx.delete(auditRefusalWindows).where(closed).returning();
    const over = rows.filter((r) => r.refused > REFUSALS_LOGGED_PER_WINDOW);
    if (!over.length) return 0;
    over.sort((a, b) => a.windowStart.getTime() - b.windowStart.getTime() || a.staffId - b.staffId);
    for (const r of over)
      await recordAudit(
        tx,
        // A staff entry names the member by id (ADR 0118): no name to read.
        { staffId: r.staffId, name: '', role: r.role, requestId: null },
        {
          action: 'permission.denied_more',
          after: {
            more: r.refused - REFUSALS_LOGGED_PER_WINDOW,
            from: r.windowStart.toISOString(),
            to: new Date(r.windowStart.getTime() + REFUSAL_WINDOW_MS).toISOString(),
          },
        },
      );
    return over.length;
  });
}

/** The `refusal-summary` job: writes the closed windows' summaries every minute (src/lib/jobs). */
export function refusalSummaryJob(): JobDefinition {
  return {
    name: 'refusal-summary',
    intervalMs: REFUSAL_SUMMARY_INTERVAL_MS,
    run: (db) => summariseClosedRefusalWindows(db),
  };
}
