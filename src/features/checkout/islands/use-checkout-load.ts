/**
 * The checkout's first load: the addresses and the cart in parallel, the server's figures for the
 * address checkout selects first (firstAddressId: the one chosen before in this tab's session while
 * it is still there and delivered to, else the default if delivered to, else the first delivered
 * to) as soon as the addresses are in,
 * so the first figures shown are that address's zone's; then the choices saved before a reload.
 * A 401 on the addresses sends the customer to log in; an empty cart is not an error (the page
 * says the cart is empty).
 */
import { useEffect } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { CHECKOUT_MESSAGES as MSG } from '../rules.ts';
import { fetchAddresses, fetchCartLines } from './checkout-api.ts';
import { readCheckoutChoices } from './checkout-choices.ts';
import type { CartLineJson } from './checkout-shared.ts';
import { type Figures, firstAddressId } from './checkout-state.ts';
import type { CheckoutContext } from './use-checkout-context.ts';
import type { LoadSummary } from './use-checkout-figures.ts';

/** The message for addresses that failed to load; a 401 also sends the customer to log in. */
function addressErrorOf(reason: unknown, sendToLogin: () => void): string {
  const unauthorized = reason instanceof ApiError && reason.status === 401;
  console.error('Loading addresses failed', reason);
  if (unauthorized) sendToLogin();
  return unauthorized ? MSG.loginToFetch : MSG.fetchFailed;
}

/** The message for figures that failed to load; none when the cart is simply empty (422). */
function summaryErrorOf(reason: unknown, cart: PromiseSettledResult<CartLineJson[]>): string | undefined {
  const emptyCart =
    reason instanceof ApiError && reason.status === 422 && cart.status === 'fulfilled' && cart.value.length === 0;
  if (emptyCart) return undefined;
  console.error('Loading the order summary failed', reason);
  return reason instanceof ApiError ? reason.message : MSG.summaryFailed;
}

/** Loads the checkout once, on mount, then hands the first figures to `restoreChoices`. */
export function useCheckoutLoad(
  { dispatch, sendToLogin }: CheckoutContext,
  loadSummary: LoadSummary,
  restoreChoices: (figures: Figures | null, addressId: number | null) => Promise<void>,
): void {
  useEffect(() => {
    let live = true;
    // Read before anything saves: the address chosen before a reload or a trip to the cart.
    const chosen = readCheckoutChoices()?.addressId ?? null;
    (async () => {
      const addresses = fetchAddresses();
      const [addr, cart, sum] = await Promise.allSettled([
        addresses,
        fetchCartLines(),
        addresses.then(
          (list) => loadSummary(null, false, 0, firstAddressId(list, chosen)),
          () => loadSummary(null, false, 0, null),
        ),
      ]);
      if (!live) return;
      const first = addr.status === 'fulfilled' ? firstAddressId(addr.value, chosen) : null;
      dispatch({
        type: 'loaded',
        addresses: addr.status === 'fulfilled' ? addr.value : undefined,
        selectedId: first,
        addressError: addr.status === 'rejected' ? addressErrorOf(addr.reason, sendToLogin) : undefined,
        lines: cart.status === 'fulfilled' ? cart.value : undefined,
        summaryError: sum.status === 'rejected' ? summaryErrorOf(sum.reason, cart) : undefined,
      });
      await restoreChoices(sum.status === 'fulfilled' ? sum.value : null, first);
    })();
    return () => {
      live = false;
    };
  }, [dispatch, sendToLogin, loadSummary, restoreChoices]);
}
