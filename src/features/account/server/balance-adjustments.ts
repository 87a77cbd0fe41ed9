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
 *
 * Two people for large sums (ADR 0116): an adjustment worth more than APPROVAL_ABOVE_RUPEES
 * (points at ₹1 each, either direction) is written as a pending approval instead
 * (balance-approvals.ts applies it when a second owner or manager approves), unless the asker is
 * an owner and the shop has no other active owner or manager: then it applies at once, audited as
 * approved by the sole owner. Nobody adjusts an account whose mobile is their own (403, audited).
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { getConfig } from '#lib/config.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { balanceApprovals, creditTransactions, customers, pointsTransactions, staff } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { formatPaise } from '#lib/money.ts';
import {
  ADMIN_CUSTOMER_MESSAGES,
  type AdminCustomer,
  adjustmentValuePaise,
  type BalanceApproval,
  type BalanceKind,
  type CreditAdjust,
  type PointsAdjust,
} from '../admin-customer-rules.ts';
import { getAdminCustomer } from './admin-customers.ts';
import { approvalById } from './approval-list.ts';

/**
 * What an adjustment answers: the customer as they now are, whether this call was a replay of an
 * earlier one, and the approval it waits for (null when it was applied).
 */
export interface AdjustResult {
  customer: AdminCustomer;
  replayed: boolean;
  approval: BalanceApproval | null;
}

/** Options the tests pass: the approval limit (paise; 0 off) instead of the setting's. */
export interface AdjustOptions {
  approvalAbovePaise?: number;
}

/** One balance and its ledger: how an adjustment is written, recognised on a replay, and reported. */
export interface BalanceLedger {
  kind: BalanceKind;
  /** The balance moved: credit (paise) or points. */
  balanceKey: 'creditBalancePaise' | 'pointsBalance';
  /** The signed change. */
  delta: number;
  reason: string;
  idempotencyKey: string;
  /** Inserts the ledger row unless the key exists; true when it was inserted now. */
  insert(tx: Transaction): Promise<boolean>;
  /** What the key's ledger row is: none, this same adjustment (a replay), or another one. */
  existing(tx: Transaction): Promise<'none' | 'same' | 'other'>;
  /** The 422 for a balance that would go below 0. */
  belowZero(balance: number): AppError;
  /** The audit action and the names of the balance and change in its record. */
  audit: { action: string; balanceName: string; deltaName: string };
}

function keyReused(): AppError {
  return new AppError('unprocessable', ADMIN_CUSTOMER_MESSAGES.keyReused, {
    errors: { idempotency_key: ADMIN_CUSTOMER_MESSAGES.keyReused },
  });
}

/**
 * Writes the ledger row and moves the balance, in `tx`, with its audit entry (`approval` added to
 * the entry's after: who asked and who approved). Returns false when the key's row exists already
 * (a replay: nothing moves); a reused key is 422, a balance below 0 is 422.
 */
export async function applyLedger(
  tx: Transaction,
  customerId: number,
  ledger: BalanceLedger,
  actor: StaffActor,
  approval?: Record<string, unknown>,
): Promise<boolean> {
  if (!(await ledger.insert(tx))) {
    if ((await ledger.existing(tx)) !== 'same') throw keyReused();
    return false;
  }
  const balance = customers[ledger.balanceKey];
  const [before] = await tx.select({ balance }).from(customers).where(eq(customers.id, customerId)).for('update');
  const [after] = await tx
    .update(customers)
    .set({ [ledger.balanceKey]: sql`${balance} + ${ledger.delta}` })
    .where(and(eq(customers.id, customerId), sql`${balance} + ${ledger.delta} >= 0`))
    .returning({ balance });
  if (!after) throw ledger.belowZero(before!.balance);
  const { action, balanceName, deltaName } = ledger.audit;
  await recordAudit(tx, actor, {
    action,
    record: { type: 'customer', id: String(customerId) },
    before: { [balanceName]: before!.balance },
    after: {
      [balanceName]: after.balance,
      [deltaName]: ledger.delta,
      reason: ledger.reason,
      ...(approval ? { approval } : {}),
    },
  });
  return true;
}

/**
 * 403 (with its audit entry, written on its own since the refused change writes nothing) when the
 * staff member's mobile is the customer's.
 */
