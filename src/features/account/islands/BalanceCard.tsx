/**
 * The balance card of My Account (docs/account-rules.md#profile): the credit balance with its limit
 * and a Transactions button that opens the Credit Transactions dialog, and the points balance
 * (1 point = ₹1 at checkout). Figures come from GET /api/customer/profile, never a fallback.
 */
import { useState } from 'react';
import { formatPaise } from '#lib/money.ts';
import { toPaise } from '#lib/ui/controls.tsx';
import type { ProfileJson } from '../contract.ts';
import CreditTransactionsDialog from './CreditTransactionsDialog.tsx';

/** Credit and points, with the transactions dialog. */
export default function BalanceCard({ account }: { account: ProfileJson['account'] }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="balance-heading" className="rounded-2xl border border-brand-200 bg-brand-50 p-4">
      <h3 id="balance-heading" className="sr-only-focusable">
        Balances
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <p className="text-sm font-medium text-slate-600">Credit balance</p>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="credit-balance">
            {formatPaise(toPaise(account.credit_balance))}
          </p>
          <p className="text-xs text-slate-600">of {formatPaise(toPaise(account.credit_limit))} credit limit</p>
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="mt-3 inline-flex min-h-10 items-center rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            Transactions
          </button>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <p className="text-sm font-medium text-slate-600">Points</p>
          <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="points-balance">
            {account.points_balance}
          </p>
          <p className="text-xs text-slate-600">1 point = ₹1 at checkout. Earned on delivered orders.</p>
        </div>
      </div>
      <CreditTransactionsDialog open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
