/**
 * Refunds of online payments and where each one stands: the gateway settles a refund later
 * (pending, then processed, or failed and retried), so the customer's tracking page and order
 * details show one line per refund — "₹40.00 refund to your original payment method, for items
 * picked lighter or substituted — pending" — and the staff's order page lists them with the
 * gateway's failure reason (StaffPayment.tsx).
 */
import { formatPaise } from '#lib/money.ts';
import { REFUND_PERIOD } from '#lib/refund-period.ts';
import type { OrderJson } from '../contract.ts';

/** A refund of an online payment, as the customer's order JSON lists it. */
export type RefundJson = OrderJson['refunds'][number];

/** A refund's status, as the customer's and the staff's order JSON answer it. */
export type RefundStatusValue = RefundJson['status'] | 'requested' | 'sending';

/** Why the money goes back, as a customer reads it. */
export const REFUND_REASON: Record<RefundJson['reason'], string> = {
  cancel: 'for the cancelled order',
  packing: 'for items picked lighter or substituted',
  late_payment: 'for a payment that arrived after the order was released',
  return: 'for items returned or refunded after delivery',
};

/** Where a refund stands, as a customer reads it. */
export function refundStatusText(status: RefundStatusValue): string {
  if (status === 'processed') return `processed: your bank shows it within ${REFUND_PERIOD}`;
  if (status === 'failed') return 'failed, we are retrying';
  return 'pending';
}

/** The one line a customer reads for `refund`. */
export function refundLine(refund: Pick<RefundJson, 'reason' | 'amount_paise' | 'status'>): string {
  return `${formatPaise(refund.amount_paise)} refund to your original payment method, ${REFUND_REASON[refund.reason]} — ${refundStatusText(refund.status)}`;
}

const TONE: Record<'ok' | 'wait' | 'bad', string> = {
  ok: 'border-brand-200 bg-brand-50 text-brand-800',
  wait: 'border-amber-200 bg-amber-50 text-amber-950',
  bad: 'border-red-200 bg-red-50 text-red-800',
};

/** "Refunds to your payment method" with one line per refund; nothing when there is none. */
export default function RefundStatus({ refunds, className = '' }: { refunds: RefundJson[]; className?: string }) {
  if (!refunds.length) return null;
  const tone = refunds.some((r) => r.status === 'failed')
    ? 'bad'
    : refunds.every((r) => r.status === 'processed')
      ? 'ok'
      : 'wait';
  return (
    <div className={`rounded-lg border px-3 py-2 text-sm ${TONE[tone]} ${className}`} data-refund-status>
      <p className="font-semibold">Refunds to your payment method</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {refunds.map((r) => (
          <li key={r.id}>{refundLine(r)}</li>
        ))}
      </ul>
    </div>
  );
}
