/**
 * The checkout's behaviour (docs/orders-and-payments.md#placing-an-order) as one
 * hook for Checkout.tsx, composed of one hook per concern over the reducer in checkout-state.ts:
 *
 * - use-checkout-context.ts: the state, the latest state for async work, timers, the login trip;
 * - use-checkout-figures.ts: the server's figures, the promo code and the points choice;
 * - use-saved-choices.ts: the choices kept across a reload;
 * - use-checkout-load.ts: the first load;
 * - use-place-order.ts: Place Order and paying online (order-success.ts for what follows);
 * - checkout-api.ts: the calls, through the typed client.
 */
import { useMemo } from 'react';
import { showToast } from '#lib/ui/toast.ts';
import { CHECKOUT_TOAST_MS, CHECKOUT_MESSAGES as MSG } from '../rules.ts';
import { fetchAddresses, type PlacedOrder } from './checkout-api.ts';
import type { AddressJson, DeliveryAreaInfo } from './checkout-shared.ts';
import { checkoutTotals, selectedAddress } from './checkout-state.ts';
import { type CheckoutContext, useCheckoutContext } from './use-checkout-context.ts';
import { useCheckoutFigures } from './use-checkout-figures.ts';
import { useCheckoutLoad } from './use-checkout-load.ts';
import { usePlaceOrder } from './use-place-order.ts';
import { useSavedChoices } from './use-saved-choices.ts';

/** After the address dialog saved one: reload the list; when it grew, reopen the chooser on the new address. */
async function reloadAddresses({ dispatch, current }: CheckoutContext, saved: AddressJson) {
  const before = current.current.addresses.length;
  try {
    const list = await fetchAddresses();
    dispatch({ type: 'addresses', addresses: list, select: saved.id });
    // The address dialog's own "Address added successfully!" is the one message: the chooser
    // reopens with the new address selected and says nothing more.
    if (list.length > before) dispatch({ type: 'open', dialog: 'select-address' });
  } catch (err) {
    console.error('Reloading addresses failed', err);
    showToast(MSG.reloadFailed, { tone: 'error', ms: CHECKOUT_TOAST_MS });
  }
}

/** The checkout's state, derived figures and actions; `pending`: an online order still awaiting its payment. */
export function useCheckout(area: DeliveryAreaInfo, pending: PlacedOrder | null = null) {
  const ctx = useCheckoutContext(pending && { order: pending, lost: false });
  const { state, dispatch } = ctx;
  const { loadSummary, applyPromo, changeFigures } = useCheckoutFigures(ctx);
  const restoreChoices = useSavedChoices(ctx, loadSummary);
  useCheckoutLoad(ctx, loadSummary, restoreChoices);
  const payment = usePlaceOrder(ctx, area, loadSummary);
  const totals = useMemo(() => checkoutTotals(state), [state]);

  return {
    state,
    dispatch,
    totals,
    selected: selectedAddress(state),
    applyPromo,
    changeFigures,
    afterAddressAdded: (saved: AddressJson) => reloadAddresses(ctx, saved),
    ...payment,
  };
}
