/**
 * Pay Online, two-phase as India's gateways are: place-order makes the order awaiting payment and
 * answers a gateway order (`payment`); the gateway's checkout takes the money — Razorpay's
 * Standard Checkout (razorpay-checkout.ts) or the simulator's checkout modal (PaymentModal) —
 * and hands back a payment id and signature, which the server verifies before the order is
 * placed. A decline, a refused verification or a closed checkout releases the order (the cancel
 * route; the server puts the cart lines back, or answers the order paid when the gateway says it
 * was): a decline reads "Payment processing failed." with what to do next, a closed checkout that
 * no money was taken; the cart is as it was, and the next Place Order is a new attempt with a new
 * Idempotency-Key. Creating the order failing reads "Payment initialization failed.".
 *
 * When the browser cannot learn how the payment ended — the connection failed while paying,
 * verifying or releasing, or the server could not ask the gateway (503) — the order is left
 * awaiting its payment and the checkout waits for it (`doubt`: PaymentInDoubt shows its lines
 * read-only and asks again), never releasing a payment that may have gone through. A verification
 * the server had settled otherwise (409) shows the server's message.
 */
import { type RefObject, useRef } from 'react';
import { PAYMENT_DOUBT_MESSAGES } from '#features/orders/rules.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { newIdempotencyKey } from '#lib/http/idempotency-key.ts';
import { CHECKOUT_MESSAGES as MSG } from '../rules.ts';
import { type PlacedOrder, sendOrder } from './checkout-api.ts';
import { selectedAddress } from './checkout-state.ts';
import {
  type CheckoutCallback,
  cancelPayment,
  type PaymentSession,
  type SimulatorMethod,
  simulatorPay,
  verifyPayment,
} from './payment-api.ts';
import { explainFailure, orderBody } from './place-order-steps.ts';
import { openRazorpayCheckout } from './razorpay-checkout.ts';
import type { CheckoutContext } from './use-checkout-context.ts';
import type { LoadSummary } from './use-checkout-figures.ts';

/** An order awaiting payment and the gateway order that pays it. */
export interface OnlineAttempt {
  order: PlacedOrder;
  payment: PaymentSession;
}

