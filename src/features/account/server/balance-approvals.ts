/**
 * Deciding a credit or points adjustment that waits for a second person (ADR 0116). Another
 * owner or manager than the asker approves or rejects it; the asker may cancel it. The decision is
 * a guarded update (`status = 'pending'`), so of two people deciding at once exactly one gets
 * through and the other gets 409 with what happened. Approval applies the adjustment (ledger row
 * under the asker's idempotency key, balance, audit entry) in the same transaction; a balance that
 * would go below zero refuses the approval (422) and the adjustment stays pending.
 */
import { and, eq, ne } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { balanceApprovals } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { ADMIN_CUSTOMER_MESSAGES, type AdminCustomer, type BalanceApproval } from '../admin-customer-rules.ts';
import { getAdminCustomer } from './admin-customers.ts';
import { approvalById } from './approval-list.ts';
import { applyLedger, ledgerFor, refuseOwnAccount } from './balance-adjustments.ts';

/** What a staff member does with a pending adjustment. */
export type ApprovalDecision = 'approve' | 'reject' | 'cancel';

const STATUS_OF = { approve: 'approved', reject: 'rejected', cancel: 'cancelled' } as const;

/** What a decision answers: the approval as it now is, and its customer. */
export interface DecisionResult {
  approval: BalanceApproval;
  customer: AdminCustomer;
}

/** Why a guarded update found nothing: 404 no such approval, 403 the asker's own (or not theirs to cancel), 409 decided. */
async function whyNot(db: Database, id: number, decision: ApprovalDecision): Promise<AppError> {
  const current = await approvalById(db, id);
  if (!current) return new AppError('not_found', ADMIN_CUSTOMER_MESSAGES.approvalNotFound);
  if (current.status !== 'pending') return new AppError('conflict', ADMIN_CUSTOMER_MESSAGES.decided(current.status));
  if (decision === 'cancel') return new AppError('forbidden', ADMIN_CUSTOMER_MESSAGES.notYours);
  // Still pending and not refused above: the decider asked for it themselves.
  return new AppError('forbidden', ADMIN_CUSTOMER_MESSAGES.ownRequest);
}

/**
 * Approves, rejects or cancels pending adjustment `id` as `actor`, exactly once. Errors: 403 the
 * asker approving or rejecting their own, someone else cancelling it, or the customer's mobile
 * being the approver's own; 404 unknown; 409 decided already; 422 the balance would go below 0.
 */
export async function decideApproval(
  db: Database,
  id: number,
  decision: ApprovalDecision,
  actor: StaffActor,
): Promise<DecisionResult> {
  const staffId = actor.staffId;
  if (staffId === null) throw new AppError('forbidden', ADMIN_CUSTOMER_MESSAGES.noStaff);
  const known = await approvalById(db, id);
  if (!known) throw new AppError('not_found', ADMIN_CUSTOMER_MESSAGES.approvalNotFound);
  if (decision === 'approve') await refuseOwnAccount(db, known.customerId, actor);
  const status = STATUS_OF[decision];
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(balanceApprovals)
      .set({ status, decidedBy: staffId, decidedAt: new Date() })
      .where(
        and(
          eq(balanceApprovals.id, id),
          eq(balanceApprovals.status, 'pending'),
          decision === 'cancel' ? eq(balanceApprovals.requestedBy, staffId) : ne(balanceApprovals.requestedBy, staffId),
        ),
      )
      .returning();
    if (!row) return null;
    // Staff ids, not names: the audit log keeps no personal data (ADR 0118).
    const approval = { id: row.id, requested_by_staff_id: row.requestedBy, approved_by_staff_id: actor.staffId };
    if (decision === 'approve') {
      const ledger = ledgerFor(row.kind, row.customerId, row.amount, row.reason, row.idempotencyKey);
      await applyLedger(tx, row.customerId, ledger, actor, approval);
    } else {
      await recordAudit(tx, actor, {
        action: decision === 'reject' ? 'customer.adjust_rejected' : 'customer.adjust_cancelled',
        record: { type: 'customer', id: String(row.customerId) },
        before: { approval_id: row.id, status: 'pending' },
        after: { approval_id: row.id, status, kind: row.kind, amount: row.amount, reason: row.reason },
      });
    }
    return { approval: (await approvalById(tx, row.id))!, customer: await getAdminCustomer(tx, row.customerId) };
  });
  if (!result) throw await whyNot(db, id, decision);
  return result;
}
