/**
 * Order status SMS through an outbox: when an order is confirmed, goes out for delivery, is
 * delivered or is cancelled (or a late payment is refunded), the customer gets one SMS in the
 * language chosen in My Account, through the configured sender (the one OTPs use, SMS_SENDER):
 * the event's registered template (ORDER_SMS_TEMPLATES) with the order number filled in. An event
 * whose message is off (no registered template: a start-up warning and a setup notice) owes none.
 *
 * - `queueOrderSms(tx, …)` writes the row that owes the SMS (`order_notifications`, unique per
 *   order and event) in the transaction that changes the order: the change and the SMS it owes
 *   commit together or not at all, and a retried transition owes nothing new.
 * - `queueComplaintSms(tx, complaintId)` does the same for a complaint's ticket number (a row with
 *   `complaint_id` set and no order, unique per complaint and event), sent to the complaint's customer.
 * - `dispatchOrderSms(db)` (the `order-sms` job) sends the rows that are due. It claims them with
 *   `FOR UPDATE SKIP LOCKED` and pushes them CLAIM_LEASE_MS ahead before it sends, so processes
 *   dispatching at once never send one row twice; a failed try is retried with exponential
 *   backoff (RETRY_BASE_MS × 2^(attempts−1)) until MAX_ATTEMPTS, then the row is marked failed
 *   (shown to staff on the order's page). A process that dies after its claim leaves the row to
 *   be sent by another once the lease ends: at least once; a crash between the gateway's answer
 *   and recording it is the only way an SMS goes out twice.
 * - The row records the number the SMS goes to (`to_phone`): the customer's number when it is
 *   queued, then, as each try is claimed, the number that try is sent to — the customer's number
 *   on file then (a changed number was verified by OTP; the old one may be someone else's now). A
 *   sent SMS keeps the number it went to, and staff see that number, not the customer's current one.
 * - `orderSmsQueued()`, called after the commit, runs the dispatcher in this process at once, so
 *   the customer's SMS goes out within about a second; the job also runs every
 *   JOB_ORDER_SMS_INTERVAL_SECONDS on some process, and once in each process as it starts, for
 *   rows whose process stopped first.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { getSmsSender, renderSms, smsAvailable, smsMessageOff } from '#features/sms/index.ts';
import { getConfig } from '#lib/config.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { complaints, customers, orderNotifications, orders } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import type { JobDefinition } from '#lib/jobs/index.ts';
import { kickJob } from '#lib/jobs/index.ts';
import { logger, maskPhone } from '#lib/log.ts';
import { ORDER_SMS_TEMPLATES, type OrderSmsEvent, type SmsLanguage } from '../rules.ts';

/** The dispatcher's job name. */
export const ORDER_SMS_JOB = 'order-sms';
/** Tries per SMS before it is marked failed. */
export const MAX_ATTEMPTS = 6;
/** Wait before the second try (ms); each further try waits twice as long. */
export const RETRY_BASE_MS = 30_000;
/** How long a claimed row is kept from other dispatchers while it is being sent (ms). */
export const CLAIM_LEASE_MS = 60_000;
/** Rows claimed per batch. */
const BATCH = 20;

/** Sets the customer's SMS language; returns it. 404 when the account is gone. */
export async function setSmsLanguage(db: Database, customerId: number, language: SmsLanguage): Promise<SmsLanguage> {
  const [row] = await db
    .update(customers)
    .set({ smsLanguage: language })
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
    .returning({ language: customers.smsLanguage });
  if (!row) throw notFound('Account not found.');
  return row.language;
}

/**
 * Writes, in `tx` (the transaction that changes the order), that the SMS of `event` is owed for
 * `orderId`. Nothing when it is owed already (a retried transition), when the customer has no
 * phone (a deleted account), when no SMS sender is configured (start-up warned once) or when the
 * event's message is off.
 */
export async function queueOrderSms(tx: Transaction | Database, orderId: number, event: OrderSmsEvent): Promise<void> {
  if (!smsAvailable() || smsMessageOff(ORDER_SMS_TEMPLATES[event])) return;
  await tx.execute(sql`
    INSERT INTO ${orderNotifications} (order_id, event, language, to_phone)
    SELECT ${orders.id}, ${event}, ${customers.smsLanguage}, ${customers.phone}
    FROM ${orders} JOIN ${customers} ON ${customers.id} = ${orders.customerId}
    WHERE ${orders.id} = ${orderId} AND ${customers.phone} IS NOT NULL
    ON CONFLICT (order_id, event) DO NOTHING`);
}

/**
 * Writes, in `tx` (the transaction that makes the complaint), that the complaint_received SMS with
 * the complaint's ticket number is owed to its customer. Nothing when it is owed already, when the
 * customer has no phone, when no SMS sender is configured or when the message is off.
 */
