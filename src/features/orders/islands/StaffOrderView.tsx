/**
 * One order in the back office (/admin/orders/{id}): its lines with the customer's substitution
 * choice, the customer (a tel: link), the address with a map link, slot, notes, payment and
 * history, and the actions the member's role allows: mark processed, out for delivery,
 * delivered; assign a rider; cancel with a reason. Seeded with the server's render; each action
 * answers the order as it is now.
 */
import { type FormEvent, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { buttonDanger, buttonPrimary, buttonSecondary, Dialog, ErrorText } from '#lib/ui/controls.tsx';
import { showToast } from '#lib/ui/toast.ts';
import { substitutionLabel } from '#features/cart/rules.ts';
import type {
  assignRiderRoute,
  markDeliveredRoute,
  markOutForDeliveryRoute,
  markProcessedRoute,
  StaffOrderJson,
  staffCancelRoute,
} from '../contract.ts';
import { paymentModeLabel, statusLabel } from '../rules.ts';
import { money, paymentStatusLabel, shopDateTime, StatusBadge, toStaffLogin } from './admin-order-parts.tsx';
import PackingControls from './PackingControls.tsx';

interface Props {
  initial: StaffOrderJson;
  /** The member's permissions (src/lib/http/permissions.ts), to show only what they may do. */
  permissions: string[];
}

/** The next step an order can be marked as, with its button, route and permission. */
const NEXT = {
  placed: { label: 'Mark as processed', route: 'POST /api/admin/orders/{id}/processed', permission: 'orders.process' },
  processed: {
    label: 'Mark as out for delivery',
    route: 'POST /api/admin/orders/{id}/out-for-delivery',
    permission: 'orders.deliver',
  },
  out_for_delivery: {
    label: 'Mark as delivered',
    route: 'POST /api/admin/orders/{id}/delivered',
    permission: 'orders.deliver',
  },
} as const;

const addressLine = (a: Record<string, unknown> | null) =>
  a
    ? ['building_num', 'street', 'landmark', 'city', 'po_box']
        .map((k) => a[k])
        .filter((v) => typeof v === 'string' && v.trim())
        .join(', ')
    : '';

export default function StaffOrderView({ initial, permissions }: Props) {
  const [order, setOrder] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [riderId, setRiderId] = useState(order.rider ? String(order.rider.id) : '');
  const can = (p: string) => permissions.includes(p);
  // Packing changes lines only before the order is out for delivery (ADR 0071).
  const packing =
    can('orders.pack') &&
    (order.status === 'placed' || order.status === 'processed') &&
    order.payment_status !== 'pending';
  const ids = { reason: useId(), rider: useId() };

  async function run(
    action: () => Promise<{ data: { order: StaffOrderJson }; message?: string }>,
    onError: (message: string | null) => void = setError,
  ) {
    setBusy(true);
    onError(null);
    try {
      const { data, message } = await action();
      setOrder(data.order);
      setRiderId(data.order.rider ? String(data.order.rider.id) : '');
      if (message) showToast(message);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toStaffLogin();
      onError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
      return false;
    } finally {
      setBusy(false);
    }
  }

  const next = order.status in NEXT ? NEXT[order.status as keyof typeof NEXT] : null;
  const params = { id: order.id };
  const move = () =>
    run(() => {
      if (order.status === 'placed')
        return callRoute<typeof markProcessedRoute>('POST /api/admin/orders/{id}/processed', { params });
      if (order.status === 'processed')
        return callRoute<typeof markOutForDeliveryRoute>('POST /api/admin/orders/{id}/out-for-delivery', { params });
      return callRoute<typeof markDeliveredRoute>('POST /api/admin/orders/{id}/delivered', { params });
    });
  const cancellable = (order.status === 'placed' || order.status === 'processed') && can('orders.cancel');
  const assignable = can('orders.assign_rider') && order.status !== 'delivered' && order.status !== 'cancelled';

  async function cancel(event: FormEvent) {
    event.preventDefault();
    const done = await run(
      () => callRoute<typeof staffCancelRoute>('POST /api/admin/orders/{id}/cancel', { params, body: { reason } }),
      setCancelError,
    );
    if (done) setCancelOpen(false);
  }

  function assign(event: FormEvent) {
    event.preventDefault();
    void run(() =>
      callRoute<typeof assignRiderRoute>('PUT /api/admin/orders/{id}/rider', {
        params,
        body: { rider_id: riderId ? Number(riderId) : null },
      }),
    );
  }

  const a = order.address;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Order #{order.id}</h1>
        <StatusBadge status={order.status} />
      </div>
      <div className="no-print flex flex-wrap gap-2">
        {next && can(next.permission) && (
          <button type="button" className={buttonPrimary} onClick={() => void move()} disabled={busy} aria-busy={busy}>
            {next.label}
          </button>
        )}
        {cancellable && (
          <button type="button" className={buttonDanger} onClick={() => setCancelOpen(true)} disabled={busy}>
            Cancel order
          </button>
        )}
        <button type="button" className={buttonSecondary} onClick={() => window.print()}>
          Print packing slip
        </button>
      </div>
      <ErrorText message={error} className="" />

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="customer-heading" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="customer-heading" className="font-semibold text-slate-900">
            Customer
          </h2>
          <p className="mt-1 text-slate-900">
            {order.customer.name || (typeof a?.name === 'string' ? a.name : 'Customer')}
          </p>
          {order.customer.mobile && (
            <p>
              <a href={`tel:${order.customer.mobile}`} className="font-semibold text-brand-700 underline">
                Call {order.customer.mobile}
              </a>
            </p>
          )}
          {a && (
            <p className="mt-2 text-sm text-slate-800">
              {typeof a.name === 'string' && a.name ? `${a.name}, ` : ''}
              {addressLine(a)}
              {typeof a.mobile === 'string' && a.mobile && a.mobile !== order.customer.mobile ? ` (${a.mobile})` : ''}
            </p>
          )}
          {order.map_url && (
            <p className="mt-1 text-sm">
              <a href={order.map_url} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                Open the address on a map
              </a>
            </p>
          )}
          {order.customer_note && (
            <p className="mt-2 text-sm text-slate-800">
              <span className="font-semibold">Note:</span> {order.customer_note}
            </p>
          )}
        </section>
        <section aria-labelledby="delivery-heading" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="delivery-heading" className="font-semibold text-slate-900">
            Delivery and payment
          </h2>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800">
            <dt className="text-slate-600">Slot</dt>
            <dd>
              {order.delivery_slot
                ? `${order.delivery_slot.label}${order.delivery_slot.zone ? ` · ${order.delivery_slot.zone}` : ''}`
                : 'None'}
            </dd>
            <dt className="text-slate-600">Rider</dt>
            <dd>{order.rider?.name ?? 'Not assigned'}</dd>
            <dt className="text-slate-600">Payment</dt>
            <dd>
              {paymentModeLabel(order.payment_mode)} · {paymentStatusLabel(order.payment_status)}
            </dd>
            <dt className="text-slate-600">To pay</dt>
            <dd className="font-semibold">{money(order.paid_amount)}</dd>
            {order.payment_reference && (
              <>
                <dt className="text-slate-600">Payment ref.</dt>
                <dd className="break-all">{order.payment_reference}</dd>
              </>
            )}
            {order.cancel_reason && (
              <>
                <dt className="text-slate-600">Cancelled</dt>
                <dd>{order.cancel_reason}</dd>
              </>
            )}
          </dl>
          {assignable && (
            <form onSubmit={assign} className="no-print mt-3 flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor={ids.rider} className="mb-1 block text-sm font-medium text-slate-800">
                  Rider
                </label>
                <select
                  id={ids.rider}
                  value={riderId}
                  onChange={(e) => setRiderId(e.target.value)}
                  className="h-11 rounded-lg border border-slate-400 bg-white px-2 text-sm"
                >
                  <option value="">No rider</option>
                  {order.riders.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={buttonSecondary} disabled={busy}>
                Assign rider
              </button>
            </form>
          )}
        </section>
      </div>

      <section aria-labelledby="lines-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="lines-heading" className="font-semibold text-slate-900">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-slate-200">
          {order.lines.map((l) => (
            <li key={l.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
              <div>
                <p className="font-medium text-slate-900">
                  {l.qty} × {l.name}
                  {l.pack ? <span className="font-normal text-slate-600"> ({l.pack})</span> : null}
                </p>
                <p className="text-sm text-slate-700">
                  If out of stock: {substitutionLabel(l.substitution) || 'no choice recorded'}
                </p>
                {l.substituted_for && <p className="text-sm text-slate-900">Substitute for {l.substituted_for}</p>}
                {l.picked !== null && (
                  <p className="text-sm text-slate-900">
                    Picked {l.picked} {l.measure} of {l.ordered}
                  </p>
                )}
              </div>
              <p className="text-sm text-slate-800">
                {money(l.unit_price)} each ·{' '}
                {l.ordered_total && <s className="text-slate-600">{money(l.ordered_total)}</s>}{' '}
                <strong>{money(l.total_amount)}</strong>
              </p>
              {packing && (
                <PackingControls
                  orderId={order.id}
                  line={l}
                  mobile={order.customer.mobile}
                  busy={busy}
                  run={async (action, onError) => {
                    await run(action, onError);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 border-t border-slate-200 pt-2 text-sm text-slate-800">
          <dt>Subtotal</dt>
          <dd className="text-right">{money(order.subtotal)}</dd>
          {Number(order.discount) > 0 && (
            <>
              <dt>Discount{order.promo_code ? ` (${order.promo_code})` : ''}</dt>
              <dd className="text-right">−{money(order.discount)}</dd>
            </>
          )}
          {order.points_redeemed > 0 && (
            <>
              <dt>Points</dt>
              <dd className="text-right">−{order.points_redeemed}</dd>
            </>
          )}
          <dt>Delivery</dt>
          <dd className="text-right">{money(order.delivery_fee)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{money(order.paid_amount)}</dd>
        </dl>
      </section>

      <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="history-heading" className="font-semibold text-slate-900">
          History
        </h2>
        <ol className="mt-2 space-y-1 text-sm text-slate-800">
          {order.history.map((h) => (
            <li key={`${h.status}-${h.at}`}>
              <strong>{statusLabel(h.status)}</strong> · {shopDateTime(h.at)} · by {h.by}
            </li>
          ))}
        </ol>
      </section>

      <Dialog open={cancelOpen} title={`Cancel order #${order.id}`} onClose={() => setCancelOpen(false)}>
        <form onSubmit={cancel} className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Stock, the slot, promo use, points and credit go back; an online payment is refunded. The customer gets an
            SMS.
          </p>
          <div>
            <label htmlFor={ids.reason} className="mb-1 block text-sm font-medium text-slate-800">
              Reason
            </label>
            <textarea
              id={ids.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              maxLength={200}
              className="block w-full rounded-lg border border-slate-400 p-2 text-base"
              data-autofocus
            />
          </div>
          <ErrorText message={cancelError} className="" />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={() => setCancelOpen(false)} disabled={busy}>
              Keep the order
            </button>
            <button type="submit" className={buttonDanger} disabled={busy} aria-busy={busy}>
              Cancel order
            </button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
