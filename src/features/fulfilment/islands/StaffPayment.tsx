/**
 * The online payment of an order on the staff's order page: the gateway's order and payment ids,
 * where the payment stands at the gateway (asked live while the order is unpaid), a payment
 * problem (an amount or currency the gateway reported that differs from the order's:
 * never marked paid, for staff to sort out with the gateway), and the refunds with their status
 * and the gateway's failure reason. A failed refund has "Retry refund" for a member who may
 * refund (orders.cancel); the retry answers the refund as it is now.
 */
import { useState } from 'react';
import { REFUND_REASON } from '#features/orders/islands/RefundStatus.tsx';
import type { retryRefundRoute } from '#features/payments/contract.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPaise } from '#lib/money.ts';
import { buttonSecondary, ErrorText } from '#lib/ui/controls.tsx';
import { showToast } from '#lib/ui/toast.ts';
import type { StaffOrderJson } from '../contract.ts';
import { shopDateTime, toStaffLogin } from './admin-order-parts.tsx';

/** A refund as the staff's order JSON lists it. */
type StaffRefundJson = StaffOrderJson['refunds'][number];

const STATUS: Record<StaffRefundJson['status'], { label: string; tone: string }> = {
  requested: { label: 'Requested', tone: 'bg-amber-100 text-amber-900' },
  sending: { label: 'Sending to the gateway', tone: 'bg-amber-100 text-amber-900' },
  pending: { label: 'Pending at the gateway', tone: 'bg-sky-100 text-sky-900' },
  processed: { label: 'Processed', tone: 'bg-brand-100 text-brand-800' },
  failed: { label: 'Failed', tone: 'bg-red-100 text-red-800' },
};

/** Where the payment stands at the gateway, in words (asked live while the order is unpaid). */
const GATEWAY_STATE: Record<NonNullable<StaffOrderJson['payment']>['gateway_state'], string> = {
  not_created: 'No gateway order',
  created: 'Created: no payment yet',
  failed: 'Failed: no payment went through',
  authorized: 'Authorized: not captured yet',
  captured: 'Captured',
  refunded: 'Refunded',
  unknown: 'Unknown: the gateway could not be asked',
};

/** Asks the gateway again for a failed refund; answers the refund as it is now. */
async function retryRefund(orderId: number, refundId: number) {
  return callRoute<typeof retryRefundRoute>('POST /api/admin/orders/{id}/refunds/{refundId}/retry', {
    params: { id: orderId, refundId },
    fallbackMessage: 'The refund could not be retried. Please try again.',
  });
}

interface Props {
  order: StaffOrderJson;
  /** Whether the member may retry a refund (orders.cancel). */
  canRetry: boolean;
  /** The order with the retried refund as it is now. */
  onOrder: (order: StaffOrderJson) => void;
}

/** "Online payment": the gateway's ids, a payment problem and the refunds; nothing for an order without any. */
export default function StaffPayment({ order, canRetry, onOrder }: Props) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { payment, refunds } = order;
  if (!payment?.gateway_order_id && !payment?.problem && refunds.length === 0) return null;

  async function retry(refundId: number) {
    setBusy(refundId);
    setError(null);
    try {
      const { data, message } = await retryRefund(order.id, refundId);
      const retried = (r: StaffRefundJson) =>
        r.id === data.refund.id ? { ...r, status: data.refund.status, failure_reason: data.refund.failure_reason } : r;
      onOrder({ ...order, refunds: order.refunds.map(retried) });
      showToast(message || (data.refund.status === 'failed' ? 'The refund failed again.' : 'Refund sent again.'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toStaffLogin();
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="payment-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="payment-heading" className="font-semibold text-slate-900">
        Online payment
      </h2>
      {payment?.problem && (
        <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <strong>Payment problem:</strong> {payment.problem}
        </p>
      )}
      {payment?.gateway_order_id && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800">
          <dt className="text-slate-600">Gateway</dt>
          <dd>{payment.gateway === 'simulator' ? 'Simulator (test payments)' : 'Razorpay'}</dd>
          <dt className="text-slate-600">Gateway order</dt>
          <dd className="break-all">{payment.gateway_order_id}</dd>
          <dt className="text-slate-600">Gateway state</dt>
          <dd>{GATEWAY_STATE[payment.gateway_state]}</dd>
          <dt className="text-slate-600">Payment</dt>
          <dd className="break-all">{payment.payment_id ?? 'None yet'}</dd>
          {payment.gateway_payments.length > 0 && (
            <>
              <dt className="text-slate-600">Attempts</dt>
              <dd>
                <ul>
                  {payment.gateway_payments.map((p) => (
                    <li key={p.id} className="break-all">
                      {p.id}: {p.status}
                      {p.method ? ` (${p.method})` : ''}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
        </dl>
      )}
      {refunds.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">Refunds</h3>
          <ul className="mt-1 divide-y divide-slate-200">
            {refunds.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm text-slate-800">
                <strong>{formatPaise(r.amount_paise)}</strong>
                <span>{REFUND_REASON[r.reason]}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[r.status].tone}`}>
                  {STATUS[r.status].label}
                </span>
                <span className="text-slate-600">{shopDateTime(r.created_at)}</span>
                {r.status === 'failed' && r.failure_reason && (
                  <span className="basis-full text-red-800">Reason: {r.failure_reason}</span>
                )}
                {r.status === 'failed' && canRetry && (
                  <button
                    type="button"
                    className={`no-print ${buttonSecondary}`}
                    onClick={() => void retry(r.id)}
                    disabled={busy !== null}
                    aria-busy={busy === r.id}
                  >
                    Retry refund<span className="sr-only-focusable"> of {formatPaise(r.amount_paise)}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      <ErrorText message={error} className="mt-2" />
    </section>
  );
}
