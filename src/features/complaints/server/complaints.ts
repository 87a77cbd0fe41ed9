/**
 * Complaints: a customer's "Report a problem" on a delivered order (within COMPLAINT_WINDOW_HOURS
 * of delivery) or a grievance not about one order; the back office's queue (new → acknowledged →
 * resolved, with their clocks). docs/adr/0143-complaints.md.
 *
 * Making one is exactly once per idempotency key: the row's unique (customer, key) decides a race,
 * the loser answers the winner's complaint and deletes the photo it stored. The ticket number is
 * made from the row's id (taken from its sequence first), so it is unique and needs no counter.
 * The complaint and the SMS it owes (complaint_received, with the ticket number) commit together.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { queueComplaintSms } from '#features/notifications/index.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import {
  type ComplaintLine,
  complaints,
  creditNotes,
  customers,
  orderAdjustments,
  orderItems,
  orders,
  staff,
} from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { paiseToRupees } from '#lib/money.ts';
import type { CustomerComplaint, NewComplaint, StaffComplaint } from '../contract.ts';
import {
  COMPLAINT_MESSAGES,
  type ComplaintStatus,
  complaintDueTimes,
  overdueClock,
  ticketNumber,
  withinComplaintWindow,
} from '../rules.ts';

type ComplaintRow = typeof complaints.$inferSelect;

/** What a new complaint needs besides its fields: the settings and the clock. */
export interface CreateOptions {
  windowHours: number;
  /** The stored photo's file name (photos.ts), when one was sent. */
  photoPath?: string | null;
  now?: Date;
}

/** The names of the lines of `rows`' orders, by order line id. */
async function lineNames(db: Database, rows: Pick<ComplaintRow, 'lines'>[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.lines ?? []).map((l) => l.orderItemId)))];
  if (!ids.length) return new Map();
  const items = await db
    .select({ id: orderItems.id, name: orderItems.productName })
    .from(orderItems)
    .where(inArray(orderItems.id, ids));
  return new Map(items.map((i) => [i.id, i.name]));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type LinkedRefund = CustomerComplaint['refunds'][number];

/**
 * The returns and refunds recorded against complaints `ids` (the returns form's complaint_id), one
 * per request (its idempotency key before '#'), oldest first, with the amount (rupees) and credit note.
 */
async function linkedRefunds(db: Database, ids: number[]): Promise<Map<number, LinkedRefund[]>> {
  const map = new Map<number, LinkedRefund[]>();
  if (!ids.length) return map;
  const request = sql<string>`split_part(coalesce(${orderAdjustments.idempotencyKey}, ${orderAdjustments.id}::text), '#', 1)`;
  const rows = await db
    .select({
      complaintId: orderAdjustments.complaintId,
      kind: orderAdjustments.kind,
      paise: sql<number>`sum(${orderAdjustments.refundPaise})::int`,
      creditNote: sql<string | null>`max(${creditNotes.number})`,
      at: sql<string>`min(${orderAdjustments.createdAt})`,
    })
    .from(orderAdjustments)
    .leftJoin(creditNotes, eq(creditNotes.id, orderAdjustments.creditNoteId))
    .where(inArray(orderAdjustments.complaintId, ids))
    .groupBy(orderAdjustments.complaintId, orderAdjustments.kind, request)
    .orderBy(sql`min(${orderAdjustments.createdAt})`);
  for (const r of rows) {
    if (r.complaintId === null) continue;
    const list = map.get(r.complaintId) ?? [];
    list.push({
      kind: r.kind === 'return' ? 'return' : 'refund',
      amount: paiseToRupees(Number(r.paise)).toFixed(2),
      credit_note: r.creditNote,
      created_at: new Date(r.at).toISOString(),
    });
    map.set(r.complaintId, list);
  }
  return map;
}

