/**
 * Order tracking (docs/orders-and-payments.md#order-tracking): the four steps placed, processed,
 * out for delivery and delivered, marking the order's real status (the original storefront marked
 * only the first step, a defect: ADR 0002): completed steps with their times, the current step with
 * aria-current="step", a clear cancelled state, and Cancel while the customer may still cancel;
 * the delivery (address, slot, and while out for delivery the rider's name with a Call link); the
 * items and the total; the shop's help contact. Also the panels for signed-out visitors, unknown
 * orders and failures, each with Back to My Account.
 *
 * Rendered on the server without hydration; only the Cancel (CancelOrder.tsx), passed in as
 * `cancel`, is an island of its own.
 */
import type { ReactNode } from 'react';
import SlotRow from '#features/delivery/islands/SlotRow.tsx';
import { formatPhone } from '#lib/phone.ts';
import type { OrderJson } from '../contract.ts';
import {
  CANCEL_WINDOW_MINUTES,
  ORDER_MESSAGES,
  orderDate,
  orderDateTime,
  paymentModeLabel,
  TRACKING_STEPS,
  trackingStepIndex,
} from '../rules.ts';
import { InvoiceLink, RefundNote } from './AfterOrder.tsx';
import { OrderItemList } from './OrderItemList.tsx';
import { StatusBadge } from './OrdersSection.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import SubstitutionNote from './SubstitutionNote.tsx';

/**
 * An order as GET /api/customer/orders/{id} answers it, without what the tracking view does not
 * show; the view reads any status by its label, so it takes any status text.
 */
export type TrackedOrder = Omit<OrderJson, 'payment_status' | 'address_id' | 'address' | 'order_status'> & {
  order_status: string;
};

/** The delivery address as the order was placed: the recipient, the address lines, the mobile. */
export interface DeliveryAddress {
  name: string | null;
  lines: string[];
  mobile: string | null;
}

/** The rider bringing the order (only while it is out for delivery): name and phone (E.164). */
export interface Rider {
  name: string;
  phone: string;
}

/** The shop's help contact: phone as written for people (e.g. "+91 487 242 0000") and e-mail. */
export interface HelpContact {
  phone: string;
  email: string;
}

export type TrackState =
  | { kind: 'order'; order: TrackedOrder; address: DeliveryAddress | null; rider: Rider | null; help: HelpContact }
  | { kind: 'signed-out' }
  | { kind: 'not-found' }
  | { kind: 'no-order' }
  | { kind: 'error'; message: string };

function Panel({
  message,
  tone = 'error',
  children,
}: {
  message: string;
  tone?: 'error' | 'info';
  children?: ReactNode;
}) {
  return (
    <div
      className={`mt-6 rounded-2xl border p-6 text-center ${tone === 'error' ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-slate-50'}`}
    >
      <p role={tone === 'error' ? 'alert' : 'status'} className={tone === 'error' ? 'text-red-800' : 'text-slate-800'}>
        {message}
      </p>
      {children}
      <a
        href="/my-account"
        className="mt-4 inline-flex min-h-10 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Back to My Account
      </a>
    </div>
  );
}

function Check() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="h-4 w-4"
    >
      <path d="m5 12 5 5 9-10" />
    </svg>
  );
}

/** A tel: link's target: the digits and a leading +, e.g. "tel:+914872420000". */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const callLinkClass =
  'inline-flex min-h-10 items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800';