export async function queueComplaintSms(tx: Transaction | Database, complaintId: number): Promise<void> {
  if (!smsAvailable() || smsMessageOff(ORDER_SMS_TEMPLATES.complaint_received)) return;
  await tx.execute(sql`
    INSERT INTO ${orderNotifications} (complaint_id, event, language, to_phone)
    SELECT ${complaints.id}, 'complaint_received', ${customers.smsLanguage}, ${customers.phone}
    FROM ${complaints} JOIN ${customers} ON ${customers.id} = ${complaints.customerId}
    WHERE ${complaints.id} = ${complaintId} AND ${customers.phone} IS NOT NULL
    ON CONFLICT (complaint_id, event) DO NOTHING`);
}

/**
 * Starts sending what was just queued, in this process, and returns at once (call after the
 * commit). Where no jobs run (tools, tests) it does nothing: they call `dispatchOrderSms`.
 */
export function orderSmsQueued(): void {
  void kickJob(ORDER_SMS_JOB);
}

/** What one dispatcher run did. */
export interface OrderSmsDispatch {
  sent: number;
  retrying: number;
  failed: number;
}

interface Claimed {
  id: number;
  /** The order the SMS is about; null for a complaint's. */
  orderId: number | null;
  complaintId: number | null;
  event: OrderSmsEvent;
  language: SmsLanguage;
  attempts: number;
  /** The number this try goes to: the customer's number now; null when the account has none. */
  toPhone: string | null;
}

/**
 * Claims up to BATCH due rows, oldest first, leaving any row that has an earlier unsent row of
 * the same order (an order's messages go out in the order of its changes): each claimed row's
 * try is counted, it is pushed CLAIM_LEASE_MS ahead, and the number the try goes to (the order's
 * or the complaint's customer's number now) is written to it before anything is sent.
 */
async function claim(db: Database, now: Date): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
  const result = await db.execute(sql`
    UPDATE ${orderNotifications} AS n
    SET attempts = n.attempts + 1, next_attempt_at = ${lease.toISOString()},
      to_phone = (
        SELECT c.phone FROM ${customers} AS c
        WHERE c.id = COALESCE(
          (SELECT o.customer_id FROM ${orders} AS o WHERE o.id = n.order_id),
          (SELECT k.customer_id FROM ${complaints} AS k WHERE k.id = n.complaint_id)))
    WHERE n.id IN (
      SELECT d.id FROM ${orderNotifications} AS d
      WHERE d.sent_at IS NULL AND d.failed_at IS NULL AND d.next_attempt_at <= ${now.toISOString()}
        AND NOT EXISTS (
          SELECT 1 FROM ${orderNotifications} AS e
          WHERE e.order_id = d.order_id AND e.id < d.id AND e.sent_at IS NULL AND e.failed_at IS NULL)
      ORDER BY d.next_attempt_at, d.id
      LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING n.id, n.order_id AS "orderId", n.complaint_id AS "complaintId", n.event, n.language, n.attempts,
      n.to_phone AS "toPhone"`);
  const rows = (result as unknown as { rows: Claimed[] }).rows;
  return rows.sort((a, b) => a.id - b.id);
}

/** What staff read when the sender refused a message (the sender's own error is worded for sign-in). */
const FAILED_TEXT = 'The SMS gateway did not accept the message (its answer is in the server log).';
/** The failure of one try, for `last_error`. */
function failureText(err: unknown): string {
  if (err instanceof AppError && err.code === 'unavailable') return FAILED_TEXT;
  return (err as Error)?.message || String(err);
}

/** What a claimed row's message fills in: the complaint's ticket number, or the order's number. */
async function variablesOf(db: Database, row: Claimed): Promise<Record<string, string>> {
  if (row.complaintId === null) return { order: String(row.orderId) };
  const [c] = await db
    .select({ ticket: complaints.ticketNumber })
    .from(complaints)
    .where(eq(complaints.id, row.complaintId));
  return { ticket: c?.ticket ?? '' };
}

