/**
 * Staff adjustments of a customer's credit (paise) or points, with a reason.
 *
 * An adjustment happens exactly once per idempotency key: its ledger row carries the key under a
 * unique index, inserted first in the transaction, so a retry or a parallel duplicate finds the
 * first one's row (it waits for that transaction on the index) and answers what it answered,
 * without moving the balance again; the same key with another customer, amount or reason is
 * refused (422). The balance moves with a guarded update (never below 0), and the audit entry
 * is written in the same transaction. Credit and points differ only in their ledger table and
 * balance column (BalanceLedger).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { creditTransactions, customers, pointsTransactions } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { formatPaise } from '#lib/money.ts';
import {
  ADMIN_CUSTOMER_MESSAGES,
  type AdminCustomer,
  type CreditAdjust,
  type PointsAdjust,
} from '../admin-customer-rules.ts';
import { getAdminCustomer } from './admin-customers.ts';

/** What an adjustment answers: the customer as they now are, and whether this call was a replay of an earlier one. */
export interface AdjustResult {
  customer: AdminCustomer;
  replayed: boolean;
}

/** One balance and its ledger: how an adjustment is written, recognised on a replay, and reported. */
interface BalanceLedger {
  /** The balance moved: credit (paise) or points. */
  balanceKey: 'creditBalancePaise' | 'pointsBalance';
  /** The signed change. */
  delta: number;
  /** Inserts the ledger row unless the key exists; true when it was inserted now. */
  insert(tx: Transaction): Promise<boolean>;
  /** True when the key's existing row is this same adjustment (a replay, not a reuse). */
  isSameAdjustment(tx: Transaction): Promise<boolean>;
  /** The 422 for a balance that would go below 0. */
  belowZero(balance: number): AppError;
  /** The audit action and the names of the balance and change in its record. */
  audit: { action: string; balanceName: string; deltaName: string; reason: string };
}

function keyReused(): AppError {
  return new AppError('unprocessable', ADMIN_CUSTOMER_MESSAGES.keyReused, {
    errors: { idempotency_key: ADMIN_CUSTOMER_MESSAGES.keyReused },
  });
}

/** Moves one balance by a ledger's delta, once per idempotency key (module comment). */
async function adjustBalance(
  db: Database,
  customerId: number,
  ledger: BalanceLedger,
  actor: StaffActor,
): Promise<AdjustResult> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
    if (!known) throw new AppError('not_found', ADMIN_CUSTOMER_MESSAGES.notFound);
    if (!(await ledger.insert(tx))) {
      if (!(await ledger.isSameAdjustment(tx))) throw keyReused();
      return { customer: await getAdminCustomer(tx, customerId), replayed: true };
    }
    const balance = customers[ledger.balanceKey];
    const [before] = await tx.select({ balance }).from(customers).where(eq(customers.id, customerId)).for('update');
    const [after] = await tx
      .update(customers)
      .set({ [ledger.balanceKey]: sql`${balance} + ${ledger.delta}` })
      .where(and(eq(customers.id, customerId), sql`${balance} + ${ledger.delta} >= 0`))
      .returning({ balance });
    if (!after) throw ledger.belowZero(before!.balance);
    const { action, balanceName, deltaName, reason } = ledger.audit;
    await recordAudit(tx, actor, {
      action,
      record: { type: 'customer', id: String(customerId) },
      before: { [balanceName]: before!.balance },
      after: { [balanceName]: after.balance, [deltaName]: ledger.delta, reason },
    });
    return { customer: await getAdminCustomer(tx, customerId), replayed: false };
  });
}

/**
 * Adds `amount_paise` to the customer's available credit (negative: takes it), once per
 * idempotency key. Errors: 404 unknown customer; 422 below ₹0, a reused key.
 */
export function adjustCredit(
  db: Database,
  customerId: number,
  input: CreditAdjust,
  actor: StaffActor,
): Promise<AdjustResult> {
  const byKey = eq(creditTransactions.idempotencyKey, input.idempotency_key);
  return adjustBalance(
    db,
    customerId,
    {
      balanceKey: 'creditBalancePaise',
      delta: input.amount_paise,
      async insert(tx) {
        const inserted = await tx
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
        return inserted.length > 0;
      },
      async isSameAdjustment(tx) {
        const [first] = await tx.select().from(creditTransactions).where(byKey);
        return (
          first?.customerId === customerId &&
          first.kind === 'adjustment' &&
          first.amountPaise === input.amount_paise &&
          first.note === input.reason
        );
      },
      belowZero(balance) {
        const message = ADMIN_CUSTOMER_MESSAGES.creditBelowZero(formatPaise(balance));
        return new AppError('unprocessable', message, { errors: { amount_paise: message } });
      },
      audit: {
        action: 'customer.credit_adjust',
        balanceName: 'credit_balance_paise',
        deltaName: 'amount_paise',
        reason: input.reason,
      },
    },
    actor,
  );
}

/**
 * Adds `points` to the customer's balance (negative: takes them), once per idempotency key.
 * Errors: 404 unknown customer; 422 below 0, a reused key.
 */
export function adjustPoints(
  db: Database,
  customerId: number,
  input: PointsAdjust,
  actor: StaffActor,
): Promise<AdjustResult> {
  const byKey = eq(pointsTransactions.idempotencyKey, input.idempotency_key);
  return adjustBalance(
    db,
    customerId,
    {
      balanceKey: 'pointsBalance',
      delta: input.points,
      async insert(tx) {
        const inserted = await tx
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
        return inserted.length > 0;
      },
      async isSameAdjustment(tx) {
        const [first] = await tx.select().from(pointsTransactions).where(byKey);
        return (
          first?.customerId === customerId &&
          first.reason === 'adjust' &&
          first.delta === input.points &&
          first.note === input.reason
        );
      },
      belowZero(balance) {
        const message = ADMIN_CUSTOMER_MESSAGES.pointsBelowZero(balance);
        return new AppError('unprocessable', message, { errors: { points: message } });
      },
      audit: {
        action: 'customer.points_adjust',
        balanceName: 'points_balance',
        deltaName: 'points',
        reason: input.reason,
      },
    },
    actor,
  );
}
