/**
 * The order board of the back office: the slots of two days (shop time), today and tomorrow
 * unless staff choose another first day (any day up to the last one customers can book), with
 * their orders, a search across all orders, its cheap version for live updates, and a rider's
 * deliveries. A member without `board.view` (a rider) sees only the orders assigned to them.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, type SQL, type Subquery, sql } from 'drizzle-orm';
import { phone as phoneRules } from '#features/auth/rules.ts';
import { addDays, deliveryConfig, deliveryNow, describeSlot, shopInstant, shopTime } from '#features/delivery/index.ts';
import { confirmedOrders, type OrderRow, type OrderStatus, UNPAID_STATUSES } from '#features/orders/index.ts';
import type { Database } from '#lib/db/index.ts';
import { customers, deliverySlotUsage, orderItems, orders, staff } from '#lib/db/schema.ts';
import { type BoardOrder, type BoardSlot, boardSlots } from './board-slots.ts';
import { ordersVersion } from './orders-version.ts';

export { type BoardOrder, type BoardSlot, slotKey } from './board-slots.ts';

const DAY_MS = 86_400_000;

/**
 * What the board lists unasked: the confirmed orders, and an online order whose gateway payment
 * could not be accepted (a payment problem), whatever its status (pending_payment or
 * payment_failed), so staff can look into it. The status filter "Awaiting payment" or "Payment
 * failed" and a search list every such order (see boardVisible).
 */
const staffVisible = or(confirmedOrders, isNotNull(orders.paymentProblem))!;

/** Every order when staff ask for an unpaid status or search; else what the board lists unasked. */
function boardVisible(filter: BoardFilter): SQL | undefined {
  if (filter.q?.trim()) return undefined;
  return filter.status && (UNPAID_STATUSES as readonly string[]).includes(filter.status) ? undefined : staffVisible;
}

/** What the board filters by (all optional). */
export interface BoardFilter {
  status?: OrderStatus;
  paymentMode?: OrderRow['paymentMode'];
  paymentStatus?: OrderRow['paymentStatus'];
  zone?: string;
  /** An order number ("123", "#123") or a mobile number: searched across every date. */
  q?: string;
  /** Slots ("zone|slotId", see slotKey) whose every matching order the board lists, not only the first BOARD_SLOT_PAGE. */
  open?: string[];
  /** The board's first day, YYYY-MM-DD (shop time); today when absent. */
  date?: string;
}

/** The orders a slot lists before staff ask for all of them (keeps the board's answer small on a busy day). */
export const BOARD_SLOT_PAGE = 20;

/** The board: two days' slots (shop time), or a search's results. */
export interface Board {
  today: string;
  /** The last day customers can book (the zones' longest `days` ahead), YYYY-MM-DD. */
  lastBookable: string;
  days: { date: string; label: string; slots: BoardSlot[] }[];
  /** Orders found by `q` (any date, newest first); null when not searching. */
  results: BoardOrder[] | null;
}

/** The last day customers can book from `today`: the zones' longest template, in days ahead. */
export function lastBookableDay(today: string): string {
  const days = Math.max(1, ...deliveryConfig().zones.map((z) => z.template.days));
  return addDays(today, days - 1);
}

/**
 * Today, the board's days (from `first`, today by default: that day and the next, but never past
 * the last bookable day, where no order can be) and the instants that bound them in shop time.
 */
function boardWindow(now: Date, first?: string): { today: string; dates: string[]; from: Date; to: Date } {
  const today = shopTime(now).date;
  const start = first ?? today;
  const last = lastBookableDay(today);
  const dates = [start, addDays(start, 1)].filter((d, i) => i === 0 || d <= last);
  const from = shopInstant(start, '00:00');
  return { today, dates, from, to: new Date(from.getTime() + dates.length * DAY_MS) };
}

