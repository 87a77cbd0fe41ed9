/**
 * Track Orders (docs/orders-and-payments.md#orders-list): counters Total, New (neither delivered
 * nor cancelled), Delivered and Cancelled; "Your Orders" newest first, each expanding with View Details / Hide
 * Details (items with image, quantity and amount, payment mode, promo, discount, paid amount,
 * note, date in long US English); status labels (delivered green, cancelled red, others
 * capitalised neutral). Per order: Track (/track-order?order=ID), Reorder (buy again: in-stock
 * items into the cart, naming what was left out) and Cancel while the server says `cancellable`.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { seedCart } from '#features/cart/store.ts';
import SlotRow from '#features/delivery/islands/SlotRow.tsx';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPaise } from '#lib/money.ts';
import { toPaise } from '#lib/ui/controls.tsx';
import type { myOrdersRoute, OrderJson, reorderRoute } from '../contract.ts';
import { ORDER_MESSAGES, orderCounts, orderDate, paymentModeLabel, statusLabel } from '../rules.ts';
import { InvoiceLink, RefundNote } from './AfterOrder.tsx';
import { CancelOrderButton } from './CancelOrder.tsx';
import { OrderItemList } from './OrderItemList.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import SubstitutionNote from './SubstitutionNote.tsx';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; orders: OrderJson[] };

/** The coloured label of an order status: delivered green, cancelled red, others neutral. */
export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'delivered'
      ? 'bg-green-100 text-green-800'
      : status === 'cancelled'
        ? 'bg-red-100 text-red-800'
        : 'bg-slate-100 text-slate-800';
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {statusLabel(status)}
    </span>
  );
}

const newestFirst = (orders: OrderJson[]) =>
  [...orders].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);

/** One order card with its details and actions. */
function OrderCard({
  order,
  onChanged,
  onNotice,
}: {
  order: OrderJson;
  onChanged: () => Promise<void>;
  onNotice: (text: string, tone: 'ok' | 'error') => void;
}) {
  const [open, setOpen] = useState(false);
  const [reordering, setReordering] = useState(false);
  const detailsId = useId();
  const itemCount = order.order_items.reduce((n, i) => n + i.qty, 0);

  async function reorder() {
    setReordering(true);
    try {
      const res = await callRoute<typeof reorderRoute>('POST /api/customer/reorder', {
        body: { order_id: order.id },
        fallbackMessage: 'Failed to add the items to your cart.',
      });
      // The server's message names what was added and what was left out.
      const fallback = res.data.added.length
        ? 'Items added to your cart.'
        : 'None of the items could be added to your cart.';
      onNotice(res.message ?? fallback, res.data.added.length ? 'ok' : 'error');
      // The answer carries the cart as it is now: the navbar's count follows.
      seedCart(res.data);
    } catch (err) {
      onNotice(err instanceof ApiError ? err.message : 'Failed to add the items to your cart.', 'error');
    } finally {
      setReordering(false);
    }
  }

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" aria-label={`Order #${order.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">Order #{order.id}</p>
          <p className="text-sm text-slate-600">
            {orderDate(order.created_at)} · {itemCount} {itemCount === 1 ? 'item' : 'items'} ·{' '}
            {formatPaise(toPaise(order.paid_amount))}
          </p>
        </div>
        <StatusBadge status={order.order_status} />
      </div>
      <RefundNote order={order} className="mt-3" />
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
          className="min-h-10 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {open ? 'Hide Details' : 'View Details'}
        </button>
        <a
          href={`/track-order?order=${order.id}`}
          className="inline-flex min-h-10 items-center rounded-lg border border-brand-700 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          Track
        </a>
        <button
          type="button"
          onClick={reorder}
          disabled={reordering}
          aria-busy={reordering}
          className="min-h-10 rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {reordering ? 'Adding...' : 'Reorder'}
        </button>
        <InvoiceLink order={order} />
        {order.cancellable && (
          <CancelOrderButton
            orderId={order.id}
            onCancelled={async () => {
              onNotice(`Order #${order.id} has been cancelled.`, 'ok');
              await onChanged();
            }}
          />
        )}
      </div>
      <div id={detailsId} hidden={!open} className="mt-4 border-t border-slate-200 pt-4">
        <OrderItemList items={order.order_items} lazy />
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <SlotRow slot={order.delivery_slot} />
          <dt className="text-slate-600">Payment mode</dt>
          <dd className="text-right text-slate-900">{paymentModeLabel(order.payment_mode, order.payment_status)}</dd>
          <OrderTotals order={order} totalLabel="Paid amount" />
          {order.customer_note && (
            <>
              <dt className="text-slate-600">Note</dt>
              <dd className="text-right text-slate-900">{order.customer_note}</dd>
            </>
          )}
          <dt className="text-slate-600">Date</dt>
          <dd className="text-right text-slate-900">{orderDate(order.created_at)}</dd>
        </dl>
        <SubstitutionNote order={order} className="mt-3" />
      </div>
    </li>
  );
}

/** The Track Orders section. */
export default function OrdersSection({ onBack }: { onBack: () => void }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);

  const reload = useCallback(async () => {
    try {
      const { data } = await callRoute<typeof myOrdersRoute>('GET /api/customer/my-orders', {
        fallbackMessage: ORDER_MESSAGES.fetchOrders,
      });
      setLoad({ state: 'ready', orders: newestFirst(data.orders) });
    } catch (err) {
      const message =
        err instanceof ApiError && err.status === 401
          ? ORDER_MESSAGES.loginForOrders
          : err instanceof ApiError
            ? err.message
            : ORDER_MESSAGES.fetchOrders;
      setLoad({ state: 'error', message });
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  if (load.state === 'loading') {
    return (
      <p aria-live="polite" className="py-10 text-center text-slate-600">
        Loading your orders...
      </p>
    );
  }
  if (load.state === 'error') {
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <p role="alert" className="text-red-800">
          {load.message}
        </p>
        <button
          type="button"
          onClick={onBack}
          className="mt-4 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Back to My Account
        </button>
      </div>
    );
  }

  const counts = orderCounts(load.orders.map((o) => o.order_status));
  return (
    <div className="space-y-5">
      <section aria-label="Order counts">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
          {[
            ['Total', counts.total],
            ['New', counts.new],
            ['Delivered', counts.delivered],
            ['Cancelled', counts.cancelled],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl border border-slate-200 bg-white p-3 text-center sm:p-4">
              <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p
        aria-live="polite"
        className={
          notice
            ? `rounded-lg px-3 py-2 text-sm ${notice.tone === 'ok' ? 'bg-brand-50 text-brand-800' : 'bg-amber-50 text-amber-900'}`
            : 'sr-only-focusable'
        }
      >
        {notice?.text ?? ''}
      </p>
      <section aria-labelledby="your-orders-heading">
        <h3 id="your-orders-heading" className="text-lg font-semibold text-slate-900">
          Your Orders
        </h3>
        {counts.total === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
            You have no orders yet.
          </p>
        ) : (
          <ul className="mt-3 space-y-3">
            {load.orders.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                onChanged={reload}
                onNotice={(text, tone) => setNotice({ text, tone })}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
