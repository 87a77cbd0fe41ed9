/**
 * The checkout's figures: every amount comes from `GET /api/customer/checkout-summary` for the
 * selected address (its zone's fee, minimum order and free-delivery threshold), fetched again
 * whenever the promo code, the points choice or the delivery address changes — the first address
 * too, e.g. the first one a new customer adds here. A later answer never overwrites a newer one.
 * Redeeming points asks first without points, to learn how many the items after the discount allow.
 */
import { useCallback, useEffect, useRef } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { CHECKOUT_MESSAGES as MSG } from '../rules.ts';
import { fetchSummary } from './checkout-api.ts';
import { paise } from './checkout-shared.ts';
import { type Figures, selectedAddress } from './checkout-state.ts';
import type { CheckoutContext } from './use-checkout-context.ts';

/**
 * Fetches the figures for a promo code and the points choice, for `addressId` (by default the
 * selected address); the newest call's answer is kept.
 */
export type LoadSummary = (
  code: string | null,
  wantPoints: boolean,
  balance: number,
  addressId?: number | null,
) => Promise<Figures>;

/** The figures' loader and the actions that change what they price. */
export function useCheckoutFigures({ dispatch, current }: CheckoutContext) {
  const summaryRequest = useRef(0);

  const loadSummary = useCallback<LoadSummary>(
    async (code, wantPoints, balance, forAddress) => {
      const ticket = ++summaryRequest.current;
      const addressId = forAddress === undefined ? (selectedAddress(current.current)?.id ?? null) : forAddress;
      let data = await fetchSummary(code, 0, addressId ?? undefined);
      if (wantPoints) {
        const s = data.summary;
        const usable = Math.min(balance, Math.floor((paise(s.subtotal) - paise(s.discount)) / 100));
        if (usable > 0) data = await fetchSummary(code, usable, addressId ?? undefined);
      }
      if (ticket === summaryRequest.current) dispatch({ type: 'figures', figures: data, addressId });
      return data;
    },
    [dispatch, current],
  );

  const pointsBalance = () => current.current.figures?.points_balance ?? 0;

  /** Makes `code` the promo code in force (PromoCodeBox shows the outcome; errors reach it). */
  async function applyPromo(code: string) {
    dispatch({ type: 'refreshing', on: true });
    try {
      await loadSummary(code, current.current.redeem, pointsBalance());
      dispatch({ type: 'choose', promo: code, redeem: current.current.redeem });
    } finally {
      dispatch({ type: 'refreshing', on: false });
    }
  }

  /** Changes the promo code or the points choice and fetches the figures for it. */
  async function changeFigures(code: string | null, wantPoints: boolean) {
    dispatch({ type: 'refreshing', on: true });
    try {
      await loadSummary(code, wantPoints, pointsBalance());
      dispatch({ type: 'choose', promo: code, redeem: wantPoints });
    } catch (err) {
      console.error('Refreshing the order summary failed', err);
      dispatch({ type: 'summaryFailed', message: err instanceof ApiError ? err.message : MSG.summaryFailed });
    } finally {
      dispatch({ type: 'refreshing', on: false });
    }
  }

  // Another address may be in another delivery zone, with its own fee and minimum order: whenever
  // the selected address is not the one the figures price (a change, or the first address added
  // after figures without one), fresh figures for it.
  const { selectedId, figuresFor, loading } = current.current;
  const priced = current.current.figures !== null;
  const latestChange = useRef(changeFigures);
  latestChange.current = changeFigures;
  useEffect(() => {
    if (loading || !priced || selectedId === null || selectedId === figuresFor) return;
    void latestChange.current(current.current.promo, current.current.redeem);
  }, [loading, priced, selectedId, figuresFor, current]);

  return { loadSummary, applyPromo, changeFigures };
}