/** "Today", "Tomorrow", "Yesterday", or the weekday ("Friday") of a board day. */
function dayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  if (date === addDays(today, -1)) return 'Yesterday';
  return shopInstant(date, '12:00').toLocaleDateString('en-IN', { weekday: 'long', timeZone: 'Asia/Kolkata' });
}

/** The columns the board shows of an order (its item count is read apart, see itemCounts). */
const boardColumns = {
  id: orders.id,
  status: orders.status,
  paymentMode: orders.paymentMode,
  paymentStatus: orders.paymentStatus,
  paidAmountPaise: orders.paidAmountPaise,
  customerName: customers.name,
  customerPhone: customers.phone,
  zoneId: orders.deliveryZoneId,
  slotId: orders.deliverySlotId,
  slotStart: orders.deliverySlotStart,
  slotEnd: orders.deliverySlotEnd,
  riderName: staff.name,
  createdAt: orders.createdAt,
  paymentProblem: sql<boolean>`${orders.paymentProblem} IS NOT NULL`,
  // Only an online order can have refunds: the others skip the look-up.
  refundFailed: sql<boolean>`(${orders.paymentMode} = 'Online' AND EXISTS (SELECT 1 FROM payment_refunds r WHERE r.order_id = ${orders.id} AND r.status = 'failed'))`,
};

/**
 * The number of items (units: the lines' quantities added up, as the customer's pages count them)
 * of each of `ids`, in one grouped read.
 */
async function itemCounts(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderItems.orderId, n: sql<number>`coalesce(sum(${orderItems.qty}), 0)::int` })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((r) => [r.orderId, r.n]));
}

/** Orders with their customer, rider and item count, matching `where` (and `join`'s rows when given). */
async function boardRows(
  db: Database,
  where: SQL | undefined,
  order: SQL[],
  limit?: number,
  join?: { table: Subquery; on: SQL },
): Promise<BoardOrder[]> {
  const base = db
    .select(boardColumns)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(staff, eq(staff.id, orders.riderId))
    .$dynamic();
  const joined = join ? base.innerJoin(join.table, join.on) : base;
  const query = joined.where(where).orderBy(...order);
  const rows = limit ? await query.limit(limit) : await query;
  const counts = await itemCounts(
    db,
    rows.map((r) => r.id),
  );
  // Many orders share a slot: its label is worked out once per slot.
  const labels = new Map<string, string>();
  const label = (start: Date, end: Date) => {
    const k = `${start.getTime()}|${end.getTime()}`;
    let text = labels.get(k);
    if (text === undefined) {
      text = describeSlot(start, end);
      labels.set(k, text);
    }
    return text;
  };
  return rows.map(({ slotStart, slotEnd, ...row }) => ({
    ...row,
    itemCount: counts.get(row.id) ?? 0,
    slotLabel: slotStart && slotEnd ? label(slotStart, slotEnd) : null,
  }));
}

/** The filter's conditions (status, payment mode and status, zone). */
function filterConditions(filter: BoardFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.paymentMode) where.push(eq(orders.paymentMode, filter.paymentMode));
  if (filter.paymentStatus) where.push(eq(orders.paymentStatus, filter.paymentStatus));
  if (filter.zone) where.push(eq(orders.deliveryZoneId, filter.zone));
  return where;
}

