/**
 * The shop's side of orders (the back office): the order board of today's and tomorrow's slots,
 * its cheap version for live updates, a rider's deliveries, one order as staff read it, and the
 * staff actions on it (mark processed / out for delivery / delivered, cancel with a reason, assign
 * a rider). Every action writes its audit entry in the transaction of its change
 * (src/lib/db/audit.ts) and reuses the order status machine (status.ts), so the customer's SMS,
 * points, stock and refunds follow as they do everywhere else. A member without `board.view` (a
 * rider) sees and moves only the orders assigned to them; any other order is "not found".
 */
import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL, type Subquery } from 'drizzle-orm';
import type { Database, Transaction } from '#lib/db/index.ts';
import { auditLog, customers, deliverySlotUsage, orderItems, orders, staff } from '#lib/db/schema.ts';
import { recordAudit } from '#lib/db/audit.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { roleCan } from '#lib/http/permissions.ts';
import type { SessionStaff, StaffActor } from '#lib/http/staff-session.ts';
import {
  deliveryConfig,
  deliveryNow,
  describeSlot,
  orderSlotJson,
  shopInstant,
  shopTime,
  windowLabel,
} from '#features/delivery/index.ts';
import { phone as phoneRules } from '#features/auth/rules.ts';
import { advanceOrder, cancelOrderByShop } from './status.ts';
import { visible, type OrderRow, type OrderStatus } from './queries.ts';
import { ORDER_STATUSES } from '#lib/db/schema.ts';

const DAY_MS = 86_400_000;

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
}

/** The orders a slot lists before staff ask for all of them (keeps the board's answer small on a busy day). */
export const BOARD_SLOT_PAGE = 20;

/** A slot's key on the board and in BoardFilter.open: "zone|slotId". */
export const slotKey = (zoneId: string | null, slotId: string | null) => `${zoneId ?? ''}|${slotId ?? ''}`;

/** An order as the board lists it. */
export interface BoardOrder {
  id: number;
  status: OrderStatus;
  paymentMode: OrderRow['paymentMode'];
  paymentStatus: OrderRow['paymentStatus'];
  paidAmountPaise: number;
  customerName: string | null;
  customerPhone: string | null;
  zoneId: string | null;
  slotId: string | null;
  slotLabel: string | null;
  itemCount: number;
  riderName: string | null;
  createdAt: Date;
}

/** One slot of one zone on the board: its capacity, the counts per status, and its (filtered) orders. */
export interface BoardSlot {
  zoneId: string;
  zoneName: string;
  slotId: string;
  date: string;
  window: string;
  capacity: number;
  used: number;
  left: number;
  counts: Record<OrderStatus, number>;
  /** Orders of the slot matching the filters; `orders` lists the first BOARD_SLOT_PAGE of them unless the slot is open. */
  matching: number;
  orders: BoardOrder[];
}

/** The board: today's and tomorrow's slots (shop time), or a search's results. */
export interface Board {
  today: string;
  days: { date: string; label: string; slots: BoardSlot[] }[];
  /** Orders found by `q` (any date, newest first); null when not searching. */
  results: BoardOrder[] | null;
}

/** The instants that bound today and tomorrow in shop time. */
function boardWindow(now: Date): { today: string; tomorrow: string; from: Date; to: Date } {
  const today = shopTime(now).date;
  const from = shopInstant(today, '00:00');
  const tomorrow = shopTime(new Date(from.getTime() + DAY_MS + 12 * 3_600_000)).date;
  return { today, tomorrow, from, to: new Date(from.getTime() + 2 * DAY_MS) };
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
};

