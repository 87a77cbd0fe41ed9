/**
 * What follows an order, shown on the orders list and the tracking
 * page: the GST invoice download link (confirmed orders; the server says where as `invoice_url`)
 * and its credit notes' (`credit_notes`),
 * and what was given back, where and when (`refund`, refund.ts), with each refund to the
 * original payment method and where it stands (`refunds`, RefundStatus.tsx).
 */
import type { OrderJson } from '../contract.ts';
import RefundStatus from './RefundStatus.tsx';

const downloadIcon = (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    className="h-4 w-4"
  >
    <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
  </svg>
);
const linkClass =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50';

/**
 * "Download invoice" for an order that has one, then a download of each of its credit notes
 * (reductions after the invoice); nothing otherwise.
 */
export function InvoiceLink({
  order,
  className = '',
}: {
  order: Pick<OrderJson, 'id' | 'invoice_url'> & Partial<Pick<OrderJson, 'credit_notes'>>;
  className?: string;
}) {
  if (!order.invoice_url) return null;
  return (
    <>
      <a href={order.invoice_url} download className={`${linkClass} ${className}`}>
        {downloadIcon}
        Download invoice<span className="sr-only-focusable"> for order #{order.id} (PDF)</span>
      </a>
      {(order.credit_notes ?? []).map((n) => (
        <a key={n.id} href={n.url} download className={`${linkClass} ${className}`}>
          {downloadIcon}
          Credit note {n.number}
          <span className="sr-only-focusable">
            {' '}
            of ₹{n.total} for order #{order.id} (PDF)
          </span>
        </a>
      ))}
    </>
  );
}

/**
 * "Refund" with one line per thing given back (credit, points), then the refunds to the original
 * payment method with their status; nothing when the order gave nothing back. A refund the
 * gateway tracks is told once, with its status, not again as a plain line.
 */
export function RefundNote({
  order,
  className = '',
}: {
  order: Pick<OrderJson, 'refund' | 'refunds'>;
  className?: string;
}) {
  const { refunds } = order;
  const parts = refunds.length ? order.refund.filter((r) => r.to !== 'original_payment') : order.refund;
  if (!parts.length && !refunds.length) return null;
  return (
    <div className={`space-y-2 ${className}`}>
      {parts.length > 0 && (
        <div className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800">
          <p className="font-semibold">Refund</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {parts.map((r) => (
              <li key={r.text}>{r.text}</li>
            ))}
          </ul>
        </div>
      )}
      <RefundStatus refunds={refunds} />
    </div>
  );
}