/** A complaint as its customer reads it (`photoBase`: the route the photo is served at). */
function customerJson(
  row: ComplaintRow,
  names: Map<number, string>,
  photoBase: string,
  refunds: Map<number, LinkedRefund[]> = new Map(),
): CustomerComplaint {
  return {
    id: row.id,
    ticket_number: row.ticketNumber,
    order_id: row.orderId,
    reason: row.reason,
    description: row.description,
    lines: (row.lines ?? []).map((l) => ({
      line_id: l.orderItemId,
      product: names.get(l.orderItemId) ?? 'Item',
      qty: l.qty,
    })),
    photo_url: row.photoPath ? `${photoBase}/${row.id}/photo` : null,
    status: row.status,
    resolution: row.resolution,
    created_at: row.createdAt.toISOString(),
    acknowledged_at: iso(row.acknowledgedAt),
    resolved_at: iso(row.resolvedAt),
    acknowledge_by: row.acknowledgeBy.toISOString(),
    resolve_by: row.resolveBy.toISOString(),
    refunds: refunds.get(row.id) ?? [],
  };
}

/**
 * Checks a complaint about order `orderId`: the customer's, delivered, within the window; its
 * lines in the order and no more than ordered. Returns the lines to store.
 * @throws 404 for another customer's order (or none); 422 when not delivered, the window has
 *   closed, or a line is not in the order or over its quantity.
 */
