/**
 * One order in the back office (/admin/orders/{id}): its lines with the customer's substitution
 * choice, the customer (a tel: link), the address with a map link, slot, notes, payment and
 * history, the online payment and its refunds (StaffPayment.tsx, with Retry refund), and the actions
 * the member's role allows: mark processed, out for delivery; at the door the rider's outcome, its undo
 * and rescheduling (DoorPanel.tsx); assign a rider; cancel with a reason. Seeded with the server's render; each action answers the order as it is now. The sections
 * are drawn by staff-order-sections.tsx.
 */
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { buttonDanger, buttonPrimary, buttonSecondary, Dialog, ErrorText } from '#lib/ui/controls.tsx';
import { showToast } from '#lib/ui/toast.ts';
import type {
  assignRiderRoute,
  markOutForDeliveryRoute,
  markProcessedRoute,
  StaffOrderJson,
  staffCancelRoute,
} from '../contract.ts';
import { StatusBadge, toStaffLogin } from './admin-order-parts.tsx';
import { DoorFlow, OutcomeSection } from './DoorPanel.tsx';
import StaffPayment from './StaffPayment.tsx';
import { CustomerSection, DeliverySection, HistorySection, ItemsSection } from './staff-order-sections.tsx';

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
} as const;

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
  // An online order awaiting its payment or released unpaid is only looked at: no move, slip or rider.
  const unpaid = order.status === 'pending_payment' || order.status === 'payment_failed';

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
      return callRoute<typeof markOutForDeliveryRoute>('POST /api/admin/orders/{id}/out-for-delivery', { params });
    });
  const cancellable =
    (order.status === 'placed' || order.status === 'processed' || order.status === 'undelivered') &&
    can('orders.cancel');
  const assignable =
    can('orders.assign_rider') && order.status !== 'delivered' && order.status !== 'cancelled' && !unpaid;

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

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Order #{order.id}</h1>
        <StatusBadge status={order.status} />
      </div>
      {unpaid && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {order.status === 'pending_payment'
            ? 'This order is awaiting its online payment. It cannot be picked, packed or dispatched until the payment is captured.'
            : 'This order was released unpaid. It cannot be picked, packed or dispatched; its items went back to the customer’s cart.'}
        </p>
      )}
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
        {!unpaid && (
          <button type="button" className={buttonSecondary} onClick={() => window.print()}>
            Print packing slip
          </button>
        )}
      </div>
      <ErrorText message={error} className="" />

      {order.status === 'out_for_delivery' && can('orders.deliver') && (
        <DoorFlow key={order.id} order={order} busy={busy} run={run} />
      )}
      <OutcomeSection
        order={order}
        busy={busy}
        run={run}
        canUndo={can('orders.refund')}
        canReschedule={can('orders.refund')}
      />

      <div className="grid gap-4 md:grid-cols-2">
        <CustomerSection order={order} />
        <DeliverySection
          order={order}
          busy={busy}
          assignable={assignable}
          riderId={riderId}
          riderFieldId={ids.rider}
          onRiderId={setRiderId}
          onAssign={assign}
        />
      </div>

      <StaffPayment order={order} canRetry={can('orders.cancel')} onOrder={setOrder} />

      <ItemsSection order={order} busy={busy} packing={packing} run={run} />

      <HistorySection order={order} />

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