/** The online payment's steps; `succeed` shows Order Confirmed for a paid order. */
export function useOnlinePayment(
  ctx: CheckoutContext,
  loadSummary: LoadSummary,
  idempotencyKey: RefObject<string>,
  succeed: (order: PlacedOrder) => void,
) {
  const { dispatch, current } = ctx;
  const attempt = useRef<OnlineAttempt | null>(null);
  const paid = useRef<PlacedOrder | null>(null);
  const fail = (message: string) => dispatch({ type: 'placeError', message });

  /** Fresh figures after the order was released (its cart lines are back, with a new cart version). */
  function refreshFigures() {
    const { promo, redeem, figures } = current.current;
    void loadSummary(promo, redeem, figures?.points_balance ?? 0).catch((e) =>
      console.error('Refreshing the order summary failed', e),
    );
  }

  /** The network failed: the browser cannot know how the payment ended. */
  const lostConnection = (err: unknown) => err instanceof ApiError && err.status === 0;

  /**
   * The attempt's outcome is unknown: the checkout waits on its order (PaymentInDoubt) instead of
   * releasing it or showing an empty cart.
   */
  function doubt(order: PlacedOrder, lost: boolean) {
    attempt.current = null;
    idempotencyKey.current = newIdempotencyKey();
    dispatch({ type: 'payment', attempt: null });
    dispatch({ type: 'doubt', doubt: { order, lost } });
  }

  /** Ends the attempt without a payment: the order is released, unless the gateway says it was paid. */
  async function release(message: string = MSG.payFailed): Promise<void> {
    const ended = attempt.current;
    attempt.current = null;
    idempotencyKey.current = newIdempotencyKey();
    dispatch({ type: 'payment', attempt: null });
    if (!ended) return;
    try {
      const order = await cancelPayment(ended.payment.order_id);
      if (order) return succeed(order);
    } catch (err) {
      console.error('Releasing the unpaid order failed', err);
      // Offline: the order still holds the cart's lines; the checkout waits for it to resolve
      // (the payments job releases it after PAYMENT_PENDING_MINUTES if nothing else does).
      if (lostConnection(err)) return doubt(ended.order, true);
    }
    fail(message);
    refreshFigures();
  }

  /** The unresolved order was paid after all: Order Confirmed. */
  function resolvedPaid(order: PlacedOrder) {
    dispatch({ type: 'doubt', doubt: null });
    succeed(order);
  }

  /** The unresolved order was released: its lines are back, and the checkout says so. */
  function resolvedReleased(orderId: number) {
    dispatch({ type: 'doubt', doubt: null });
    fail(PAYMENT_DOUBT_MESSAGES.released(orderId));
    refreshFigures();
  }

  /** Verifies the callback; a refused one releases the order (or finds it paid after all). */
  async function verify(callback: CheckoutCallback): Promise<boolean> {
    const started = attempt.current;
    try {
      paid.current = await verifyPayment(callback);
      attempt.current = null;
      return true;
    } catch (err) {
      console.error('Verifying the payment failed', err);
      // No answer (offline) or 503 (the gateway could not be asked): the payment may have gone
      // through, so the order is not released; the checkout waits for it to resolve.
      if (started && err instanceof ApiError && (err.status === 0 || err.status === 503)) {
        doubt(started.order, err.status === 0);
        return false;
      }
      // 409: the server has already settled it (an amount flagged for staff, or a payment after
      // the order's release, refunded): the customer reads the server's message.
      if (err instanceof ApiError && err.status === 409) {
        attempt.current = null;
        idempotencyKey.current = newIdempotencyKey();
        dispatch({ type: 'payment', attempt: null });
        fail(err.message);
        return false;
      }
      await release(MSG.payDeclined);
      return false;
    }
  }

  /** Razorpay's window for `started`; its outcomes come back through the handlers. */
  async function openRazorpay(started: OnlineAttempt) {
    const address = selectedAddress(current.current);
    const details = {
      description: `Order #${started.order.id}`,
      prefill: { name: address?.name || undefined, contact: address?.mobile || undefined },
    };
    try {
      await openRazorpayCheckout(started.payment, details, {
        paid: (callback) => {
          dispatch({ type: 'placing', on: true });
          void verify(callback).then((ok) => {
            dispatch({ type: 'placing', on: false });
            if (ok && paid.current) succeed(paid.current);
          });
        },
        failed: () => fail(MSG.payFailed),
        dismissed: () => void release(MSG.payClosed),
      });
    } catch (err) {
      console.error('Opening Razorpay checkout failed', err);
      await release(MSG.payInit);
    }
  }

  /** Place Order with Pay Online: the order awaiting payment, then the gateway's checkout. */
  async function start(): Promise<void> {
    if (attempt.current) return;
    let placed: Awaited<ReturnType<typeof sendOrder>>;
    try {
      placed = await sendOrder(orderBody(current.current, 'online'), idempotencyKey.current);
    } catch (err) {
      const serverSide = err instanceof ApiError && (err.status === 0 || err.status >= 500);
      const message = explainFailure(err, ctx, loadSummary);
      return fail(serverSide || !(err instanceof ApiError) ? MSG.payInit : message);
    }
    if (placed.order.payment_status === 'paid') return succeed(placed.order);
    if (!placed.payment) return fail(MSG.payInit);
    const started = { order: placed.order, payment: placed.payment };
    attempt.current = started;
    paid.current = null;
    dispatch({ type: 'payment', attempt: started });
    if (started.payment.gateway === 'razorpay') await openRazorpay(started);
  }

  /** The simulator's Pay Now: pays and verifies; false (and the order released) when it failed. */
  async function pay(method: SimulatorMethod): Promise<boolean> {
    const started = attempt.current;
    if (!started) return false;
    let callback: CheckoutCallback;
    try {
      callback = await simulatorPay(started.payment.order_id, method, 'success');
    } catch (err) {
      console.error('The simulated payment failed', err);
      // Offline: the payment may have gone through; the checkout waits for the order to resolve.
      if (lostConnection(err)) doubt(started.order, true);
      else await release(MSG.payDeclined);
      return false;
    }
    return verify(callback);
  }

  /** The simulator's Decline payment: the gateway refuses it, the order is released. */
  async function decline(method: SimulatorMethod): Promise<void> {
    const started = attempt.current;
    if (!started) return;
    try {
      await simulatorPay(started.payment.order_id, method, 'decline');
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 402)) console.error('Declining the payment failed', err);
    }
    await release(MSG.payDeclined);
  }

  /** The simulator's modal has shown its success: Order Confirmed. */
  function done() {
    dispatch({ type: 'payment', attempt: null });
    if (paid.current) succeed(paid.current);
  }

  return { start, pay, decline, abandon: () => release(MSG.payClosed), done, resolvedPaid, resolvedReleased };
}
