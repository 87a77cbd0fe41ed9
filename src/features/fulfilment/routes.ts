/**
 * The fulfilment feature's route handlers, staff only (contracts in contract.ts; mounted by
 * src/pages/api/admin/{board,board/version,deliveries,orders/[id]/…}.ts, src/pages/api/admin/picking.ts
 * and src/pages/api/admin/picking/csv.ts).
 */
import { deliveryNow, shopTime } from '#features/delivery/index.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { memoPerDatabaseKeyed } from '#lib/cache/shared-cache.ts';
import { type Database, getDb } from '#lib/db/index.ts';
import { AppError } from '#lib/http/envelope.ts';
import { implement, implementFile } from '#lib/http/handler.ts';
import { roleCan } from '#lib/http/permissions.ts';
import type { SessionStaff, StaffActor } from '#lib/http/staff-session.ts';
import { formatPaise, paiseToRupees } from '#lib/money.ts';
import {
  assignRiderRoute,
  boardRoute,
  boardVersionRoute,
  cashDayRoute,
  deliveriesRoute,
  doorQuoteRoute,
  markOutForDeliveryRoute,
  markProcessedRoute,
  pickingCsvRoute,
  pickingListRoute,
  recordHandoverRoute,
  recordOutcomeRoute,
  rescheduleRoute,
  setPickedRoute,
  staffCancelRoute,
  staffOrderRoute,
  substituteLineRoute,
  undoOutcomeRoute,
} from './contract.ts';
import { slotQuery } from './rules.ts';
import { cashDay, recentHandovers, recordHandover } from './server/cash-handover.ts';
import { quoteDoor, recordOutcome, rescheduleOrder, undoOutcome } from './server/door.ts';
import { type BoardFilter, boardVersion, lastBookableDay, readBoard, riderDeliveries } from './server/order-board.ts';
import { setPickedAmount, substituteLine } from './server/packing.ts';
import { pickingListJson } from './server/picking-json.ts';
import { currentPickingList, exportPickingCsv } from './server/picking-list.ts';
import { boardJson, boardOrderJson, staffOrderJson } from './server/staff-order-json.ts';
import {
  assignRider,
  cancelOrderAsStaff,
  listRiders,
  moveOrder,
  type StaffMove,
  staffOrder,
} from './server/staff-orders.ts';

export const pickingListEndpoint = implement(pickingListRoute, async ({ query }) => ({
  data: pickingListJson(await currentPickingList(await getDb(), slotQuery(query))),
  headers: NO_STORE,
}));

export const pickingCsvEndpoint = implementFile(pickingCsvRoute, async ({ query, actor }) => ({
  body: new TextEncoder().encode(await exportPickingCsv(await getDb(), slotQuery(query), actor)),
  filename: `picking-${slotQuery(query).slotId.replace('T', '-').replace(':', '')}.csv`,
  headers: NO_STORE,
}));

// ── Placed orders: the board, one order's moves, packing ──────────────────────────────────

/** The order as `staff` reads it, with the riders to choose from when they may assign one. */
async function staffOrderAnswer(orderId: number, staff: SessionStaff) {
  const db = await getDb();
  const [order, riders] = await Promise.all([
    staffOrder(db, orderId, staff),
    roleCan(staff.role, 'orders.assign_rider') ? listRiders(db) : Promise.resolve([]),
  ]);
  return { order: staffOrderJson(order, riders) };
}

/**
 * The board's answer for one version and query, shared for BOARD_REUSE_MS by every open board on
 * this process (they poll and reload together). The version moves with every order change of the
 * board's days, so a reused answer misses at most a rename (a customer's, a rider's) for that
 * long. A search reaches every date, beyond what the version watches: it is read afresh.
 */
const BOARD_REUSE_MS = 2000;
const sharedBoard = memoPerDatabaseKeyed(BOARD_REUSE_MS, 32, async (db: Database, key: string) => {
  const { version, filter } = JSON.parse(key) as { version: string; filter: BoardFilter };
  return boardJson(await readBoard(db, filter), version);
});

/** Refuses (400) a first day past the last one customers can book: no order can be there. */
function assertBoardDate(date: string | undefined): void {
  if (date && date > lastBookableDay(shopTime(deliveryNow()).date))
    throw new AppError('bad_request', 'Choose a day up to the last one customers can book.');
}

