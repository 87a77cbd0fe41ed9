/**
 * The back office's list of credit and points adjustments waiting for a second person (ADR 0116):
 * what each would do, to whom, why and who asked; Approve and Reject for another owner or manager,
 * Cancel for the asker. Used for every customer on /admin/customers and for the open customer.
 */
import { useId } from 'react';
import { formatPaise } from '#lib/money.ts';
import { formatPhone } from '#lib/phone.ts';
import { buttonPrimary, buttonSecondary } from '#lib/ui/controls.tsx';
import type { BalanceApproval } from '../admin-customer-rules.ts';
import { adminWhen as when } from './admin-customer-format.ts';

/** What an approval would do, e.g. "Add ₹5,000.00 credit" or "Take away 2,000 points". */
export function approvalChange(a: Pick<BalanceApproval, 'kind' | 'amount'>): string {
  const verb = a.amount > 0 ? 'Add' : 'Take away';
  const size = Math.abs(a.amount);
  return a.kind === 'credit'
    ? `${verb} ${formatPaise(size)} credit`
    : `${verb} ${size.toLocaleString('en-IN')} ${size === 1 ? 'point' : 'points'}`;
}

/** The decisions a staff member can take on an approval. */
export type Decision = 'approve' | 'reject' | 'cancel';

export function ApprovalList({
  title,
  approvals,
  staffId,
  canApprove,
  busy,
  showCustomer,
  onDecide,
}: {
  title: string;
  approvals: BalanceApproval[];
  /** The signed-in staff member: their own requests get Cancel instead of Approve and Reject. */
  staffId: number;
  canApprove: boolean;
  busy: boolean;
  showCustomer: boolean;
  onDecide: (approval: BalanceApproval, decision: Decision) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-h`} className="rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id={`${id}-h`} className="font-semibold text-slate-900">
        {title}
      </h2>
      {approvals.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">Nothing is waiting.</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {approvals.map((a) => {
            const mine = a.requestedBy.id === staffId;
            return (
              <li key={a.id} className="rounded-md border border-amber-200 bg-white p-3 text-sm">
                <p className="font-medium text-slate-900">
                  {approvalChange(a)}
                  {showCustomer && (
                    <>
                      {' '}
                      for {a.customerName ?? 'No name'}{' '}
                      <span className="whitespace-nowrap text-slate-700">
                        {a.customerPhone && formatPhone(a.customerPhone)}
                      </span>
                    </>
                  )}
                </p>
                <p className="mt-1 break-words text-slate-800">Reason: {a.reason}</p>
                <p className="mt-1 text-slate-700">
                  Asked by {mine ? 'you' : a.requestedBy.name}, {when(a.createdAt)}
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {mine ? (
                    <button
                      type="button"
                      className={`${buttonSecondary} h-10`}
                      disabled={busy}
                      onClick={() => onDecide(a, 'cancel')}
                    >
                      Cancel request
                    </button>
                  ) : canApprove ? (
                    <>
                      <button
                        type="button"
                        className={`${buttonPrimary} h-10`}
                        disabled={busy}
                        onClick={() => onDecide(a, 'approve')}
                      >
                        Approve
                      </button>
                      <button
                        type="button"
                        className={`${buttonSecondary} h-10`}
                        disabled={busy}
                        onClick={() => onDecide(a, 'reject')}
                      >
                        Reject
                      </button>
                    </>
                  ) : (
                    <span className="text-slate-700">Another owner or manager must approve it.</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