export async function refuseOwnAccount(db: Database, customerId: number, actor: StaffActor): Promise<void> {
  if (actor.staffId === null) return;
  const [same] = await db
    .select({ id: customers.id })
    .from(customers)
    .innerJoin(staff, eq(staff.phone, customers.phone))
    .where(and(eq(customers.id, customerId), eq(staff.id, actor.staffId)));
  if (!same) return;
  await recordAudit(db, actor, {
    action: 'customer.adjust_refused_own_account',
    record: { type: 'customer', id: String(customerId) },
  });
  throw new AppError('forbidden', ADMIN_CUSTOMER_MESSAGES.ownAccount);
}

/** Whether the shop has an active owner or manager other than `staffId`, who could approve. */
async function anotherApprover(tx: Transaction, staffId: number): Promise<boolean> {
  const [other] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.active, true), ne(staff.id, staffId), sql`${staff.role} in ('owner', 'manager')`))
    .limit(1);
  return other !== undefined;
}

/**
 * Moves one balance by a ledger's delta, once per idempotency key, or (above the limit) writes it
 * as a pending approval once per key (module comment).
 */
async function adjustBalance(
  db: Database,
  customerId: number,
  ledger: BalanceLedger,
  actor: StaffActor,
  options: AdjustOptions,
): Promise<AdjustResult> {
  await refuseOwnAccount(db, customerId, actor);
  const limit = options.approvalAbovePaise ?? getConfig().APPROVAL_ABOVE_RUPEES * 100;
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
    if (!known) throw new AppError('not_found', ADMIN_CUSTOMER_MESSAGES.notFound);
    // A key already waiting for approval: a retry of that request answers it again.
    const asked = await askedBefore(tx, customerId, ledger);
    if (asked) return { customer: await getAdminCustomer(tx, customerId), replayed: true, approval: asked };
    const large = limit > 0 && adjustmentValuePaise(ledger.kind, ledger.delta) > limit;
    let approval: Record<string, unknown> | undefined;
    if (large) {
      if (actor.staffId === null) throw new AppError('forbidden', ADMIN_CUSTOMER_MESSAGES.noStaff);
      const soleOwner = actor.role === 'owner' && !(await anotherApprover(tx, actor.staffId));
      if (!soleOwner) {
        const state = await ledger.existing(tx);
        if (state === 'other') throw keyReused();
        if (state === 'same')
          return { customer: await getAdminCustomer(tx, customerId), replayed: true, approval: null };
        return requestApproval(tx, customerId, ledger, actor, actor.staffId);
      }
      approval = { approved_by: 'sole owner', limit_paise: limit };
    }
    const applied = await applyLedger(tx, customerId, ledger, actor, approval);
    return { customer: await getAdminCustomer(tx, customerId), replayed: !applied, approval: null };
  });
}

/** The approval written earlier under this key, if any (a replay); 422 when the key was another adjustment's. */
async function askedBefore(
  tx: Transaction,
  customerId: number,
  ledger: BalanceLedger,
): Promise<BalanceApproval | null> {
  const [row] = await tx
    .select()
    .from(balanceApprovals)
    .where(eq(balanceApprovals.idempotencyKey, ledger.idempotencyKey));
  if (!row) return null;
  const same =
    row.customerId === customerId &&
    row.kind === ledger.kind &&
    row.amount === ledger.delta &&
    row.reason === ledger.reason;
  if (!same) throw keyReused();
  return approvalById(tx, row.id);
}

/** Writes the pending approval (once per key: a parallel duplicate answers the first one's) and its audit entry. */
async function requestApproval(
  tx: Transaction,
  customerId: number,
  ledger: BalanceLedger,
  actor: StaffActor,
  staffId: number,
): Promise<AdjustResult> {
  const [row] = await tx
    .insert(balanceApprovals)
    .values({
      customerId,
      kind: ledger.kind,
      amount: ledger.delta,
      reason: ledger.reason,
      idempotencyKey: ledger.idempotencyKey,
      requestedBy: staffId,
    })
    .onConflictDoNothing({ target: balanceApprovals.idempotencyKey })
    .returning({ id: balanceApprovals.id });
  if (!row) {
    const asked = await askedBefore(tx, customerId, ledger);
    return { customer: await getAdminCustomer(tx, customerId), replayed: true, approval: asked };
  }
  await recordAudit(tx, actor, {
    action: 'customer.adjust_requested',
    record: { type: 'customer', id: String(customerId) },
    after: { approval_id: row.id, kind: ledger.kind, [ledger.audit.deltaName]: ledger.delta, reason: ledger.reason },
  });
  return {
    customer: await getAdminCustomer(tx, customerId),
    replayed: false,
    approval: await approvalById(tx, row.id),
  };
}

