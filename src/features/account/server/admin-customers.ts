/**
 * The back office's customers: finding one by mobile or name, everything staff need about them
 * (orders, addresses, credit and points with their ledgers), and adjusting credit or points with
 * a reason.
 *
 * An adjustment happens exactly once per idempotency key: its ledger row carries the key under a
 * unique index, inserted first in the transaction, so a retry or a parallel duplicate finds the
 * first one's row (it waits for that transaction on the index) and answers what it answered,
 * without moving the balance again; the same key with another customer, amount or reason is
 * refused (422). The balance moves with a guarded update (never below 0), and the audit entry
 * is written in the same transaction.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, like, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { addresses, creditTransactions, customers, orders, pointsTransactions } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { formatPaise } from '#lib/money.ts';
import {
  ADMIN_CUSTOMER_MESSAGES,
  type AdminCustomer,
  type AdminCustomerHit,
  type AdminLedgerLine,
  type CreditAdjust,
  type PointsAdjust,
} from '../admin-customer-rules.ts';

/** Most customers a search returns. */
const SEARCH_LIMIT = 20;
/** Most orders and ledger lines a customer's page shows (newest first). */
const HISTORY_LIMIT = 100;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Customers whose mobile contains the digits typed (3 or more; a leading 0 or 91 is the
 * country's, as people type it) or whose name contains the text, newest first; deleted accounts
 * are left out.
 */
export async function findCustomers(db: Database, text: string): Promise<AdminCustomerHit[]> {
  const t = text.trim();
  let match: SQL;
  if (/^[+\d\s-]+$/.test(t)) {
    let digits = t.replace(/\D/g, '');
    if (digits.length > 10) digits = digits.replace(/^(?:91|0)/, '');
    if (digits.length < 3) return [];
    match = like(customers.phone, `%${digits}%`);
  } else {
    if (t.length < 2) return [];
    match = ilike(customers.name, `%${escapeLike(t)}%`);
  }
  const rows = await db
    .select({ id: customers.id, name: customers.name, phone: customers.phone, createdAt: customers.createdAt })
    .from(customers)
    .where(and(match, isNull(customers.deletedAt)))
    .orderBy(desc(customers.id))
    .limit(SEARCH_LIMIT);
  const counts = rows.length
    ? await db
        .select({ customerId: orders.customerId, n: count() })
        .from(orders)
        .where(
          inArray(
            orders.customerId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(orders.customerId)
    : [];
  const n = new Map(counts.map((c) => [c.customerId, c.n]));
  return rows.map((r) => ({ ...r, ordersCount: n.get(r.id) ?? 0, createdAt: r.createdAt.toISOString() }));
}

/** Signed credit movement of a ledger row: a debit takes from the balance, the others give back (an adjustment is stored signed). */
const creditSign = (kind: string, amount: number) => (kind === 'debit' ? -amount : amount);

/** Everything staff see of a customer; 404 when there is none (or the account was deleted). */
export async function getAdminCustomer(db: Database | Transaction, id: number): Promise<AdminCustomer> {
  const [c] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  if (!c) throw new AppError('not_found', ADMIN_CUSTOMER_MESSAGES.notFound);
  const [orderRows, addressRows, creditRows, pointRows] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.customerId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(addresses)
      .where(eq(addresses.customerId, id))
      .orderBy(desc(addresses.isDefault), asc(addresses.id)),
    db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.customerId, id))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(HISTORY_LIMIT),
    db
      .select()
      .from(pointsTransactions)
      .where(eq(pointsTransactions.customerId, id))
      .orderBy(desc(pointsTransactions.createdAt), desc(pointsTransactions.id))
      .limit(HISTORY_LIMIT),
  ]);
  const line = (r: {
    id: number;
    orderId: number | null;
    note: string | null;
    createdAt: Date;
  }): Omit<AdminLedgerLine, 'kind' | 'amount'> => ({
    id: r.id,
    orderId: r.orderId,
    note: r.note,
    createdAt: r.createdAt.toISOString(),
  });
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    createdAt: c.createdAt.toISOString(),
    pointsBalance: c.pointsBalance,
    creditLimitPaise: c.creditLimitPaise,
    creditBalancePaise: c.creditBalancePaise,
    orders: orderRows.map((o) => ({
      id: o.id,
      createdAt: o.createdAt.toISOString(),
      status: o.status,
      paymentMode: o.paymentMode,
      paymentStatus: o.paymentStatus,
      paidAmountPaise: o.paidAmountPaise,
    })),
    addresses: addressRows.map((a) => ({
      id: a.id,
      type: a.type,
      name: a.name,
      mobile: a.mobile,
      line: [a.buildingNum, a.street, a.landmark, a.city, a.poBox].filter(Boolean).join(', '),
      isDefault: a.isDefault,
    })),
    credit: creditRows.map((r) => ({ ...line(r), kind: r.kind, amount: creditSign(r.kind, r.amountPaise) })),
    points: pointRows.map((r) => ({ ...line(r), kind: r.reason, amount: r.delta })),
  };
}