/** The number of lines of each of `ids`, in one grouped read. */
async function itemCounts(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderItems.orderId, n: sql<number>`count(*)::int` })
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
  const { today, tomorrow, from, to } = boardWindow(now);
  if (filter.q?.trim()) {
    const where = and(visible, searchCondition(filter.q), ...filterConditions(filter));
    return { today, days: [], results: await boardRows(db, where, [desc(orders.id)], 50) };
  }
  const inWindow = and(visible, gte(orders.deliverySlotStart, from), lt(orders.deliverySlotStart, to));
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
      .where(
        or(
          sql`${deliverySlotUsage.slotId} like ${`${today}T%`}`,
          sql`${deliverySlotUsage.slotId} like ${`${tomorrow}T%`}`,
        ),
      ),
  ]);
  const key = slotKey;
  const slots = new Map<string, BoardSlot>();
  const emptyCounts = () => Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const zone of deliveryConfig().zones) {
    if (filter.zone && zone.id !== filter.zone) continue;
    // Every window of the zone's template on both days, whether or not it still takes orders.
    for (const date of [today, tomorrow]) {
      for (const w of zone.template.windows) {
        const slotId = `${date}T${w.start}`;
        const used = usage.find((u) => u.zoneId === zone.id && u.slotId === slotId)?.used ?? 0;
        slots.set(key(zone.id, slotId), {
          zoneId: zone.id,
          zoneName: zone.name,
          slotId,
          date,
          window: windowLabel(w.start, w.end),
          capacity: w.capacity,
          used,
          left: Math.max(0, w.capacity - used),
          counts: emptyCounts(),
          matching: 0,
          orders: [],
        });
      }
    }
  }
  /** A slot no longer in the configuration (its orders still show). */
  const slotFor = (zoneId: string | null, slotId: string | null): BoardSlot | undefined => {
    if (filter.zone && zoneId !== filter.zone) return undefined;
    const k = key(zoneId, slotId);
    if (!slots.has(k) && slotId) {
      slots.set(k, {
        zoneId: zoneId ?? '',
        zoneName: zoneId ?? 'No zone',
        slotId,
        date: slotId.slice(0, 10),
        window: slotId.slice(11),
        capacity: 0,
        used: 0,
        left: 0,
        counts: emptyCounts(),
        matching: 0,
        orders: [],
      });
    }
    return slots.get(k);
  };
  for (const row of all) {
    const slot = slotFor(row.zoneId, row.slotId);
    if (slot) {
      slot.counts[row.status] += row.n;
      slot.matching += row.matching;
    }
  }
  for (const order of shown) slotFor(order.zoneId, order.slotId)?.orders.push(order);
  const sorted = [...slots.values()].sort(
    (a, b) => a.slotId.localeCompare(b.slotId) || a.zoneName.localeCompare(b.zoneName),
  );
  return {
    today,
    results: null,
    days: [
      { date: today, label: 'Today', slots: sorted.filter((s) => s.date === today) },
      { date: tomorrow, label: 'Tomorrow', slots: sorted.filter((s) => s.date === tomorrow) },
    ],
  };
}

/**
 * A short text that changes whenever an order of today's or tomorrow's slots is placed or changes
 * (its count, newest update and newest id): open boards poll it every few seconds and reload the
 * board only when it moves. It reads the database, so it sees every server process's orders.
 */
export async function boardVersion(db: Database, now = deliveryNow()): Promise<string> {
  const { from, to } = boardWindow(now);
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      updated: sql<string | null>`max(${orders.updatedAt})::text`,
      last: sql<number | null>`max(${orders.id})`,
    })
    .from(orders)
    .where(and(gte(orders.deliverySlotStart, from), lt(orders.deliverySlotStart, to)));
  return `${row?.n ?? 0}.${row?.last ?? 0}.${row?.updated ?? ''}`;
}

/** The orders assigned to a rider: today's and later first (by slot), then open older ones. */
export async function riderDeliveries(db: Database, riderId: number, now = deliveryNow()): Promise<BoardOrder[]> {
  const { from } = boardWindow(now);
  return boardRows(
    db,
    and(
      visible,
      eq(orders.riderId, riderId),
      or(gte(orders.deliverySlotStart, from), inArray(orders.status, ['processed', 'out_for_delivery'])),
    ),
    [asc(orders.deliverySlotStart), asc(orders.id)],
    100,
  );
}