async function checkOrder(
  db: Database,
  customerId: number,
  orderId: number,
  lines: NewComplaint['lines'],
  windowHours: number,
  now: Date,
): Promise<ComplaintLine[]> {
  const [order] = await db
    .select({ status: orders.status, deliveredAt: orders.deliveredAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!order || order.status === 'pending_payment' || order.status === 'payment_failed')
    throw notFound(COMPLAINT_MESSAGES.orderNotFound);
  if (order.status !== 'delivered' || !order.deliveredAt)
    throw new AppError('unprocessable', COMPLAINT_MESSAGES.notDelivered, { reason: 'complaints.not_delivered' });
  if (!withinComplaintWindow(order.deliveredAt, now, windowHours))
    throw new AppError('unprocessable', COMPLAINT_MESSAGES.windowClosed(windowHours), {
      reason: 'complaints.window_closed',
    });
  if (!lines?.length) return [];
  const items = await db
    .select({ id: orderItems.id, qty: orderItems.qty })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const ordered = new Map(items.map((i) => [i.id, i.qty]));
  const merged = new Map<number, number>();
  for (const l of lines) merged.set(l.line_id, (merged.get(l.line_id) ?? 0) + l.qty);
  for (const [id, qty] of merged) {
    const max = ordered.get(id);
    if (max === undefined)
      throw new AppError('unprocessable', COMPLAINT_MESSAGES.lineNotInOrder, {
        errors: { lines: COMPLAINT_MESSAGES.lineNotInOrder },
      });
    if (qty > max)
      throw new AppError('unprocessable', COMPLAINT_MESSAGES.tooMany, {
        errors: { lines: COMPLAINT_MESSAGES.tooMany },
      });
  }
  return [...merged].map(([orderItemId, qty]) => ({ orderItemId, qty }));
}

/** The customer's complaint made with `key`, if any. */
async function byKey(db: Database, customerId: number, key: string): Promise<ComplaintRow | undefined> {
  const [row] = await db
    .select()
    .from(complaints)
    .where(and(eq(complaints.customerId, customerId), eq(complaints.idempotencyKey, key)));
  return row;
}

/** The same request again: same order and reason (422 otherwise: the key was used for another complaint). */
function sameRequest(row: ComplaintRow, input: NewComplaint): ComplaintRow {
  if ((row.orderId ?? undefined) !== input.order_id || row.reason !== input.reason)
    throw new AppError('unprocessable', COMPLAINT_MESSAGES.keyReused, { reason: 'complaints.key_reused' });
  return row;
}

/** What `createComplaint` answers: the complaint, and whether this call made it. */
export interface Created {
  complaint: CustomerComplaint;
  created: boolean;
}

/**
 * Looks up the complaint an idempotency key already made (for the route, before it stores a photo
 * or spends the throttle), or null.
 */
export async function complaintForKey(
  db: Database,
  customerId: number,
  input: NewComplaint,
): Promise<CustomerComplaint | null> {
  const row = await byKey(db, customerId, input.idempotency_key);
  if (!row) return null;
  sameRequest(row, input);
  return customerJson(row, await lineNames(db, [row]), CUSTOMER_PHOTO_BASE);
}

/** Where a customer's complaint photos are served (…/{id}/photo). */
export const CUSTOMER_PHOTO_BASE = '/api/customer/complaints';
/** Where staff see complaint photos (…/{id}/photo). */
export const ADMIN_PHOTO_BASE = '/api/admin/complaints';

/**
 * Makes a complaint for `customerId` (see the module comment). The caller deletes the photo it
 * stored when this throws or answers `created: false`.
 */
export async function createComplaint(
  db: Database,
  customerId: number,
  input: NewComplaint,
  options: CreateOptions,
): Promise<Created> {
  const now = options.now ?? new Date();
  const lines =
    input.order_id !== undefined
      ? await checkOrder(db, customerId, input.order_id, input.lines, options.windowHours, now)
      : [];
  const due = complaintDueTimes(now);
  const made = await db.transaction(async (tx) => {
    const [{ id } = { id: 0 }] = (
      (await tx.execute(sql`SELECT nextval(pg_get_serial_sequence('complaints', 'id'))::int AS id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const [row] = await tx
      .insert(complaints)
      .values({
        id,
        ticketNumber: ticketNumber(id, now),
        customerId,
        orderId: input.order_id ?? null,
        reason: input.reason,
        description: input.description ?? null,
        lines: lines.length ? lines : null,
        photoPath: options.photoPath ?? null,
        acknowledgeBy: due.acknowledgeBy,
        resolveBy: due.resolveBy,
        idempotencyKey: input.idempotency_key,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [complaints.customerId, complaints.idempotencyKey] })
      .returning();
    if (row) await queueComplaintSms(tx, row.id);
    return row;
  });
  const row = made ?? sameRequest((await byKey(db, customerId, input.idempotency_key))!, input);
  return { complaint: customerJson(row, await lineNames(db, [row]), CUSTOMER_PHOTO_BASE), created: !!made };
}

/** The customer's complaints, newest first (only those about `orderId` when given). */
export async function customerComplaints(
  db: Database,
  customerId: number,
  orderId?: number,
): Promise<CustomerComplaint[]> {
  const rows = await db
    .select()
    .from(complaints)
    .where(
      and(eq(complaints.customerId, customerId), orderId !== undefined ? eq(complaints.orderId, orderId) : undefined),
    )
    .orderBy(desc(complaints.createdAt), desc(complaints.id));
  const names = await lineNames(db, rows);
  const refunds = await linkedRefunds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => customerJson(r, names, CUSTOMER_PHOTO_BASE, refunds));
}

/** The photo file of the customer's complaint `id`, or 404 (another customer's, none, deleted). */
export async function customerPhotoPath(db: Database, customerId: number, id: number): Promise<string> {
  const [row] = await db
    .select({ photoPath: complaints.photoPath })
    .from(complaints)
    .where(and(eq(complaints.id, id), eq(complaints.customerId, customerId)));
  if (!row?.photoPath) throw notFound(COMPLAINT_MESSAGES.photoNotFound);
  return row.photoPath;
}

/** The photo file of complaint `id` for staff, or 404. */
export async function staffPhotoPath(db: Database, id: number): Promise<string> {
  const [row] = await db.select({ photoPath: complaints.photoPath }).from(complaints).where(eq(complaints.id, id));
  if (!row?.photoPath) throw notFound(COMPLAINT_MESSAGES.photoNotFound);
  return row.photoPath;
}

/** Which complaints the queue shows: the open ones (new and acknowledged), one state, or all. */
export type QueueFilter = 'open' | 'new' | 'acknowledged' | 'resolved' | 'all';

/** The queue's counts: complaints per state, and the open ones overdue. */
export interface QueueCounts {
  new: number;
  acknowledged: number;
  resolved: number;
  overdue: number;
}

const ackStaff = sql<
  string | null
>`(SELECT ${staff.name} FROM ${staff} WHERE ${staff.id} = ${complaints.acknowledgedBy})`;
const resStaff = sql<string | null>`(SELECT ${staff.name} FROM ${staff} WHERE ${staff.id} = ${complaints.resolvedBy})`;

/** Rows of the queue with their customer and staff names; `latestFirst` for the resolved and all views. */
async function staffRows(db: Database, where: ReturnType<typeof and>, limit: number, latestFirst = false) {
  return db
    .select({
      c: complaints,
      customerName: customers.name,
      customerPhone: customers.phone,
      acknowledgedByName: ackStaff,
      resolvedByName: resStaff,
    })
    .from(complaints)
    .innerJoin(customers, eq(customers.id, complaints.customerId))
    .where(where)
    .orderBy(
      ...(latestFirst
        ? [desc(complaints.createdAt), desc(complaints.id)]
        : [asc(complaints.resolveBy), asc(complaints.id)]),
    )
    .limit(limit);
}

type StaffRow = Awaited<ReturnType<typeof staffRows>>[number];

function staffJson(
  r: StaffRow,
  names: Map<number, string>,
  now: Date,
  refunds: Map<number, LinkedRefund[]>,
): StaffComplaint {
  return {
    ...customerJson(r.c, names, ADMIN_PHOTO_BASE, refunds),
    customer: { id: r.c.customerId, name: r.customerName, phone: r.customerPhone },
    overdue: overdueClock(r.c, now),
    acknowledged_by: r.acknowledgedByName,
    resolved_by: r.resolvedByName,
  };
}

/** Most complaints one page of the queue shows. */
const QUEUE_LIMIT = 200;

/**
 * The back office's queue: complaints in `filter` — open ones with the resolution due first on
 * top, resolved ones (and all) newest first — with the counts per state and of the overdue.
 */
export async function complaintQueue(
  db: Database,
  filter: QueueFilter,
  now = new Date(),
): Promise<{ complaints: StaffComplaint[]; counts: QueueCounts }> {
  const where =
    filter === 'all'
      ? undefined
      : filter === 'open'
        ? ne(complaints.status, 'resolved')
        : eq(complaints.status, filter as ComplaintStatus);
  const rows = await staffRows(db, and(where), QUEUE_LIMIT, filter === 'resolved' || filter === 'all');
  const names = await lineNames(
    db,
    rows.map((r) => r.c),
  );
  const [counts] = await db
    .select({
      new: sql<number>`count(*) FILTER (WHERE ${complaints.status} = 'new')::int`,
      acknowledged: sql<number>`count(*) FILTER (WHERE ${complaints.status} = 'acknowledged')::int`,
      resolved: sql<number>`count(*) FILTER (WHERE ${complaints.status} = 'resolved')::int`,
      overdue: sql<number>`count(*) FILTER (WHERE ${complaints.status} <> 'resolved' AND (${complaints.resolveBy} < ${now.toISOString()} OR (${complaints.status} = 'new' AND ${complaints.acknowledgeBy} < ${now.toISOString()})))::int`,
    })
    .from(complaints);
  const refunds = await linkedRefunds(
    db,
    rows.map((r) => r.c.id),
  );
  return { complaints: rows.map((r) => staffJson(r, names, now, refunds)), counts: counts! };
}

/** The complaints about order `orderId`, oldest first, as staff read them (the staff order page). */
export async function staffOrderComplaints(db: Database, orderId: number, now = new Date()): Promise<StaffComplaint[]> {
  const rows = (await staffRows(db, and(eq(complaints.orderId, orderId)), QUEUE_LIMIT, true)).reverse();
  const names = await lineNames(
    db,
    rows.map((r) => r.c),
  );
  const refunds = await linkedRefunds(
    db,
    rows.map((r) => r.c.id),
  );
  return rows.map((r) => staffJson(r, names, now, refunds));
}

/** One complaint as staff read it; 404 when there is none. */
export async function staffComplaint(db: Database, id: number, now = new Date()): Promise<StaffComplaint> {
  const [row] = await staffRows(db, and(eq(complaints.id, id)), 1);
  if (!row) throw notFound(COMPLAINT_MESSAGES.complaintNotFound);
  return staffJson(row, await lineNames(db, [row.c]), now, await linkedRefunds(db, [row.c.id]));
}

/**
 * Acknowledges a new complaint, audited in the same transaction. The guarded update (status
 * 'new') makes it happen once: a second call, or one on a resolved complaint, is a 409.
 */
export async function acknowledgeComplaint(
  db: Database,
  actor: StaffActor,
  id: number,
  now = new Date(),
): Promise<StaffComplaint> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(complaints)
      .set({ status: 'acknowledged', acknowledgedAt: now, acknowledgedBy: actor.staffId, updatedAt: now })
      .where(and(eq(complaints.id, id), eq(complaints.status, 'new')))
      .returning({ id: complaints.id, ticket: complaints.ticketNumber, acknowledgeBy: complaints.acknowledgeBy });
    if (!row) {
      const [existing] = await tx.select({ status: complaints.status }).from(complaints).where(eq(complaints.id, id));
      if (!existing) throw notFound(COMPLAINT_MESSAGES.complaintNotFound);
      throw new AppError(
        'conflict',
        existing.status === 'resolved' ? COMPLAINT_MESSAGES.alreadyResolved : COMPLAINT_MESSAGES.alreadyAcknowledged,
      );
    }
    await recordAudit(tx, actor, {
      action: 'complaint.acknowledged',
      record: { type: 'complaint', id },
      before: { status: 'new' },
      after: { status: 'acknowledged', ticket: row.ticket, late: row.acknowledgeBy.getTime() < now.getTime() },
    });
  });
  return staffComplaint(db, id, now);
}

/**
 * Resolves a complaint with what the shop did (the customer reads it), audited in the same
 * transaction; a new one is acknowledged at the same time. Once only: a resolved one is a 409.
 */
export async function resolveComplaint(
  db: Database,
  actor: StaffActor,
  id: number,
  resolution: string,
  now = new Date(),
): Promise<StaffComplaint> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: complaints.status })
      .from(complaints)
      .where(eq(complaints.id, id))
      .for('update');
    if (!before) throw notFound(COMPLAINT_MESSAGES.complaintNotFound);
    if (before.status === 'resolved') throw new AppError('conflict', COMPLAINT_MESSAGES.alreadyResolved);
    const [row] = await tx
      .update(complaints)
      .set({
        status: 'resolved',
        resolvedAt: now,
        resolvedBy: actor.staffId,
        resolution,
        acknowledgedAt: sql`COALESCE(${complaints.acknowledgedAt}, ${now.toISOString()}::timestamptz)`,
        acknowledgedBy: sql`COALESCE(${complaints.acknowledgedBy}, ${actor.staffId})`,
        updatedAt: now,
      })
      .where(and(eq(complaints.id, id), ne(complaints.status, 'resolved')))
      .returning({ ticket: complaints.ticketNumber, resolveBy: complaints.resolveBy });
    if (!row) throw new AppError('conflict', COMPLAINT_MESSAGES.alreadyResolved);
    await recordAudit(tx, actor, {
      action: 'complaint.resolved',
      record: { type: 'complaint', id },
      before: { status: before.status },
      after: { status: 'resolved', ticket: row.ticket, resolution, late: row.resolveBy.getTime() < now.getTime() },
    });
  });
  return staffComplaint(db, id, now);
}

/** What the customer's order page shows: whether a problem may still be reported, until when, the lines, the tickets. */
export interface OrderComplaints {
  canReport: boolean;
  /** When the window closes (ISO); null when the order is not delivered. */
  reportUntil: string | null;
  lines: { id: number; name: string; qty: number }[];
  complaints: CustomerComplaint[];
}

/** The order page's complaint section for the customer's order `orderId` (see OrderComplaints). */
export async function orderComplaints(
  db: Database,
  customerId: number,
  orderId: number,
  windowHours: number,
  now = new Date(),
): Promise<OrderComplaints> {
  const [order] = await db
    .select({ status: orders.status, deliveredAt: orders.deliveredAt })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  const delivered = order?.status === 'delivered' && order.deliveredAt ? order.deliveredAt : null;
  const lines = delivered
    ? await db
        .select({ id: orderItems.id, name: orderItems.productName, qty: orderItems.qty })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.id))
    : [];
  return {
    canReport: !!delivered && withinComplaintWindow(delivered, now, windowHours),
    reportUntil: delivered ? new Date(delivered.getTime() + windowHours * 3_600_000).toISOString() : null,
    lines,
    complaints: order ? await customerComplaints(db, customerId, orderId) : [],
  };
}
