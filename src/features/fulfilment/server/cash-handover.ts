/**
 * The riders' day-end cash handover (ADR 0140): per shop day (Asia/Kolkata) and rider, the cash the
 * shop expects — collected in cash at the door that day (live outcomes the rider recorded, or on
 * orders assigned to them), less cash the rider gave back that day (adjustments refunded to `cash`
 * whose cash_given_by is the rider; cash the shop pays from its till counts for no rider) — against what the owner or manager received, the difference's reason
 * required when they differ. One handover row per rider and day (a unique key; recording it again
 * updates it, each time audited with before and after).
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { addDays, shopInstant } from '#features/delivery/index.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { cashHandovers, deliveryOutcomes, orderAdjustments, staff } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { formatPaise } from '#lib/money.ts';

/** One rider's cash for one day (paise). */
export interface RiderCash {
  riderId: number;
  riderName: string;
  /** Orders with a live outcome that day. */
  outcomes: number;
  collectedPaise: number;
  givenBackPaise: number;
  expectedPaise: number;
  handover: {
    expectedPaise: number;
    receivedPaise: number;
    differenceReason: string | null;
    recordedBy: string | null;
    updatedAt: Date;
    /** The expected cash changed after the handover was recorded (a later refund or outcome): record it again. */
    stale: boolean;
  } | null;
}

/** The day's instants: from its shop midnight to the next. */
const dayBounds = (date: string) => ({ from: shopInstant(date, '00:00'), to: shopInstant(addDays(date, 1), '00:00') });

/** Cash collected and given back per rider on `date` (paise), from the outcomes and adjustments. */
async function dayCash(
  db: Database | Transaction,
  date: string,
  riderIds?: number[],
): Promise<Map<number, { collected: number; givenBack: number; outcomes: number }>> {
  const { from, to } = dayBounds(date);
  const onlyRiders = riderIds ? [inArray(deliveryOutcomes.riderId, riderIds)] : [];
  const collected = await db
    .select({
      riderId: deliveryOutcomes.riderId,
      collected: sql<number>`coalesce(sum(${deliveryOutcomes.collectedPaise}) filter (where ${deliveryOutcomes.collectedMethod} = 'cash'), 0)::int`,
      outcomes: sql<number>`count(*)::int`,
    })
    .from(deliveryOutcomes)
    .where(
      and(
        isNull(deliveryOutcomes.undoneAt),
        gte(deliveryOutcomes.createdAt, from),
        lt(deliveryOutcomes.createdAt, to),
        ...onlyRiders,
      ),
    )
    .groupBy(deliveryOutcomes.riderId);
  const onlyGivers = riderIds ? [inArray(orderAdjustments.cashGivenBy, riderIds)] : [];
  // Only cash a rider handed over counts against them; cash the shop paid from its till counts for no one.
  const givenBack = await db
    .select({
      riderId: orderAdjustments.cashGivenBy,
      paise: sql<number>`coalesce(sum(${orderAdjustments.refundPaise}), 0)::int`,
    })
    .from(orderAdjustments)
    .where(
      and(
        eq(orderAdjustments.refundTo, 'cash'),
        isNotNull(orderAdjustments.cashGivenBy),
        gte(orderAdjustments.createdAt, from),
        lt(orderAdjustments.createdAt, to),
        ...onlyGivers,
      ),
    )
    .groupBy(orderAdjustments.cashGivenBy);
  const map = new Map<number, { collected: number; givenBack: number; outcomes: number }>();
  const entry = (id: number) => {
    if (!map.has(id)) map.set(id, { collected: 0, givenBack: 0, outcomes: 0 });
    return map.get(id)!;
  };
  for (const c of collected) {
    if (c.riderId === null) continue;
    entry(c.riderId).collected += Number(c.collected);
    entry(c.riderId).outcomes += Number(c.outcomes);
  }
  for (const g of givenBack) if (g.riderId !== null) entry(g.riderId).givenBack += Number(g.paise);
  return map;
}

/**
 * The day's cash per rider: every active rider, and any member with cash or a handover that day,
 * by name, with what the shop expects and the handover recorded (if any).
 */