/** What an adjustment answers: the customer as they now are, and whether this call was a replay of an earlier one. */
export interface AdjustResult {
  customer: AdminCustomer;
  replayed: boolean;
}

function keyReused(): AppError {
  return new AppError('unprocessable', ADMIN_CUSTOMER_MESSAGES.keyReused, {
    errors: { idempotency_key: ADMIN_CUSTOMER_MESSAGES.keyReused },
  });
}

/**
 * Adds `amount_paise` to the customer's available credit (negative: takes it), once per
 * idempotency key (module comment). Errors: 404 unknown customer; 422 below ₹0, a reused key.
 */
export async function adjustCredit(
  db: Database,
  customerId: number,
  input: CreditAdjust,
  actor: StaffActor,
): Promise<AdjustResult> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
    if (!known) throw new AppError('not_found', ADMIN_CUSTOMER_MESSAGES.notFound);
    const [row] = await tx
      .insert(creditTransactions)
      .values({
        customerId,
        kind: 'adjustment',
        amountPaise: input.amount_paise,
        paymentApproval: 'Paid',
        note: input.reason,
        idempotencyKey: input.idempotency_key,
      })
      .onConflictDoNothing({ target: creditTransactions.idempotencyKey })
      .returning({ id: creditTransactions.id });
    if (!row) {
      const [first] = await tx
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.idempotencyKey, input.idempotency_key));
      if (
        !first ||
        first.customerId !== customerId ||
        first.kind !== 'adjustment' ||
        first.amountPaise !== input.amount_paise ||
        first.note !== input.reason
      )
        throw keyReused();
      return { customer: await getAdminCustomer(tx, customerId), replayed: true };
    }
    const [before] = await tx
      .select({ balance: customers.creditBalancePaise })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    const [after] = await tx
      .update(customers)
      .set({ creditBalancePaise: sql`${customers.creditBalancePaise} + ${input.amount_paise}` })
      .where(and(eq(customers.id, customerId), sql`${customers.creditBalancePaise} + ${input.amount_paise} >= 0`))
      .returning({ balance: customers.creditBalancePaise });
    if (!after)
      throw new AppError('unprocessable', ADMIN_CUSTOMER_MESSAGES.creditBelowZero(formatPaise(before!.balance)), {
        errors: { amount_paise: ADMIN_CUSTOMER_MESSAGES.creditBelowZero(formatPaise(before!.balance)) },
      });
    await recordAudit(tx, actor, {
      action: 'customer.credit_adjust',
      record: { type: 'customer', id: String(customerId) },
      before: { credit_balance_paise: before!.balance },
      after: { credit_balance_paise: after.balance, amount_paise: input.amount_paise, reason: input.reason },
    });
    return { customer: await getAdminCustomer(tx, customerId), replayed: false };
  });
}

/**
 * Adds `points` to the customer's balance (negative: takes them), once per idempotency key
 * (module comment). Errors: 404 unknown customer; 422 below 0, a reused key.
 */
export async function adjustPoints(
  db: Database,
  customerId: number,
  input: PointsAdjust,
  actor: StaffActor,
): Promise<AdjustResult> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
    if (!known) throw new AppError('not_found', ADMIN_CUSTOMER_MESSAGES.notFound);
    const [row] = await tx
      .insert(pointsTransactions)
      .values({
        customerId,
        delta: input.points,
        reason: 'adjust',
        note: input.reason,
        idempotencyKey: input.idempotency_key,
      })
      .onConflictDoNothing({ target: pointsTransactions.idempotencyKey })
      .returning({ id: pointsTransactions.id });
    if (!row) {
      const [first] = await tx
        .select()
        .from(pointsTransactions)
        .where(eq(pointsTransactions.idempotencyKey, input.idempotency_key));
      if (
        !first ||
        first.customerId !== customerId ||
        first.reason !== 'adjust' ||
        first.delta !== input.points ||
        first.note !== input.reason
      )
        throw keyReused();
      return { customer: await getAdminCustomer(tx, customerId), replayed: true };
    }
    const [before] = await tx
      .select({ balance: customers.pointsBalance })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    const [after] = await tx
      .update(customers)
      .set({ pointsBalance: sql`${customers.pointsBalance} + ${input.points}` })
      .where(and(eq(customers.id, customerId), sql`${customers.pointsBalance} + ${input.points} >= 0`))
      .returning({ balance: customers.pointsBalance });
    if (!after)
      throw new AppError('unprocessable', ADMIN_CUSTOMER_MESSAGES.pointsBelowZero(before!.balance), {
        errors: { points: ADMIN_CUSTOMER_MESSAGES.pointsBelowZero(before!.balance) },
      });
    await recordAudit(tx, actor, {
      action: 'customer.points_adjust',
      record: { type: 'customer', id: String(customerId) },
      before: { points_balance: before!.balance },
      after: { points_balance: after.balance, points: input.points, reason: input.reason },
    });
    return { customer: await getAdminCustomer(tx, customerId), replayed: false };
  });
}