/** One line of an order as staff read it. */
export interface StaffOrderLine {
  id: number;
  productId: number | null;
  name: string;
  qty: number;
  unitPricePaise: number;
  totalAmountPaise: number;
  weight: number | null;
  weightUnit: string | null;
  substitution: 'replace' | 'refund' | 'call' | null;
  pickedAmount: number | null;
  substitutedFor: string | null;
  orderedTotalPaise: number | null;
}

/** One entry of an order's history: a status, when, and who made it. */
export interface StatusChange {
  status: OrderStatus;
  at: Date;
  by: string;
}

/** An order as the back office shows it. */
export interface StaffOrder {
  id: number;
  status: OrderStatus;
  paymentMode: OrderRow['paymentMode'];
  paymentStatus: OrderRow['paymentStatus'];
  subtotalPaise: number;
  discountPaise: number;
  pointsRedeemed: number;
  deliveryFeePaise: number;
  paidAmountPaise: number;
  promoCode: string | null;
  paymentReference: string | null;
  refundReference: string | null;
  customerNote: string | null;
  cancelReason: string | null;
  customer: { id: number; name: string | null; phone: string | null };
  address: Record<string, unknown> | null;
  /** A map search for the address: its pin when it has one, else its text. */
  mapUrl: string | null;
  slot: ReturnType<typeof orderSlotJson>;
  rider: { id: number; name: string } | null;
  lines: StaffOrderLine[];
  history: StatusChange[];
}

/** The order, or 404 when it does not exist, is hidden, or (for a member without `board.view`) is not theirs. */
async function visibleRow(
  db: Database | Transaction,
  orderId: number,
  viewer: SessionStaff,
  lock = false,
): Promise<OrderRow> {
  const mine = roleCan(viewer.role, 'board.view') ? [] : [eq(orders.riderId, viewer.id)];
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), visible, ...mine));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(`Order ${orderId} not found.`);
  return row;
}

/** A map link for an address snapshot (latitude and longitude, else the address text). */
function mapLink(address: Record<string, unknown> | null): string | null {
  if (!address) return null;
  const lat = Number(address.latitude);
  const lng = Number(address.longitude);
  const query =
    Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0)
      ? `${lat},${lng}`
      : ['building_num', 'street', 'landmark', 'city', 'po_box']
          .map((k) => address[k])
          .filter((v) => typeof v === 'string' && v.trim())
          .join(', ');
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null;
}

/** One order for a staff member (404 as visibleRow). */
export async function staffOrder(db: Database, orderId: number, viewer: SessionStaff): Promise<StaffOrder> {
  const row = await visibleRow(db, orderId, viewer);
  const [[customer], lines, [rider], audits] = await Promise.all([
    db
      .select({ id: customers.id, name: customers.name, phone: customers.phone })
      .from(customers)
      .where(eq(customers.id, row.customerId)),
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
    row.riderId
      ? db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.id, row.riderId))
      : Promise.resolve([]),
    db
      .select({ action: auditLog.action, staffName: auditLog.staffName, at: auditLog.createdAt })
      .from(auditLog)
      .where(and(eq(auditLog.recordType, 'order'), eq(auditLog.recordId, String(orderId))))
      .orderBy(asc(auditLog.id)),
  ]);
  const by = (status: OrderStatus, otherwise: string) =>
    audits.findLast((a) => a.action === `order.${status}`)?.staffName ?? otherwise;
  const history: StatusChange[] = [{ status: 'placed', at: row.createdAt, by: 'Customer' }];
  const stamps: [OrderStatus, Date | null][] = [
    ['processed', row.processedAt],
    ['out_for_delivery', row.outForDeliveryAt],
    ['delivered', row.deliveredAt],
    ['cancelled', row.cancelledAt],
  ];
  for (const [status, at] of stamps) {
    if (at)
      history.push({ status, at, by: by(status, status === 'cancelled' && !row.cancelReason ? 'Customer' : 'Shop') });
  }
  history.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    id: row.id,
    status: row.status,
    paymentMode: row.paymentMode,
    paymentStatus: row.paymentStatus,
    subtotalPaise: row.subtotalPaise,
    discountPaise: row.discountPaise,
    pointsRedeemed: row.pointsRedeemed,
    deliveryFeePaise: row.deliveryFeePaise,
    paidAmountPaise: row.paidAmountPaise,
    promoCode: row.promoCode,
    paymentReference: row.paymentReference,
    refundReference: row.refundReference,
    customerNote: row.customerNote,
    cancelReason: row.cancelReason,
    customer: customer ?? { id: row.customerId, name: null, phone: null },
    address: row.addressSnapshot ?? null,
    mapUrl: mapLink(row.addressSnapshot ?? null),
    slot: orderSlotJson(row),
    rider: rider ?? null,
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      name: l.productName,
      qty: l.qty,
      unitPricePaise: l.unitPricePaise,
      totalAmountPaise: l.totalAmountPaise,
      weight: l.weight,
      weightUnit: l.weightUnit,
      substitution: l.substitution ?? row.substitution,
      pickedAmount: l.pickedAmount,
      substitutedFor: l.substitutedFor,
      orderedTotalPaise: l.orderedTotalPaise,
    })),
    history,
  };
}