/** The delivery: where, when, and who is bringing it while it is on its way. */
function Delivery({
  order,
  address,
  rider,
}: {
  order: TrackedOrder;
  address: DeliveryAddress | null;
  rider: Rider | null;
}) {
  return (
    <section
      aria-labelledby="delivery-heading"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="delivery-heading" className="text-lg font-semibold text-slate-900">
        Delivery
      </h2>
      {rider && (
        <div className="mt-3 rounded-lg border border-brand-100 bg-brand-50 p-3">
          <p className="text-sm text-slate-800">
            <span className="font-semibold">{rider.name}</span> is bringing your order.
          </p>
          <a href={telHref(rider.phone)} className={`${callLinkClass} mt-2`}>
            Call {rider.name}
          </a>
        </div>
      )}
      <dl className="mt-3 grid grid-cols-1 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="text-slate-600">Delivery address</dt>
        <dd className="text-slate-900">
          {address ? (
            <address className="not-italic">
              {address.name && <span className="block font-medium">{address.name}</span>}
              {address.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              {address.mobile && <span className="block">{formatPhone(address.mobile)}</span>}
            </address>
          ) : (
            'Not available'
          )}
        </dd>
        <SlotRow slot={order.delivery_slot} valueClass="text-slate-900" />
      </dl>
    </section>
  );
}

/** Where to ask about the order: the shop's phone and e-mail. */
function Help({ order, help }: { order: TrackedOrder; help: HelpContact }) {
  return (
    <section aria-labelledby="help-heading" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="help-heading" className="text-lg font-semibold text-slate-900">
        Need help?
      </h2>
      <p className="mt-2 text-sm text-slate-700">Questions about order #{order.id}? Call or write to us.</p>
      <ul className="mt-3 space-y-2 text-sm">
        <li>
          {/* No-break spaces keep the number on one line, as in the footer. */}
          Call{' '}
          <a href={telHref(help.phone)} className="font-semibold text-brand-700 underline hover:text-brand-800">
            {help.phone.replace(/ /g, '\u00a0')}
          </a>
        </li>
        <li>
          E-mail{' '}
          <a href={`mailto:${help.email}`} className="font-semibold text-brand-700 underline hover:text-brand-800">
            {help.email}
          </a>
        </li>
      </ul>
    </section>
  );
}

/** One row of the stepper: a step done, the current one, one still to come, or a delivery that failed. */
interface StepRow {
  key: string;
  label: string;
  state: 'done' | 'current' | 'todo' | 'failed';
  time: string | null;
}

/**
 * The stepper's rows for an order: the four steps at its real status; a delivery brought back
 * undelivered shows the failed trip ("Out for delivery — we could not deliver it", with its time)
 * in place of the step, and once rescheduled also "Rescheduled to <slot>" before the next trip.
 */
export function stepRows(order: TrackedOrder): StepRow[] {
  const status = order.order_status;
  const times = [order.created_at, order.processed_at, order.out_for_delivery_at, order.delivered_at];
  const failed: StepRow | null = order.undelivered_at
    ? {
        key: 'undelivered',
        label: 'Out for delivery — we could not deliver it',
        state: 'failed',
        time: order.undelivered_at,
      }
    : null;
  if (status === 'cancelled') {
    const placed: StepRow = { key: 'placed', label: TRACKING_STEPS[0].label, state: 'done', time: order.created_at };
    return failed ? [placed, failed] : [placed];
  }
  if (status === 'undelivered') {
    return [
      { key: 'placed', label: TRACKING_STEPS[0].label, state: 'done', time: times[0] ?? null },
      { key: 'processed', label: TRACKING_STEPS[1].label, state: 'done', time: times[1] ?? null },
      {
        ...(failed ?? { key: 'undelivered', label: 'Out for delivery — we could not deliver it', time: null }),
        state: 'current',
      },
      { key: 'delivered', label: TRACKING_STEPS[3].label, state: 'todo', time: null },
    ];
  }
  const current = trackingStepIndex(status);
  // Rescheduled after a failed trip: waiting for the new slot is the current step, not "Processed".
  const rescheduled = failed && current >= 1;
  const rows: StepRow[] = TRACKING_STEPS.map((step, i) => ({
    key: step.status,
    label: step.label,
    state: i < current ? 'done' : i === current ? (rescheduled && i === 1 ? 'done' : 'current') : 'todo',
    time: i <= current ? (times[i] ?? null) : null,
  }));
  if (rescheduled) {
    const slot = order.delivery_slot?.label;
    rows.splice(2, 0, failed, {
      key: 'rescheduled',
      label: slot ? `Rescheduled to ${slot}` : 'Rescheduled',
      state: current === 1 ? 'current' : 'done',
      time: null,
    });
  }
  return rows;
}

const STEP_STATE_TEXT: Record<StepRow['state'], string> = {
  done: ' (completed)',
  current: ' (current step)',
  todo: ' (not yet)',
  failed: ' (not delivered)',
};

function Cross() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={3}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      className="h-4 w-4"
    >
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

/** The stepper for an order's status. */
function Steps({ order }: { order: TrackedOrder }) {
  const cancelled = order.order_status === 'cancelled';
  const rows = stepRows(order);
  return (
    <ol className="mt-4 space-y-0" aria-label="Order progress">
      {rows.map((row, i) => {
        const done = row.state === 'done';
        const isCurrent = row.state === 'current';
        const failed = row.state === 'failed' || (isCurrent && row.key === 'undelivered');
        const last = !cancelled && i === rows.length - 1;
        const next = rows[i + 1];
        return (
          <li
            key={row.key}
            aria-current={isCurrent ? 'step' : undefined}
            className="relative flex gap-3 pb-6 last:pb-0"
          >
            {!last && (
              <span
                aria-hidden="true"
                className={`absolute left-[15px] top-8 h-[calc(100%-2rem)] w-0.5 ${next && next.state !== 'todo' ? 'bg-brand-600' : 'bg-slate-200'}`}
              />
            )}
            <span
              className={`relative z-10 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
                failed
                  ? 'border-amber-600 bg-amber-600 text-white'
                  : done || isCurrent
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-slate-500'
              } ${isCurrent && !failed ? 'ring-4 ring-brand-100' : ''}`}
            >
              {failed ? <Cross /> : done || isCurrent ? <Check /> : trackingStepIndex(row.key) + 1}
            </span>
            <span className="pt-1">
              <span
                className={`block text-sm font-semibold ${failed ? 'text-amber-900' : row.state === 'todo' ? 'text-slate-600' : 'text-slate-900'}`}
              >
                {row.label}
                <span className="sr-only-focusable">
                  {failed && isCurrent ? STEP_STATE_TEXT.failed : STEP_STATE_TEXT[row.state]}
                </span>
              </span>
              {row.state !== 'todo' && row.time && (
                <span className="block text-xs text-slate-600">{orderDateTime(row.time)}</span>
              )}
              {isCurrent && !failed && row.key !== 'delivered' && (
                <span className="block text-xs font-medium text-brand-700">In progress</span>
              )}
            </span>
          </li>
        );
      })}
      {cancelled && (
        <li aria-current="step" className="relative flex gap-3">
          <span className="relative z-10 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 border-red-700 bg-red-700 text-white">
            <Cross />
          </span>
          <span className="pt-1">
            <span className="block text-sm font-semibold text-red-800">Cancelled</span>
            {order.cancelled_at && (
              <span className="block text-xs text-slate-600">{orderDateTime(order.cancelled_at)}</span>
            )}
          </span>
        </li>
      )}
    </ol>
  );
}

/** The tracking view for one state. */
export default function TrackOrder({ state, cancel }: { state: TrackState; cancel?: ReactNode }) {
  if (state.kind === 'signed-out') return <Panel message={ORDER_MESSAGES.loginForOrders} tone="info" />;
  if (state.kind === 'not-found') return <Panel message={ORDER_MESSAGES.orderNotFound} />;
  if (state.kind === 'error') return <Panel message={state.message} />;
  if (state.kind === 'no-order') {
    return (
      <Panel message="Choose an order to track from Track Orders in My Account." tone="info">
        <a href="/my-account?section=orders" className="mt-3 block text-sm font-semibold text-brand-700 underline">
          Go to Track Orders
        </a>
      </Panel>
    );
  }
  const { order, address, rider, help } = state;
  const cancelled = order.order_status === 'cancelled';
  return (
    <div className="mt-6 grid gap-6 [overflow-wrap:anywhere] lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="grid min-w-0 content-start gap-6">
        <section
          aria-labelledby="progress-heading"
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">
              Order #{order.id}
            </h2>
            <StatusBadge status={order.order_status} />
          </div>
          <p className="text-sm text-slate-600">Placed on {orderDate(order.created_at)}</p>
          {order.order_status === 'undelivered' && (
            <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              We could not deliver your order: our delivery partner brought it back to the shop. We will call you to
              arrange another delivery slot.
            </p>
          )}
          {cancelled && (
            <p className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              This order was cancelled{order.cancelled_at ? ` on ${orderDate(order.cancelled_at)}` : ''}. It will not be
              delivered.
            </p>
          )}
          <RefundNote order={order} className="mt-3" />
          <Steps order={order} />
          {/* Script-only: hidden without JavaScript, as every such control is (global.css). */}
          {order.cancellable && cancel && (
            <div data-needs-js className="mt-5 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
              {cancel}
              <p className="text-sm text-slate-600">
                You can cancel within {CANCEL_WINDOW_MINUTES} minutes of placing the order.
              </p>
            </div>
          )}
        </section>
        <Delivery order={order} address={address} rider={rider} />
      </div>
      <div className="grid min-w-0 content-start gap-6">
        <section
          aria-labelledby="items-heading"
          className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
        >
          <h2 id="items-heading" className="text-lg font-semibold text-slate-900">
            Items
          </h2>
          <OrderItemList items={order.order_items} className="mt-3" />
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1.5 border-t border-slate-200 pt-4 text-sm">
            <dt className="text-slate-600">Payment mode</dt>
            {/* A tracked order is a confirmed one: an online order among them was paid. */}
            <dd className="text-right">{paymentModeLabel(order.payment_mode, 'paid')}</dd>
            <OrderTotals order={order} />
          </dl>
          <SubstitutionNote order={order} className="mt-3" />
          <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
            <a
              href="/my-account?section=orders"
              className="inline-flex text-sm font-semibold text-brand-700 underline hover:text-brand-800"
            >
              Back to My Account
            </a>
            <InvoiceLink order={order} />
          </div>
        </section>
        <Help order={order} help={help} />
      </div>
    </div>
  );
}
