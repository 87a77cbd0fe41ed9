/**
 * Reading the credit and points adjustments that wait for (or had) a second person's approval
 * (ADR 0116): one by id, and the list staff see, oldest waiting first.
 */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '#lib/db/index.ts';
import { balanceApprovals, customers, staff } from '#lib/db/schema.ts';
import type { BalanceApproval } from '../admin-customer-rules.ts';

/** Most approvals a list returns. */
const LIST_LIMIT = 100;

const decider = alias(staff, 'decider');

async function select(db: Database | Transaction, where: SQL | undefined, newestFirst: boolean) {
  const rows = await db
    .select({
      a: balanceApprovals,
      customerName: customers.name,
      customerPhone: customers.phone,
      requesterName: staff.name,
      deciderName: decider.name,
    })
    .from(balanceApprovals)
    .innerJoin(customers, eq(customers.id, balanceApprovals.customerId))
    .innerJoin(staff, eq(staff.id, balanceApprovals.requestedBy))
    .leftJoin(decider, eq(decider.id, balanceApprovals.decidedBy))
    .where(where)
    .orderBy(newestFirst ? desc(balanceApprovals.id) : asc(balanceApprovals.id))
    .limit(LIST_LIMIT);
  return rows.map(
    (r): BalanceApproval => ({
      id: r.a.id,
      customerId: r.a.customerId,
      customerName: r.customerName,
      customerPhone: r.customerPhone,
      kind: r.a.kind,
      amount: r.a.amount,
      reason: r.a.reason,
      status: r.a.status,
      requestedBy: { id: r.a.requestedBy, name: r.requesterName },
      decidedBy: r.a.decidedBy === null ? null : { id: r.a.decidedBy, name: r.deciderName ?? '' },
      decidedAt: r.a.decidedAt?.toISOString() ?? null,
      createdAt: r.a.createdAt.toISOString(),
    }),
  );
}

/** One approval by id, or null. */
export async function approvalById(db: Database | Transaction, id: number): Promise<BalanceApproval | null> {
  const [row] = await select(db, eq(balanceApprovals.id, id), false);
  return row ?? null;
}

/**
 * The adjustments waiting for approval (oldest first), of one customer when `customerId` is
 * given; with `status` another than pending, the latest 100 of that status.
 */
export function listApprovals(
  db: Database,
  filter: { status: BalanceApproval['status']; customerId?: number },
): Promise<BalanceApproval[]> {
  const where = and(
    eq(balanceApprovals.status, filter.status),
    filter.customerId === undefined ? undefined : eq(balanceApprovals.customerId, filter.customerId),
  );
  return select(db, where, filter.status !== 'pending');
}
