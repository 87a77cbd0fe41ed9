/**
 * Placing the order (spec 001 §4, §5 place-order checks): Place Order runs the spec's checks in
 * order (session, cart, address — also one the shop delivers to —, payment method), then sends
 * the order with the server's own figures, or opens the payment modal for Pay Online. A second
 * submit while one is in flight is ignored.
 *
 * The order carries the cart_version of the figures shown: when the cart changed in another tab,
 * place-order answers 409, the figures (and the list they price) are fetched again and nothing
 * is ordered until the customer presses Place Order again. Each checkout attempt has one
 * Idempotency-Key, kept until an order succeeds, so a double click or a retry never makes two
 * orders. On success: Order Confirmed, then home after a short pause.
 */
import { useEffect, useRef } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { $orderSubstitution } from '#features/substitutions/store.ts';
import { $chosenSlot, $slotsVersion } from '#features/delivery/store.ts';
import { CHECKOUT_MESSAGES as MSG, HOME_REDIRECT_MS, type PaymentChoice } from '../rules.ts';
import { type PlacedOrder, sendOrder } from './checkout-api.ts';
import { type DeliveryAreaInfo, hasSessionHint, newIdempotencyKey, notDeliveredMessage } from './checkout-shared.ts';
import { type CheckoutState, selectedAddress } from './checkout-state.ts';
import type { CheckoutContext } from './use-checkout-context.ts';
import type { LoadSummary } from './use-checkout-figures.ts';
import { confirmationOf, recordOrderPlaced } from './order-success.ts';

/** The first of the spec's checks that `state` fails, as the message to show; null when it may be placed. */
function blockedReason(state: CheckoutState, area: DeliveryAreaInfo): string | null {
  const selected = selectedAddress(state);
  if (!state.figures || state.lines.length === 0) return MSG.empty;
  if (!selected) return MSG.noAddress;
  if (!selected.deliverable) return notDeliveredMessage(selected, area);
  return null;
}

/** Place Order, the payment modal's Pay Now and its Done. */
export function usePlaceOrder(ctx: CheckoutContext, area: DeliveryAreaInfo, loadSummary: LoadSummary) {
  const { dispatch, current, later, sendToLogin } = ctx;
  const inFlight = useRef(false);
  const idempotencyKey = useRef('');
  const paidOrder = useRef<PlacedOrder | null>(null);
  useEffect(() => {
    idempotencyKey.current = newIdempotencyKey();
  }, []);

  const pointsBalance = () => current.current.figures?.points_balance ?? 0;
  const fail = (message: string) => dispatch({ type: 'placeError', message });

  /** Sends the order with the server's own figures. */
  async function submit(mode: PaymentChoice): Promise<PlacedOrder> {
    const { figures, note } = current.current;
    const summary = figures?.summary;
    const selected = selectedAddress(current.current);
    if (!summary || !selected) throw new Error('Nothing to order');
    const body = {
      address_id: selected.id,
      payment_mode: mode,
      paid_amount: summary.paid_amount,
      discount: summary.discount,
      points: summary.points || '0',
      promocode: summary.promocode ?? undefined,
      customer_note: note.trim() || undefined,
      cart_version: summary.cart_version,
      substitution: $orderSubstitution.get(),
      delivery_slot: $chosenSlot.get() ?? undefined,
    };
    return sendOrder(body, idempotencyKey.current);
  }

  /** Turns a failed placement into the message to show (and fetches fresh figures on a 409 that carries them). */
  function explain(err: unknown): string {
    if (!(err instanceof ApiError)) {
      console.error('Placing the order failed', err);
      return MSG.orderError;
    }
    if (err.status === 401) {
      sendToLogin();
      return MSG.login;
    }
    const figures = err.data as { paid_amount?: unknown } | undefined;
    if (err.status === 409 && typeof figures?.paid_amount === 'string') {
      const { promo, redeem } = current.current;
      void loadSummary(promo, redeem, pointsBalance()).catch((e) =>
        console.error('Refreshing the order summary failed', e),
      );
    }
    // A slot may have filled up or closed meanwhile: show the slots as they are now.
    if (err.status === 409 || err.status === 400) $slotsVersion.set($slotsVersion.get() + 1);
    if (err.status === 0) return MSG.orderError;
    return err.message || MSG.orderFailed;
  }

  /** The order is placed: Order Confirmed, the browser's stores updated, home a moment later. */
  function succeed(order: PlacedOrder, mode: PaymentChoice) {
    dispatch({ type: 'confirmed', confirmation: confirmationOf(order, mode) });
    idempotencyKey.current = newIdempotencyKey();
    recordOrderPlaced(order);
    later(() => window.location.assign('/'), HOME_REDIRECT_MS);
  }

  /** Pay Online: fresh figures for the payment modal, then the modal. */
  async function preparePayment() {
    const { promo, redeem } = current.current;
    try {
      await loadSummary(promo, redeem, pointsBalance());
      dispatch({ type: 'open', dialog: 'payment' });
    } catch (err) {
      console.error('Preparing the payment failed', err);
      fail(MSG.payInit);
    }
  }

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
      if (method === 'online') await preparePayment();
      else succeed(await submit(method), method);
    } catch (err) {
      fail(explain(err));
    } finally {
      inFlight.current = false;
      dispatch({ type: 'placing', on: false });
    }
  }

  /** The payment modal's Pay Now: places the order paid online; throws (with the message to show) on failure. */
  async function payOnline() {
    if (inFlight.current) throw new Error('A payment is already in progress');
    inFlight.current = true;
    try {
      paidOrder.current = await submit('online');
    } catch (err) {
      const text = explain(err);
      dispatch({ type: 'placeError', message: text });
      throw err instanceof ApiError ? new ApiError(text, err.status) : err;
    } finally {
      inFlight.current = false;
    }
  }

  /** The payment modal has shown its success: close it and confirm. */
  function paymentDone() {
    dispatch({ type: 'close', dialog: 'payment' });
    if (paidOrder.current) succeed(paidOrder.current, 'online');
  }

  return { placeOrder, payOnline, paymentDone };
}
