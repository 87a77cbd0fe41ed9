/**
 * The back office's form to adjust a customer's credit or points with a reason. Each adjustment
 * carries an idempotency key made when the form is filled and kept until it succeeds, so a
 * retried Save never adjusts twice.
 */
import { type FormEvent, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { newIdempotencyKey } from '#lib/http/idempotency-key.ts';
import { formatPaise } from '#lib/money.ts';
import { adminFailure, typedRupeesToPaise } from '#lib/ui/admin-errors.ts';
import { buttonPrimary } from '#lib/ui/controls.tsx';
import type { AdminCustomer } from '../admin-customer-rules.ts';
import type { adjustCreditRoute, adjustPointsRoute } from '../contract.ts';
import { adminInput as input } from './admin-customer-format.ts';

/** A fresh idempotency key for one adjustment (works over plain HTTP too). */
const newKey = () => `adj-${newIdempotencyKey()}`;

/**
 * Adjusts credit (rupees) or points; `onDone` gets the updated customer, a line to announce and
 * whether the adjustment waits for a second person's approval.
 */
export function AdjustBalanceForm({
  kind,
  customer,
  onDone,
}: {
  kind: 'credit' | 'points';
  customer: AdminCustomer;
  onDone: (c: AdminCustomer, text: string, waiting: boolean) => void;
}) {
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<'add' | 'take'>('add');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const label = kind === 'credit' ? 'Adjust credit' : 'Adjust points';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const size =
      kind === 'credit' ? typedRupeesToPaise(amount) : /^\d{1,7}$/.test(amount.trim()) ? Number(amount) : null;
    if (!size)
      return setError(kind === 'credit' ? 'Give an amount in rupees, e.g. 100.' : 'Give a whole number of points.');
    if (reason.trim().length < 3) return setError('Give a reason (3 to 200 characters).');
    const signed = direction === 'add' ? size : -size;
    setBusy(true);
    setError(null);
    try {
      const result =
        kind === 'credit'
          ? await callRoute<typeof adjustCreditRoute>('POST /api/admin/customers/{id}/credit', {
              params: { id: customer.id },
              body: { amount_paise: signed, reason, idempotency_key: key },
            })
          : await callRoute<typeof adjustPointsRoute>('POST /api/admin/customers/{id}/points', {
              params: { id: customer.id },
              body: { points: signed, reason, idempotency_key: key },
            });
      setAmount('');
      setReason('');
      setKey(newKey());
      const waiting = result.data.approval?.status === 'pending';
      onDone(
        result.data.customer,
        waiting
          ? (result.message ?? 'Waiting for approval.')
          : kind === 'credit'
            ? `Credit is now ${formatPaise(result.data.customer.creditBalancePaise)}.`
            : `Points are now ${result.data.customer.pointsBalance}.`,
        waiting,
      );
    } catch (err) {
      setError(adminFailure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-h`}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 id={`${id}-h`} className="font-semibold text-slate-900">
        {label}
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-[8rem_1fr]">
        <label className="text-sm font-medium text-slate-800">
          Add or take
          <select className={input} value={direction} onChange={(e) => setDirection(e.target.value as 'add' | 'take')}>
            <option value="add">Add</option>
            <option value="take">Take away</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          {kind === 'credit' ? 'Amount (₹)' : 'Points'}
          <input
            className={input}
            inputMode={kind === 'credit' ? 'decimal' : 'numeric'}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <label className="text-sm font-medium text-slate-800 sm:col-span-2">
          Reason
          <input className={input} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        </label>
      </div>
      <button type="submit" className={`${buttonPrimary} mt-3 h-10 px-4`} disabled={busy}>
        {label}
      </button>
      <p role="alert" className="mt-2 text-sm text-red-700">
        {error}
      </p>
    </form>
  );
}
