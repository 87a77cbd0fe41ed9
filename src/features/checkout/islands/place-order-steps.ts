/**
 * The steps of placing an order that need no React: the checks the spec runs first, the body
 * place-order receives (the server's own figures, sent back unchanged) and what a failed
 * placement means for the page.
 */

import { belowMinimumMessage } from '#features/delivery/rules.ts';
import { $chosenSlot, $slotsVersion } from '#features/delivery/store.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { CHECKOUT_MESSAGES as MSG, type PaymentChoice } from '../rules.ts';
import { $orderSubstitution } from '../store.ts';
import type { OrderBody } from './checkout-api.ts';
import { type DeliveryAreaInfo, notDeliveredMessage, paise } from './checkout-shared.ts';
import { type CheckoutState, figuresStale, selectedAddress } from './checkout-state.ts';
import type { CheckoutContext } from './use-checkout-context.ts';
import type { LoadSummary } from './use-checkout-figures.ts';

/**
 * The delivery zone's minimum order the figures for the selected address fall short of, as the
 * message to show before Place Order is pressed; '' when they reach it (or are not for the
 * selected address yet).
 */
export function belowMinimumReason(state: CheckoutState): string {
  const delivery = state.figures?.delivery;
  if (!delivery || figuresStale(state) || state.lines.length === 0) return '';
  const remaining = paise(delivery.min_order_remaining);
  return remaining > 0 ? belowMinimumMessage(delivery.zone, paise(delivery.min_order), remaining) : '';
}

/** The first of the spec's checks after the session that `state` fails, as the message to show; null when it may be placed. */
export function blockedReason(state: CheckoutState, area: DeliveryAreaInfo): string | null {
  const selected = selectedAddress(state);
  if (!state.figures || state.lines.length === 0) return MSG.empty;
  if (!selected) return MSG.noAddress;
  if (!selected.deliverable) return notDeliveredMessage(selected, area);
  return belowMinimumReason(state) || null;
}

/** What place-order receives for `state` paid by `mode`: the server's own figures, unchanged. */
export function orderBody(state: CheckoutState, mode: PaymentChoice): OrderBody {
  const summary = state.figures?.summary;
  const selected = selectedAddress(state);
  if (!summary || !selected) throw new Error('Nothing to order');
  return {
    address_id: selected.id,
    payment_mode: mode,
    paid_amount: summary.paid_amount,
    discount: summary.discount,
    points: summary.points || '0',
    promocode: summary.promocode ?? undefined,
    customer_note: state.note.trim() || undefined,
    cart_version: summary.cart_version,
    substitution: $orderSubstitution.get(),
    delivery_slot: $chosenSlot.get() ?? undefined,
  };
}

/**
 * Turns a failed placement into the message to show. A 401 sends the customer to log in; a 409
 * that carries the server's figures fetches them again (the page shows the new list and totals);
 * a 400 or 409 also reloads the slots, since the chosen one may have filled up or closed.
 */
export function explainFailure(err: unknown, { current, sendToLogin }: CheckoutContext, loadSummary: LoadSummary) {
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
    const balance = current.current.figures?.points_balance ?? 0;
    void loadSummary(promo, redeem, balance).catch((e) => console.error('Refreshing the order summary failed', e));
  }
  if (err.status === 409 || err.status === 400) $slotsVersion.set($slotsVersion.get() + 1);
  if (err.status === 0) return MSG.orderError;
  return err.message || MSG.orderFailed;
}