export async function cashDay(db: Database, date: string): Promise<RiderCash[]> {
  const [cash, handovers, riders] = await Promise.all([
    dayCash(db, date),
    db
      .select({ h: cashHandovers, recordedBy: staff.name })
      .from(cashHandovers)
      .leftJoin(staff, eq(staff.id, cashHandovers.recordedBy))
      .where(eq(cashHandovers.businessDate, date)),
    db.select({ id: staff.id, name: staff.name, role: staff.role, active: staff.active }).from(staff),
  ]);
  const ids = new Set<number>([
    ...riders.filter((r) => r.role === 'rider' && r.active).map((r) => r.id),
    ...cash.keys(),
    ...handovers.map((h) => h.h.riderId),
  ]);
  return [...ids]
    .map((id) => {
      const c = cash.get(id) ?? { collected: 0, givenBack: 0, outcomes: 0 };
      const h = handovers.find((x) => x.h.riderId === id);
      return {
        riderId: id,
        riderName: riders.find((r) => r.id === id)?.name ?? `Member ${id}`,
        outcomes: c.outcomes,
        collectedPaise: c.collected,
        givenBackPaise: c.givenBack,
        expectedPaise: c.collected - c.givenBack,
        handover: h
          ? {
              expectedPaise: h.h.expectedPaise,
              receivedPaise: h.h.receivedPaise,
              differenceReason: h.h.differenceReason,
              recordedBy: h.recordedBy,
              updatedAt: h.h.updatedAt,
              stale: h.h.expectedPaise !== c.collected - c.givenBack,
            }
          : null,
      };
    })
    .sort((a, b) => a.riderName.localeCompare(b.riderName));
}

/** The recent days' handovers (newest first), for the owner's look back. */
export async function recentHandovers(db: Database, limit = 30) {
  return db
    .select({
      date: cashHandovers.businessDate,
      riderName: staff.name,
      expectedPaise: cashHandovers.expectedPaise,
      receivedPaise: cashHandovers.receivedPaise,
      differenceReason: cashHandovers.differenceReason,
    })
    .from(cashHandovers)
    .innerJoin(staff, eq(staff.id, cashHandovers.riderId))
    .orderBy(desc(cashHandovers.businessDate), asc(staff.name))
    .limit(limit);
}

/** What a handover records. */
export interface HandoverInput {
  riderId: number;
  date: string;
  receivedPaise: number;
  differenceReason: string | null;
}

/**
 * Records (or corrects) a rider's handover for a day: the expected cash worked out now, the
 * received amount, the reason required when they differ; audited with before and after. Parallel
 * requests for one rider and day serialise on the handover's unique key (the upsert). Errors: 400 a
 * day in the future, unknown member, or a difference without a reason.
 */
export async function recordHandover(
  db: Database,
  input: HandoverInput,
  today: string,
  actor: StaffActor,
): Promise<{ expectedPaise: number; receivedPaise: number }> {
  if (input.date > today)
    throw new AppError('bad_request', 'A handover is for today or a day before.', {
      errors: { date: 'Today or earlier.' },
    });
  return db.transaction(async (tx) => {
    // Locks the rider's row: two handovers for one rider and day take turns, each reading the cash afresh.
    const [member] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, input.riderId)).for('update');
    if (!member)
      throw new AppError('bad_request', 'Choose one of the shop’s riders.', {
        errors: { rider_id: 'Choose one of the shop’s riders.' },
      });
    const cash = (await dayCash(tx, input.date, [input.riderId])).get(input.riderId);
    const expectedPaise = (cash?.collected ?? 0) - (cash?.givenBack ?? 0);
    const reason = input.differenceReason?.trim() || null;
    if (input.receivedPaise !== expectedPaise && !reason) {
      const message = `Received ${formatPaise(input.receivedPaise)} differs from the ${formatPaise(expectedPaise)} expected: give a reason.`;
      throw new AppError('bad_request', message, { errors: { difference_reason: message } });
    }
    const [before] = await tx
      .select()
      .from(cashHandovers)
      .where(and(eq(cashHandovers.riderId, input.riderId), eq(cashHandovers.businessDate, input.date)));
    await tx
      .insert(cashHandovers)
      .values({
        riderId: input.riderId,
        businessDate: input.date,
        expectedPaise,
        receivedPaise: input.receivedPaise,
        differenceReason: input.receivedPaise === expectedPaise ? null : reason,
        recordedBy: actor.staffId,
      })
      .onConflictDoUpdate({
        target: [cashHandovers.riderId, cashHandovers.businessDate],
        set: {
          expectedPaise,
          receivedPaise: input.receivedPaise,
          differenceReason: input.receivedPaise === expectedPaise ? null : reason,
          recordedBy: actor.staffId,
          updatedAt: new Date(),
        },
      });
    await recordAudit(tx, actor, {
      action: 'cash.handover',
      record: { type: 'staff', id: input.riderId },
      before: before
        ? { date: input.date, expected_paise: before.expectedPaise, received_paise: before.receivedPaise }
        : null,
      after: {
        date: input.date,
        expected_paise: expectedPaise,
        received_paise: input.receivedPaise,
        difference_paise: input.receivedPaise - expectedPaise,
        reason,
      },
    });
    return { expectedPaise, receivedPaise: input.receivedPaise };
  });
}
