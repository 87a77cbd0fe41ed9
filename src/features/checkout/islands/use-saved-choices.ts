/**
 * The checkout's choices across a reload: the address, payment method, note, promo code and
 * points choice are saved for the tab's session (checkout-choices.ts) on every change; the
 * address is chosen again by the first load (use-checkout-load.ts), the others put back after it, each checked again: the promo code and points with the server, Pay Online
 * only when it is still offered.
 */
import { useCallback, useEffect } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { showToast } from '#lib/ui/toast.ts';
import { CHECKOUT_TOAST_MS, CHECKOUT_MESSAGES as MSG, promoDroppedMessage } from '../rules.ts';
import { readCheckoutChoices, saveCheckoutChoices } from './checkout-choices.ts';
import type { Figures } from './checkout-state.ts';
import type { CheckoutContext } from './use-checkout-context.ts';
import type { LoadSummary } from './use-checkout-figures.ts';

/** Saves every change of a choice; returns the function that puts the saved ones back. */
export function useSavedChoices({ state, dispatch }: CheckoutContext, loadSummary: LoadSummary) {
  // Nothing is saved before the saved choices were read back, nor after the order is placed.
  const { loading, selectedId, method, note, promo, redeem, confirmed } = state;
  useEffect(() => {
    if (loading || confirmed) return;
    saveCheckoutChoices({ addressId: selectedId, method, note, promo, redeem });
  }, [loading, confirmed, selectedId, method, note, promo, redeem]);

  /**
   * Puts back the choices saved before a reload, given the first figures (null when they failed)
   * and the address they price.
   */
  return useCallback(
    async (figures: Figures | null, addressId: number | null) => {
      const saved = readCheckoutChoices();
      if (!saved) return;
      if (saved.note) dispatch({ type: 'note', text: saved.note });
      if (saved.method && (saved.method !== 'online' || figures?.online_payment))
        dispatch({ type: 'method', method: saved.method });
      if (!figures || (!saved.promo && !saved.redeem)) return;
      try {
        await loadSummary(saved.promo, saved.redeem, figures.points_balance, addressId);
        dispatch({ type: 'choose', promo: saved.promo, redeem: saved.redeem });
      } catch (err) {
        // The figures without the promo stay; say why the code went.
        const reason = err instanceof ApiError && err.message ? err.message : MSG.summaryFailed;
        if (saved.promo) showToast(promoDroppedMessage(saved.promo, reason), { tone: 'error', ms: CHECKOUT_TOAST_MS });
      }
    },
    [dispatch, loadSummary],
  );
}