export const boardEndpoint = implement(boardRoute, async ({ query }) => {
  assertBoardDate(query.date);
  const db = await getDb();
  // The version first: a change between the two reads makes the next poll reload again, never miss one.
  const version = await boardVersion(db, deliveryNow(), query.date);
  const filter: BoardFilter = {
    status: query.status,
    paymentMode: query.payment_mode,
    paymentStatus: query.payment_status,
    zone: query.zone || undefined,
    q: query.q || undefined,
    open: query.open ? query.open.split(',') : undefined,
    date: query.date,
  };
  const data = filter.q
    ? boardJson(await readBoard(db, filter), version)
    : await sharedBoard(db, JSON.stringify({ version, today: shopTime(deliveryNow()).date, filter }));
  return { data, headers: NO_STORE };
});

export const boardVersionEndpoint = implement(boardVersionRoute, async ({ query }) => {
  assertBoardDate(query.date);
  return { data: { version: await boardVersion(await getDb(), deliveryNow(), query.date) }, headers: NO_STORE };
});

export const deliveriesEndpoint = implement(deliveriesRoute, async ({ staff }) => ({
  data: { orders: (await riderDeliveries(await getDb(), staff.id)).map(boardOrderJson) },
  headers: NO_STORE,
}));

export const staffOrderEndpoint = implement(staffOrderRoute, async ({ params, staff }) => ({
  data: await staffOrderAnswer(params.id, staff),
  headers: NO_STORE,
}));

/** The handler of one staff move (processed, out for delivery). */
const moveEndpoint =
  (to: StaffMove, message: string) =>
  async ({ params, staff, actor }: { params: { id: number }; staff: SessionStaff; actor: StaffActor }) => {
    const { changed } = await moveOrder(await getDb(), params.id, to, staff, actor);
    return {
      data: await staffOrderAnswer(params.id, staff),
      message: changed ? message : 'Nothing to change: the order is there already.',
      headers: NO_STORE,
    };
  };

export const markProcessedEndpoint = implement(markProcessedRoute, moveEndpoint('processed', 'Marked as processed.'));
export const markOutForDeliveryEndpoint = implement(
  markOutForDeliveryRoute,
  moveEndpoint('out_for_delivery', 'Marked as out for delivery.'),
);

export const staffCancelEndpoint = implement(staffCancelRoute, async ({ params, body, staff, actor }) => {
  await cancelOrderAsStaff(await getDb(), params.id, body.reason, actor);
  return { data: await staffOrderAnswer(params.id, staff), message: 'Order cancelled.', headers: NO_STORE };
});

export const setPickedEndpoint = implement(setPickedRoute, async ({ params, body, staff, actor }) => {
  const { changed, refundPaise } = await setPickedAmount(await getDb(), params.id, params.line, body.picked, actor);
  return {
    data: await staffOrderAnswer(params.id, staff),
    message: !changed
      ? 'Nothing to change: that is recorded already.'
      : refundPaise > 0
        ? `Picked quantity saved; ${formatPaise(refundPaise)} back to the customer.`
        : 'Picked quantity saved.',
    headers: NO_STORE,
  };
});

export const substituteLineEndpoint = implement(substituteLineRoute, async ({ params, body, staff, actor }) => {
  const { changed, refundPaise } = await substituteLine(await getDb(), params.id, params.line, body.product_id, actor);
  return {
    data: await staffOrderAnswer(params.id, staff),
    message: !changed
      ? 'Nothing to change: that is recorded already.'
      : refundPaise > 0
        ? `Substitute saved; ${formatPaise(refundPaise)} back to the customer.`
        : 'Substitute saved.',
    headers: NO_STORE,
  };
});

export const assignRiderEndpoint = implement(assignRiderRoute, async ({ params, body, staff, actor }) => {
  await assignRider(await getDb(), params.id, body.rider_id, actor);
  return {
    data: await staffOrderAnswer(params.id, staff),
    message: body.rider_id ? 'Rider assigned.' : 'Rider removed.',
    headers: NO_STORE,
  };
});

// ── The door: outcomes, undo, rescheduling, the day-end cash ─────────────────────────────────

const OUTCOME_MESSAGES = {
  delivered: 'Delivered.',
  partly_delivered: 'Delivered in part; the handed-back items are not charged.',
  not_at_home: 'Recorded: not at home. Bring the order back to the shop.',
  refused: 'Recorded: refused. Bring the order back to the shop.',
} as const;

const rupeesOf = (paise: number) => paiseToRupees(paise).toFixed(2);

export const doorQuoteEndpoint = implement(doorQuoteRoute, async ({ params, body, staff }) => {
  const quote = await quoteDoor(
    await getDb(),
    params.id,
    body.hand_back.map((h) => ({ lineId: h.line_id, qty: h.qty })),
    staff,
  );
  return {
    data: {
      hand_back_total: rupeesOf(quote.handBackPaise),
      due_before: rupeesOf(quote.dueBeforePaise),
      amount_due: rupeesOf(quote.duePaise),
    },
    headers: NO_STORE,
  };
});