/** The search condition of `q`: an order number, or a mobile number (E.164, or its last digits). */
function searchCondition(q: string): SQL {
  const text = q.trim().replace(/^#/, '');
  const byId = /^\d{1,9}$/.test(text) ? [eq(orders.id, Number(text))] : [];
  const e164 = phoneRules.toE164(text);
  const digits = text.replace(/\D/g, '');
  const byPhone = e164
    ? [eq(customers.phone, e164)]
    : digits.length >= 5
      ? [sql`${customers.phone} like ${`%${digits}`}`]
      : [];
  const any = [...byId, ...byPhone];
  return any.length ? or(...any)! : sql`false`;
}

/** Reads the order board (see Board). */
export async function readBoard(db: Database, filter: BoardFilter = {}, now = deliveryNow()): Promise<Board> {
  const { today, dates, from, to } = boardWindow(now, filter.date);
  const lastBookable = lastBookableDay(today);
  if (filter.q?.trim()) {
    const where = and(boardVisible(filter), searchCondition(filter.q), ...filterConditions(filter));
    return { today, lastBookable, days: [], results: await boardRows(db, where, [desc(orders.id)], 50) };
  }
  const inWindow = and(boardVisible(filter), gte(orders.deliverySlotStart, from), lt(orders.deliverySlotStart, to));
  const filtered = filterConditions(filter);
  const matches = filtered.length ? and(...filtered)! : sql`true`;
  const slotExpr = sql<string>`coalesce(${orders.deliveryZoneId}, '') || '|' || coalesce(${orders.deliverySlotId}, '')`;
  // Each slot's matching orders numbered newest first, so a slot lists only its newest page (a new
  // order always shows); the page itself is shown in the board's order.
  const ranked = db
    .select({
      orderId: sql<number>`${orders.id}`.as('ranked_order_id'),
      place:
        sql<number>`row_number() over (partition by ${orders.deliveryZoneId}, ${orders.deliverySlotId} order by ${orders.id} desc)`.as(
          'place',
        ),
      slotKey: slotExpr.as('slot_key'),
    })
    .from(orders)
    .where(and(inWindow, ...filtered))
    .as('ranked');
  const open = (filter.open ?? []).filter((k) => k.length > 0);
  const listed = open.length
    ? or(sql`${ranked.place} <= ${BOARD_SLOT_PAGE}`, inArray(ranked.slotKey, open))
    : sql`${ranked.place} <= ${BOARD_SLOT_PAGE}`;
  const [all, shown, usage] = await Promise.all([
    db
      .select({
        zoneId: orders.deliveryZoneId,
        slotId: orders.deliverySlotId,
        status: orders.status,
        n: sql<number>`count(*)::int`,
        matching: sql<number>`(count(*) filter (where ${matches}))::int`,
      })
      .from(orders)
      .where(inWindow)
      .groupBy(orders.deliveryZoneId, orders.deliverySlotId, orders.status),
    boardRows(db, listed, [asc(orders.deliverySlotStart), asc(orders.id)], undefined, {
      table: ranked,
      on: eq(ranked.orderId, orders.id),
    }),
    db
      .select()
      .from(deliverySlotUsage)
      .where(or(...dates.map((date) => sql`${deliverySlotUsage.slotId} like ${`${date}T%`}`))),
  ]);
  const sorted = boardSlots({ dates, zone: filter.zone, usage, counts: all, shown });
  return {
    today,
    lastBookable,
    results: null,
    days: dates.map((date) => ({ date, label: dayLabel(date, today), slots: sorted.filter((s) => s.date === date) })),
  };
}

/**
 * A short text that changes whenever an order of the board's two days (from `first`, today by
 * default) is placed or changes (ordersVersion: the database's row versions, not a server's
 * clock): open boards poll it every few seconds and reload the board only when it moves. It reads
 * the database, so every server process, whatever its clock, sees every other's orders.
 */
export async function boardVersion(db: Database, now = deliveryNow(), first?: string): Promise<string> {
  const { from, to } = boardWindow(now, first);
  return ordersVersion(db, and(gte(orders.deliverySlotStart, from), lt(orders.deliverySlotStart, to)));
}

/** The orders assigned to a rider: today's and later first (by slot), then open older ones. */
export async function riderDeliveries(db: Database, riderId: number, now = deliveryNow()): Promise<BoardOrder[]> {
  const { from } = boardWindow(now);
  return boardRows(
    db,
    and(
      confirmedOrders,
      eq(orders.riderId, riderId),
      or(gte(orders.deliverySlotStart, from), inArray(orders.status, ['processed', 'out_for_delivery'])),
    ),
    [asc(orders.deliverySlotStart), asc(orders.id)],
    100,
  );
}
