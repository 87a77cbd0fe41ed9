/**
 * The Credit Transactions dialog (docs/account-rules.md#wallet): tabs Due, Pending (the
 * default) and Paid over GET /api/customer/credit-transaction, payment_approval compared
 * case-insensitively; the Pending tab shows the sum of its paid amounts. A transaction opens the
 * Transaction Details dialog. A failed load reads "Failed to load transactions.".
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { orderDate, orderDateTime, paymentModeLabel, statusLabel } from '#features/orders/rules.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPaise } from '#lib/money.ts';
import { Dialog, ErrorText, toPaise } from '#lib/ui/controls.tsx';
import type { CreditOrderJson, creditTransactionRoute } from '../contract.ts';
import { ACCOUNT_MESSAGES, APPROVAL_TABS, type ApprovalTab, approvalIs } from '../rules.ts';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; orders: CreditOrderJson[] };

/** One line of an address snapshot, or null. */
function addressLine(a: Record<string, unknown> | null): string | null {
  if (!a) return null;
  const parts = [a.building_num, a.street, a.landmark, a.city, a.po_box].filter(
    (p) => typeof p === 'string' && p.trim(),
  );
  return parts.length ? parts.join(', ') : null;
}

/** The dialog with its tabs and the details dialog. */
export default function CreditTransactionsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [tab, setTab] = useState<ApprovalTab>('Pending');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [detail, setDetail] = useState<CreditOrderJson | null>(null);
  const baseId = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    if (!open) return;
    setTab('Pending');
    setLoad({ state: 'loading' });
    const controller = new AbortController();
    callRoute<typeof creditTransactionRoute>('GET /api/customer/credit-transaction', {
      signal: controller.signal,
      fallbackMessage: ACCOUNT_MESSAGES.loadTransactions,
    })
      .then(({ data }) => setLoad({ state: 'ready', orders: data.orders }))
      .catch(() => {
        if (controller.signal.aborted) return;
        setLoad({ state: 'error', message: ACCOUNT_MESSAGES.loadTransactions });
      });
    return () => controller.abort();
  }, [open]);

  const rows = load.state === 'ready' ? load.orders.filter((o) => approvalIs(o.payment_approval, tab)) : [];
  const pendingSum =
    load.state === 'ready'
      ? load.orders
          .filter((o) => approvalIs(o.payment_approval, 'Pending'))
          .reduce((s, o) => s + toPaise(o.paid_amount), 0)
      : 0;

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const i = APPROVAL_TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? (i + 1) % 3
        : event.key === 'ArrowLeft'
          ? (i + 2) % 3
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? 2
              : -1;
    if (next < 0) return;
    event.preventDefault();
    setTab(APPROVAL_TABS[next]!);
    tabRefs.current[APPROVAL_TABS[next]!]?.focus();
  }

  return (
    <>
      <Dialog open={open} title="Credit Transactions" onClose={onClose} width="sm:max-w-lg">
        <div
          role="tablist"
          aria-label="Payment approval"
          className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1"
          onKeyDown={onTabKey}
        >
          {APPROVAL_TABS.map((t) => (
            <button
              key={t}
              ref={(el) => {
                tabRefs.current[t] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t}`}
              aria-selected={tab === t}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === t ? 0 : -1}
              onClick={() => setTab(t)}
              className={`min-h-10 rounded-lg px-3 py-1.5 text-sm font-semibold ${tab === t ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
            >
              {t}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${tab}`}
          className="mt-4"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: APG tabs: a panel without focusable content takes focus.
          tabIndex={0}
        >
          {load.state === 'loading' && (
            <p aria-live="polite" className="py-6 text-center text-sm text-slate-600">
              Loading transactions...
            </p>
          )}
          {load.state === 'error' && <ErrorText message={load.message} className="" />}
          {load.state === 'ready' && (
            <>
              {tab === 'Pending' && (
                <p className="mb-3 flex items-center justify-between rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                  <span>Total pending</span>
                  <strong data-testid="pending-total">{formatPaise(pendingSum)}</strong>
                </p>
              )}
              {rows.length === 0 ? (
                <p className="py-6 text-center text-sm text-slate-600">No {tab.toLowerCase()} transactions.</p>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
                  {rows.map((o) => (
                    <li key={o.id}>
                      <button
                        type="button"
                        onClick={() => setDetail(o)}
                        className="flex w-full items-center justify-between gap-3 px-3 py-3 text-left hover:bg-slate-50"
                      >
                        <span>
                          <span className="block text-sm font-semibold text-slate-900">Order #{o.id}</span>
                          <span className="block text-xs text-slate-600">{orderDate(o.created_at)}</span>
                        </span>
                        <span className="text-right">
                          <span className="block text-sm font-semibold text-slate-900">
                            {formatPaise(toPaise(o.paid_amount))}
                          </span>
                          <span className="block text-xs text-slate-600">View details</span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </Dialog>

      <Dialog open={detail !== null} title="Transaction Details" onClose={() => setDetail(null)}>
        {detail && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Order</dt>
            <dd className="font-semibold">#{detail.id}</dd>
            <dt className="text-slate-600">Date</dt>
            <dd>{orderDateTime(detail.created_at)}</dd>
            <dt className="text-slate-600">Amount</dt>
            <dd className="font-semibold">{formatPaise(toPaise(detail.paid_amount))}</dd>
            <dt className="text-slate-600">Approval</dt>
            <dd>{detail.payment_approval}</dd>
            <dt className="text-slate-600">Payment mode</dt>
            <dd>{paymentModeLabel(detail.payment_mode)}</dd>
            {detail.order_status && (
              <>
                <dt className="text-slate-600">Order status</dt>
                <dd>{statusLabel(detail.order_status)}</dd>
              </>
            )}
            <dt className="text-slate-600">Points earned</dt>
            <dd>{detail.points_earned ?? 0}</dd>
            <dt className="text-slate-600">Address</dt>
            <dd>{addressLine(detail.address) ?? 'Not available'}</dd>
          </dl>
        )}
      </Dialog>
    </>
  );
}