export const recordOutcomeEndpoint = implement(recordOutcomeRoute, async ({ params, body, staff, actor }) => {
  const result = await recordOutcome(
    await getDb(),
    params.id,
    {
      outcome: body.outcome,
      note: body.note || null,
      handBack: body.hand_back.map((h) => ({ lineId: h.line_id, qty: h.qty, reason: h.reason ?? null })),
      collectedPaise: body.collected ?? null,
      collectedMethod: body.collected_method ?? null,
      idempotencyKey: body.idempotency_key,
    },
    staff,
    actor,
  );
  const short =
    result.collectedPaise !== null && result.duePaise > 0 && result.collectedPaise !== result.duePaise
      ? ` Collected ${formatPaise(result.collectedPaise)} of ${formatPaise(result.duePaise)} due: the difference is recorded.`
      : '';
  return {
    data: await staffOrderAnswer(params.id, staff),
    message: result.changed
      ? `${OUTCOME_MESSAGES[result.outcome]}${short}`
      : 'Nothing to change: that is recorded already.',
    headers: NO_STORE,
  };
});

export const undoOutcomeEndpoint = implement(undoOutcomeRoute, async ({ params, body, staff, actor }) => {
  await undoOutcome(await getDb(), params.id, body.reason, staff, actor);
  return {
    data: await staffOrderAnswer(params.id, staff),
    message: 'Undone: the order is out for delivery again.',
    headers: NO_STORE,
  };
});

export const rescheduleEndpoint = implement(rescheduleRoute, async ({ params, body, staff, actor }) => {
  const { changed } = await rescheduleOrder(await getDb(), params.id, body.slot_id, staff, actor);
  return {
    data: await staffOrderAnswer(params.id, staff),
    message: changed
      ? 'Rescheduled: the order is processed again in its new slot.'
      : 'Nothing to change: it is rescheduled already.',
    headers: NO_STORE,
  };
});

/** The cash page's answer for `date` (today when absent). */
async function cashAnswer(date: string | undefined) {
  const db = await getDb();
  const today = shopTime(deliveryNow()).date;
  const day = date ?? today;
  const [riders, recent] = await Promise.all([cashDay(db, day), recentHandovers(db)]);
  return {
    date: day,
    today,
    riders: riders.map((r) => ({
      rider_id: r.riderId,
      rider: r.riderName,
      outcomes: r.outcomes,
      collected: rupeesOf(r.collectedPaise),
      given_back: rupeesOf(r.givenBackPaise),
      expected: rupeesOf(r.expectedPaise),
      handover: r.handover
        ? {
            expected: rupeesOf(r.handover.expectedPaise),
            received: rupeesOf(r.handover.receivedPaise),
            difference: rupeesOf(r.handover.receivedPaise - r.handover.expectedPaise),
            stale: r.handover.stale,
            reason: r.handover.differenceReason,
            recorded_by: r.handover.recordedBy,
            updated_at: r.handover.updatedAt.toISOString(),
          }
        : null,
    })),
    recent: recent.map((h) => ({
      date: h.date,
      rider: h.riderName,
      expected: rupeesOf(h.expectedPaise),
      received: rupeesOf(h.receivedPaise),
      difference: rupeesOf(h.receivedPaise - h.expectedPaise),
      reason: h.differenceReason,
    })),
  };
}

export const cashDayEndpoint = implement(cashDayRoute, async ({ query }) => {
  if (query.date && query.date > shopTime(deliveryNow()).date)
    throw new AppError('bad_request', 'Choose today or a day before.');
  return { data: await cashAnswer(query.date), headers: NO_STORE };
});

export const recordHandoverEndpoint = implement(recordHandoverRoute, async ({ body, actor }) => {
  const { expectedPaise, receivedPaise } = await recordHandover(
    await getDb(),
    {
      riderId: body.rider_id,
      date: body.date,
      receivedPaise: body.received,
      differenceReason: body.difference_reason ?? null,
    },
    shopTime(deliveryNow()).date,
    actor,
  );
  return {
    data: await cashAnswer(body.date),
    message:
      receivedPaise === expectedPaise
        ? `Handover recorded: ${formatPaise(receivedPaise)} received as expected.`
        : `Handover recorded: ${formatPaise(receivedPaise)} received against ${formatPaise(expectedPaise)} expected.`,
    headers: NO_STORE,
  };
});
