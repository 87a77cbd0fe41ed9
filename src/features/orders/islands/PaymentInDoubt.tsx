/**
 * An online payment whose outcome the browser never heard (the connection dropped while paying or
 * confirming, the tab was closed): the order awaiting its payment holds the cart's lines, so they
 * are shown read-only under "We are checking your payment for order #N", with the action that
 * would start another order (Place Order, Proceed to Checkout) disabled until the order resolves.
 *
 * It asks the shop where the order stands (POST /api/customer/payments/check, which asks the
 * gateway) at once, every CHECK_EVERY_MS while the page is in view, when the connection comes
 * back, and on "Check now". Paid: `onPaid` (the checkout's Order Confirmed), else a short
 * confirmation with a link to the order. Released (declined, abandoned, expired): `onReleased`,
 * else the cart is fetched again (its lines are back) and the panel says so. Used by the checkout
 * and the cart page (which mounts it beside the cart; $heldByPayment keeps the cart from saying
 * it is empty meanwhile).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { $heldByPayment, loadCart } from '#features/cart/store.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPaise, rupeesToPaise } from '#lib/money.ts';
import type { checkPaymentRoute, OrderJson } from '../contract.ts';
import { PAYMENT_DOUBT_MESSAGES as MSG } from '../rules.ts';

/** How often the panel asks again while the page is in view, in milliseconds. */
const CHECK_EVERY_MS = 5000;

interface Props {
  /** The order awaiting its payment. */
  order: OrderJson;
  /** The connection was lost while paying or confirming: said first. */
  lostConnection?: boolean;
  /** The disabled action's label ("Place Order" at checkout, "Proceed to Checkout" on the cart). */
  actionLabel: string;
  /** The payment went through (the order as verify answers it); without it the panel confirms. */
  onPaid?: (order: OrderJson) => void;
  /** The order was released: its lines are back in the cart; without it the panel reloads the cart. */
  onReleased?: (orderId: number) => void;
}

/** Asks the shop where the order's payment stands. */
async function checkPayment(orderId: number) {
  const { data } = await callRoute<typeof checkPaymentRoute>('POST /api/customer/payments/check', {
    body: { order_id: orderId },
  });
  return data;
}

export default function PaymentInDoubt({ order, lostConnection = false, actionLabel, onPaid, onReleased }: Props) {
  const messageId = useId();
  const [phase, setPhase] = useState<'checking' | 'paid' | 'released'>('checking');
  const [asking, setAsking] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const settled = useRef(false);
  const inFlight = useRef(false);
  // The latest handlers, so a parent's re-render does not restart the checks.
  const handlers = useRef({ onPaid, onReleased });
  handlers.current = { onPaid, onReleased };

  useEffect(() => {
    $heldByPayment.set(order.id);
  }, [order.id]);

  const check = useCallback(async () => {
    if (settled.current || inFlight.current) return;
    inFlight.current = true;
    setAsking(true);
    try {
      const answer = await checkPayment(order.id);
      setUnreachable(false);
      if (answer.status === 'pending') return;
      settled.current = true;
      $heldByPayment.set(null);
      const { onPaid: paid, onReleased: released } = handlers.current;
      if (answer.status === 'paid' && answer.order) {
        if (paid) return paid(answer.order);
        setPhase('paid');
        void loadCart(true);
        return;
      }
      if (released) return released(order.id);
      setPhase('released');
      void loadCart(true);
    } catch (err) {
      // Offline or the shop unreachable: said, and asked again later. Anything else is logged.
      if (err instanceof ApiError && err.status === 0) setUnreachable(true);
      else console.error('Checking the payment failed', err);
    } finally {
      inFlight.current = false;
      setAsking(false);
    }
  }, [order.id]);

  useEffect(() => {
    void check();
    const again = () => {
      if (document.visibilityState === 'visible') void check();
    };
    const timer = window.setInterval(again, CHECK_EVERY_MS);
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [check]);

  if (phase === 'paid')
    return (
      <section className="mx-auto my-6 max-w-2xl rounded-xl border border-brand-200 bg-brand-50 p-4">
        <p role="status" className="font-semibold text-slate-900">
          {MSG.paid(order.id)}
        </p>
        <a
          href={`/track-order?order=${order.id}`}
          className="mt-3 inline-flex h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          Track Your Order
        </a>
      </section>
    );
  if (phase === 'released')
    return (
      <p
        role="status"
        className="mx-auto my-6 max-w-2xl rounded-xl border border-slate-200 bg-white p-4 font-medium text-slate-900"
      >
        {MSG.released(order.id)}
      </p>
    );

  const units = order.order_items.reduce((n, i) => n + i.qty, 0);
  /** One of the order's figures (rupees as the order JSON has them); `less` for a reduction. */
  const figure = (label: string, rupees: string, less = false) => (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd className="tabular-nums">
        {less ? '−' : ''}
        {formatPaise(rupeesToPaise(rupees))}
      </dd>
    </div>
  );
  return (
    <section
      aria-labelledby={`${messageId}-title`}
      className="mx-auto my-6 max-w-2xl rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5"
    >
      {lostConnection && (
        <p role="alert" className="mb-3 rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-900">
          {MSG.lostConnection(order.id)}
        </p>
      )}
      <h2 id={`${messageId}-title`} className="text-lg font-semibold text-slate-900">
        <span id={messageId} role="status">
          {MSG.checking(order.id)}
        </span>
      </h2>
      <p className="mt-1 text-sm text-slate-800">{MSG.meanwhile}</p>
      {unreachable && <p className="mt-2 text-sm font-medium text-slate-900">{MSG.unreachable}</p>}
      <ul aria-label={`Items in order #${order.id}`} className="mt-3 divide-y divide-amber-200 text-sm text-slate-900">
        {order.order_items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 py-2">
            <span className="min-w-0 break-words">
              {item.product.title} × {item.qty}
            </span>
            <span className="tabular-nums">{formatPaise(rupeesToPaise(item.total_amount))}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-amber-300 pt-2 text-sm text-slate-800">
        {figure('Subtotal', order.subtotal)}
        {rupeesToPaise(order.discount) > 0 && figure('Discount', order.discount, true)}
        {order.points > 0 && figure(`Points (${order.points})`, String(order.points), true)}
        {figure('Delivery fee', order.delivery_fee)}
        <div className="flex justify-between pt-1 text-base font-semibold text-slate-900">
          <dt>
            Total ({units} {units === 1 ? 'item' : 'items'})
          </dt>
          <dd className="tabular-nums">{formatPaise(rupeesToPaise(order.paid_amount))}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => void check()}
          disabled={asking}
          aria-busy={asking || undefined}
          className="h-11 rounded-lg border border-slate-400 bg-white px-4 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-70"
        >
          Check now
        </button>
        <button
          type="button"
          disabled
          aria-describedby={messageId}
          className="h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white opacity-60"
        >
          {actionLabel}
        </button>
      </div>
    </section>
  );
}