/** Sends one claimed row to the number its claim recorded, and records how it went. */
async function sendClaimed(db: Database, row: Claimed, now: Date, result: OrderSmsDispatch): Promise<void> {
  const context = { orderId: row.orderId, complaintId: row.complaintId, event: row.event, attempt: row.attempts };
  const to = row.toPhone;
  if (!to) {
    await db
      .update(orderNotifications)
      .set({ failedAt: now, lastError: 'The customer has no phone number.' })
      .where(eq(orderNotifications.id, row.id));
    result.failed++;
    return;
  }
  try {
    const message = renderSms(ORDER_SMS_TEMPLATES[row.event], row.language, await variablesOf(db, row));
    await getSmsSender().send(to, message);
  } catch (err) {
    const message = failureText(err);
    const last = row.attempts >= MAX_ATTEMPTS;
    await db
      .update(orderNotifications)
      .set(
        last
          ? { failedAt: now, lastError: message }
          : {
              lastError: message,
              nextAttemptAt: new Date(now.getTime() + RETRY_BASE_MS * 2 ** (row.attempts - 1)),
            },
      )
      .where(eq(orderNotifications.id, row.id));
    logger.warn(
      { ...context, to: maskPhone(to), err: message },
      last ? 'order status SMS failed: no tries left' : 'order status SMS failed; retrying later',
    );
    if (last) result.failed++;
    else result.retrying++;
    return;
  }
  await db.update(orderNotifications).set({ sentAt: new Date() }).where(eq(orderNotifications.id, row.id));
  logger.info({ ...context, to: maskPhone(to), language: row.language }, 'order status SMS sent');
  result.sent++;
}

/**
 * Sends the due order SMS (see the module comment), batch after batch until none is due; `now`
 * for tests (it decides what is due and when a retry falls due).
 */
export async function dispatchOrderSms(db: Database, now?: Date): Promise<OrderSmsDispatch> {
  const result: OrderSmsDispatch = { sent: 0, retrying: 0, failed: 0 };
  if (!smsAvailable()) return result;
  for (;;) {
    const at = now ?? new Date();
    const rows = await claim(db, at);
    if (!rows.length) return result;
    // A claimed row is sent, or pushed past `at` (lease, backoff): the next claim moves on, and
    // finds an order's next message once this one is sent.
    for (const row of rows) await sendClaimed(db, row, at, result);
  }
}

/** The dispatcher as a background job, every JOB_ORDER_SMS_INTERVAL_SECONDS. */
export function orderSmsJob(): JobDefinition {
  return {
    name: ORDER_SMS_JOB,
    intervalMs: getConfig().JOB_ORDER_SMS_INTERVAL_SECONDS * 1000,
    runAtStart: true,
    run: (db) => dispatchOrderSms(db),
  };
}

/** An order's SMS as staff see it on the order's page. */
export interface OrderSmsStatus {
  event: OrderSmsEvent;
  /** sent; failed (tries used up); retrying (a try failed, another is due); pending (not tried yet). */
  status: 'sent' | 'failed' | 'retrying' | 'pending';
  attempts: number;
  lastError: string | null;
  /** When it was queued, sent or failed. */
  createdAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
  /**
   * The number the SMS went to, or goes to while unsent (E.164, as the row recorded it); null
   * where it is not known (a row from before numbers were recorded, a deleted account).
   */
  to: string | null;
}

/** The SMS owed, sent or failed for `orderId`, oldest first. */
export async function orderSmsForStaff(db: Database, orderId: number): Promise<OrderSmsStatus[]> {
  const rows = await db
    .select({
      event: orderNotifications.event,
      attempts: orderNotifications.attempts,
      lastError: orderNotifications.lastError,
      createdAt: orderNotifications.createdAt,
      sentAt: orderNotifications.sentAt,
      failedAt: orderNotifications.failedAt,
      to: orderNotifications.toPhone,
    })
    .from(orderNotifications)
    .where(eq(orderNotifications.orderId, orderId))
    .orderBy(asc(orderNotifications.id));
  return rows.map((r) => ({
    ...r,
    status: r.sentAt ? 'sent' : r.failedAt ? 'failed' : r.attempts > 0 && r.lastError ? 'retrying' : 'pending',
  }));
}

/**
 * An SMS's state as staff read it. With the console sender (demo mode, `codesShownOnScreen`) a
 * "sent" SMS went only to the server's log, so it reads "Not sent (demo mode)", never "Sent".
 * @example orderSmsStateLabel('sent', { consoleSender: true }) // "Not sent (demo mode)"
 */
export function orderSmsStateLabel(status: OrderSmsStatus['status'], { consoleSender }: { consoleSender: boolean }) {
  if (status === 'sent') return consoleSender ? 'Not sent (demo mode)' : 'Sent';
  return { pending: 'Waiting to send', retrying: 'Retrying', failed: 'Failed' }[status];
}

/** An SMS still unsent this long after it was queued is flagged to staff (ms). */
export const SMS_OVERDUE_MS = 5 * 60_000;

/** Whether `row` is still unsent SMS_OVERDUE_MS after it was queued (for staff: a stuck SMS). */
export function smsOverdue(row: OrderSmsStatus, now: Date): boolean {
  return !row.sentAt && !row.failedAt && now.getTime() - row.createdAt.getTime() > SMS_OVERDUE_MS;
}
