/**
 * Placing the order (docs/orders-and-payments.md#placing-an-order): Place Order runs its checks in
 * order (session, cart, address — also one the shop delivers to —, payment method), then sends
 * the order with the server's own figures, or opens the payment modal for Pay Online. A second
 * submit while one is in flight is ignored.
 *
 * The order carries the cart_version of the figures shown: when the cart changed in another tab,
 * place-order answers 409, the figures (and the list they price) are fetched again and nothing
 * is ordered until the customer presses Place Order again. Each checkout attempt has one
 * Idempotency-Key, kept until an order succeeds, so a double click or a retry never makes two
 * orders. On success, whatever the payment method: Order Confirmed, which stays until the customer
 * leaves it.
 */
import { useEffect, useRef } from 'react';
import { newIdempotencyKey } from '#lib/http/idempotency-key.ts';
import { CHECKOUT_MESSAGES as MSG, type PaymentChoice } from '../rules.ts';
import { type PlacedOrder, sendOrder } from './checkout-api.ts';
import { type DeliveryAreaInfo, hasSessionHint } from './checkout-shared.ts';
import { confirmationOf, recordOrderPlaced } from './order-success.ts';
import { blockedReason, explainFailure, orderBody } from './place-order-steps.ts';
import type { CheckoutContext } from './use-checkout-context.ts';
import type { LoadSummary } from './use-checkout-figures.ts';
import { useOnlinePayment } from './use-online-payment.ts';

/** Place Order, and paying online (the simulator modal's Pay Now, Decline payment, close and Done). */
export function usePlaceOrder(ctx: CheckoutContext, area: DeliveryAreaInfo, loadSummary: LoadSummary) {
  const { dispatch, current, sendToLogin } = ctx;
  const inFlight = useRef(false);
  const idempotencyKey = useRef('');
  useEffect(() => {
    idempotencyKey.current = newIdempotencyKey();
  }, []);

  const fail = (message: string) => dispatch({ type: 'placeError', message });

  /** Sends the order with the server's own figures. */
  const submit = async (mode: PaymentChoice) =>
    (await sendOrder(orderBody(current.current, mode), idempotencyKey.current)).order;
  const explain = (err: unknown) => explainFailure(err, ctx, loadSummary);

  /** The order is placed: Order Confirmed (it stays), the browser's stores updated. */
  function succeed(order: PlacedOrder, mode: PaymentChoice) {
    dispatch({ type: 'confirmed', confirmation: confirmationOf(order, mode) });
    idempotencyKey.current = newIdempotencyKey();
    recordOrderPlaced();
  }
  const online = useOnlinePayment(ctx, loadSummary, idempotencyKey, (order) => succeed(order, 'online'));

  /** Place Order: the spec's checks in order, then the order (or the payment modal for Pay Online). */
  async function placeOrder() {
    const { confirmed, method } = current.current;
    if (inFlight.current || confirmed) return;
    fail('');
    if (!hasSessionHint()) {
      fail(MSG.login);
      sendToLogin();
      return;
    }
    const blocked = blockedReason(current.current, area);
    if (blocked) return fail(blocked);
    if (!method) return dispatch({ type: 'open', dialog: 'method-required' });
    inFlight.current = true;
    dispatch({ type: 'placing', on: true });
    try {
      if (method === 'online') await online.start();
      else succeed(await submit(method), method);
    } catch (err) {
      fail(explain(err));
    } finally {
      inFlight.current = false;
      dispatch({ type: 'placing', on: false });
    }
  }

  return {
    placeOrder,
    payOnline: online.pay,
    declineOnline: online.decline,
    abandonOnline: online.abandon,
    paymentDone: online.done,
    doubtPaid: online.resolvedPaid,
    doubtReleased: online.resolvedReleased,
  };
}