/** The credit ledger for `delta` paise under `key`. */
function creditLedger(customerId: number, delta: number, reason: string, key: string): BalanceLedger {
  const byKey = eq(creditTransactions.idempotencyKey, key);
  return {
    kind: 'credit',
    balanceKey: 'creditBalancePaise',
    delta,
    reason,
    idempotencyKey: key,
    async insert(tx) {
      const inserted = await tx
        .insert(creditTransactions)
        .values({
          customerId,
          kind: 'adjustment',
          amountPaise: delta,
          paymentApproval: 'Paid',
          note: reason,
          idempotencyKey: key,
        })
        .onConflictDoNothing({ target: creditTransactions.idempotencyKey })
        .returning({ id: creditTransactions.id });
      return inserted.length > 0;
    },
    async existing(tx) {
      const [first] = await tx.select().from(creditTransactions).where(byKey);
      if (!first) return 'none';
      return first.customerId === customerId &&
        first.kind === 'adjustment' &&
        first.amountPaise === delta &&
        first.note === reason
        ? 'same'
        : 'other';
    },
    belowZero(balance) {
      const message = ADMIN_CUSTOMER_MESSAGES.creditBelowZero(formatPaise(balance));
      return new AppError('unprocessable', message, { errors: { amount_paise: message } });
    },
    audit: { action: 'customer.credit_adjust', balanceName: 'credit_balance_paise', deltaName: 'amount_paise' },
  };
}

/** The points ledger for `delta` points under `key`. */
function pointsLedger(customerId: number, delta: number, reason: string, key: string): BalanceLedger {
  const byKey = eq(pointsTransactions.idempotencyKey, key);
  return {
    kind: 'points',
    balanceKey: 'pointsBalance',
    delta,
    reason,
    idempotencyKey: key,
    async insert(tx) {
      const inserted = await tx
        .insert(pointsTransactions)
        .values({ customerId, delta, reason: 'adjust', note: reason, idempotencyKey: key })
        .onConflictDoNothing({ target: pointsTransactions.idempotencyKey })
        .returning({ id: pointsTransactions.id });
      return inserted.length > 0;
    },
    async existing(tx) {
      const [first] = await tx.select().from(pointsTransactions).where(byKey);
      if (!first) return 'none';
      return first.customerId === customerId &&
        first.reason === 'adjust' &&
        first.delta === delta &&
        first.note === reason
        ? 'same'
        : 'other';
    },
    belowZero(balance) {
      const message = ADMIN_CUSTOMER_MESSAGES.pointsBelowZero(balance);
      return new AppError('unprocessable', message, { errors: { points: message } });
    },
    audit: { action: 'customer.points_adjust', balanceName: 'points_balance', deltaName: 'points' },
  };
}

/** The ledger of a pending approval's adjustment (balance-approvals.ts applies it). */
export function ledgerFor(
  kind: BalanceKind,
  customerId: number,
  delta: number,
  reason: string,
  key: string,
): BalanceLedger {
  return kind === 'credit'
    ? creditLedger(customerId, delta, reason, key)
    : pointsLedger(customerId, delta, reason, key);
}

/**
 * Adds `amount_paise` to the customer's available credit (negative: takes it), once per
 * idempotency key; above the approval limit it waits for a second person (module comment).
 * Errors: 403 the staff member's own account; 404 unknown customer; 422 below ₹0, a reused key.
 */
export function adjustCredit(
  db: Database,
  customerId: number,
  input: CreditAdjust,
  actor: StaffActor,
  options: AdjustOptions = {},
): Promise<AdjustResult> {
  const ledger = creditLedger(customerId, input.amount_paise, input.reason, input.idempotency_key);
  return adjustBalance(db, customerId, ledger, actor, options);
}

/**
 * Adds `points` to the customer's balance (negative: takes them), once per idempotency key; above
 * the approval limit it waits for a second person (module comment). Errors: 403 the staff
 * member's own account; 404 unknown customer; 422 below 0, a reused key.
 */
export function adjustPoints(
  db: Database,
  customerId: number,
  input: PointsAdjust,
  actor: StaffActor,
  options: AdjustOptions = {},
): Promise<AdjustResult> {
  const ledger = pointsLedger(customerId, input.points, input.reason, input.idempotency_key);
  return adjustBalance(db, customerId, ledger, actor, options);
}