/** The statuses staff move an order to, one step each. */
export type StaffMove = 'processed' | 'out_for_delivery' | 'delivered';

/**
 * Moves an order to `to` (its next step) as `viewer`, with the audit entry in the same
 * transaction. Moving it to where it already is changes nothing and records nothing.
 */
export async function moveOrder(
  db: Database,
  orderId: number,
  to: StaffMove,
  viewer: SessionStaff,
  actor: StaffActor,
): Promise<{ changed: boolean }> {
  await visibleRow(db, orderId, viewer);
  const moved = await advanceOrder(db, orderId, new Date(), {
    to,
    within: async (tx, row, next) => {
      // A rider's order may have been given to another rider since the check above.
      if (!roleCan(viewer.role, 'board.view') && row.riderId !== viewer.id)
        throw notFound(`Order ${orderId} not found.`);
      await recordAudit(tx, actor, {
        action: `order.${next}`,
        record: { type: 'order', id: orderId },
        before: { status: row.status },
        after: { status: next },
      });
    },
  });
  return { changed: moved.changed };
}

/** Cancels an order for the shop with `reason` (status.ts cancelOrderByShop), with its audit entry. */
export async function cancelOrderAsStaff(
  db: Database,
  orderId: number,
  reason: string,
  actor: StaffActor,
): Promise<void> {
  await cancelOrderByShop(db, orderId, reason, async (tx, row) => {
    await recordAudit(tx, actor, {
      action: 'order.cancelled',
      record: { type: 'order', id: orderId },
      before: { status: row.status, payment_status: row.paymentStatus },
      after: { status: 'cancelled', reason },
    });
  });
}

/** Active riders, by name (the order page's choice). */
export async function listRiders(db: Database): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.active, true), eq(staff.role, 'rider')))
    .orderBy(asc(staff.name));
}

/**
 * Assigns an order to a rider (an active member with the rider role), or takes it off its rider
 * (`riderId` null). 404 unknown order; 400 not an active rider; 409 delivered or cancelled.
 */
export async function assignRider(
  db: Database,
  orderId: number,
  riderId: number | null,
  actor: StaffActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), visible))
      .for('update');
    if (!row) throw notFound(`Order ${orderId} not found.`);
    if (row.status === 'delivered' || row.status === 'cancelled')
      throw new AppError('conflict', `Order ${orderId} is ${row.status}: its rider can no longer change.`);
    if (row.riderId === riderId) return;
    if (riderId !== null) {
      const [rider] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.id, riderId), eq(staff.active, true), eq(staff.role, 'rider')));
      if (!rider)
        throw new AppError('bad_request', 'Choose one of the shop’s riders.', {
          errors: { rider_id: 'Choose one of the shop’s riders.' },
        });
    }
    await tx.update(orders).set({ riderId }).where(eq(orders.id, orderId));
    await recordAudit(tx, actor, {
      action: 'order.rider_assigned',
      record: { type: 'order', id: orderId },
      before: { rider_id: row.riderId },
      after: { rider_id: riderId },
    });
  });
}
