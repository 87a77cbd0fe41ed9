/**
 * The checkout's behaviour (spec 001 §4 checkout flow, §5 place-order checks, §8, §9) as a
 * hook over the reducer in checkout-state.ts: loading, re-fetching the server's figures,
 * placing the order, paying online.
 *
 * The item list shown is the one the figures price (checkout-summary's items) and the order
 * carries that list's cart_version: when the cart changed in another tab, place-order answers
 * 409, the page reloads the figures and shows the new list, and nothing is ordered until the
 * customer presses Place Order again (issue 15).
 *
 * Every amount comes from `GET /api/customer/checkout-summary`, fetched again whenever the
 * promo code or the points choice changes (a later answer never overwrites a newer one) and
 * sent back unchanged with the order. A 409 from place-order carries the server's new figures:
 * the figures are fetched again and the customer reads the server's message. Place Order runs
 * the spec's checks in order (session, cart, address — also one the shop delivers to —,
 * payment method) and ignores a second submit while one is in flight. Each checkout attempt
 * has one Idempotency-Key, kept until an order succeeds, so a double click or a retry never
 * makes two orders.
 *
 * The payment method, note, promo code and points choice survive a reload for the tab's session
 * (checkout-choices.ts) and are checked again on load: the promo code and points with the
 * server, Pay Online only when it is still offered.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { apiGet, ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import type { DataOut } from '#lib/http/contract.ts';
import { showToast } from '#lib/ui/toast.ts';
import { markCartOrdered } from '#features/cart/store.ts';
import { $orderSubstitution, resetOrderSubstitution } from '../store.ts';
import { $chosenSlot, $slotsVersion } from '#features/delivery/store.ts';
import { useAddressChange } from './use-address-change.ts';
import type { checkoutSummaryRoute, placeOrderRoute } from '../contract.ts';
import {
  CHECKOUT_MESSAGES as MSG,
  CHECKOUT_TOAST_MS,
  HOME_REDIRECT_MS,
  LOGIN_REDIRECT_MS,
  orderSuccessMessage,
  PAYMENT_LABELS,
  promoDroppedMessage,
  type PaymentChoice,
} from '../rules.ts';
import { ORDER_SUCCESS_KEY } from '#lib/ui/storage-keys.ts';
import { clearCheckoutChoices, readCheckoutChoices, saveCheckoutChoices } from './checkout-choices.ts';
import {
  checkoutReducer,
  checkoutTotals,
  initialCheckoutState,
  selectedAddress,
  type Figures,
} from './checkout-state.ts';
import {
  hasSessionHint,
  newIdempotencyKey,
  notDeliveredMessage,
  paise,
  type AddressJson,
  type CartLineJson,
  type DeliveryAreaInfo,
} from './checkout-shared.ts';

type PlacedOrder = DataOut<typeof placeOrderRoute>['order'];

/** The selected address's id for checkout-summary, so its delivery zone's fee is quoted (issue 14). */
const addressIdFor = (s: Parameters<typeof selectedAddress>[0]) => selectedAddress(s)?.id.toString();

const fetchAddresses = async () =>
  (await apiGet<{ address_list: AddressJson[] }>('/api/customer/address-list', { fallbackMessage: MSG.fetchFailed }))
    .address_list;

/** The checkout's state, derived figures and actions. */
export function useCheckout(area: DeliveryAreaInfo) {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  const inFlight = useRef(false);
  const idempotencyKey = useRef('');
  const summaryRequest = useRef(0);
  const paidOrder = useRef<PlacedOrder | null>(null);
  const timers = useRef<number[]>([]);
  // The latest state for the async actions below (they outlive the render that started them).
  const current = useRef(state);
  current.current = state;

  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const sendToLogin = useCallback(
    () => later(() => window.location.assign('/login?next=/checkout'), LOGIN_REDIRECT_MS),
    [later],
  );

  /** Fetches the server's figures for a promo code and the points choice; the newest call wins. */
  const loadSummary = useCallback(
    async (code: string | null, wantPoints: boolean, balance: number): Promise<Figures> => {
      const ticket = ++summaryRequest.current;
      const get = async (points: number) =>
        (
          await callRoute<typeof checkoutSummaryRoute>('GET /api/customer/checkout-summary', {
            query: {
              promocode: code ?? undefined,
              points: points ? String(points) : undefined,
              address_id: addressIdFor(current.current),
            },
            fallbackMessage: MSG.summaryFailed,
          })
        ).data;
      let data = await get(0);
      if (wantPoints) {
        const s = data.summary;
        const usable = Math.min(balance, Math.floor((paise(s.subtotal) - paise(s.discount)) / 100));
        if (usable > 0) data = await get(usable);
      }
      if (ticket === summaryRequest.current) dispatch({ type: 'figures', figures: data });
      return data;
    },
    [],
  );

  useEffect(() => {
    idempotencyKey.current = newIdempotencyKey();
    let live = true;
    (async () => {
      const [addr, cart, sum] = await Promise.allSettled([
        fetchAddresses(),
        apiGet<{ my_cart: CartLineJson[] }>('/api/customer/my-cart'),
        loadSummary(null, false, 0),
      ]);
      if (!live) return;
      let addressError: string | undefined;
      if (addr.status === 'rejected') {
        const unauthorized = addr.reason instanceof ApiError && addr.reason.status === 401;
        console.error('Loading addresses failed', addr.reason);
        addressError = unauthorized ? MSG.loginToFetch : MSG.fetchFailed;
        if (unauthorized) sendToLogin();
      }
      let summaryError: string | undefined;
      if (sum.status === 'rejected') {
        const reason = sum.reason;
        const emptyCart =
          reason instanceof ApiError &&
          reason.status === 422 &&
          cart.status === 'fulfilled' &&
          cart.value.my_cart.length === 0;
        if (!emptyCart) {
          console.error('Loading the order summary failed', reason);
          summaryError = reason instanceof ApiError ? reason.message : MSG.summaryFailed;
        }
      }
      dispatch({
        type: 'loaded',
        addresses: addr.status === 'fulfilled' ? addr.value : undefined,
        addressError,
        lines: cart.status === 'fulfilled' ? (cart.value.my_cart ?? []) : undefined,
        summaryError,
      });
      await restoreChoices(sum.status === 'fulfilled' ? sum.value : null);
    })();
    return () => {
      live = false;
    };
  }, [loadSummary, sendToLogin]);

  /** Puts back the choices saved before a reload, each re-validated (see the module comment). */
  async function restoreChoices(figures: Figures | null) {
    const saved = readCheckoutChoices();
    if (!saved) return;
    if (saved.note) dispatch({ type: 'note', text: saved.note });
    if (saved.method && (saved.method !== 'online' || figures?.online_payment))
      dispatch({ type: 'method', method: saved.method });
    if (!figures || (!saved.promo && !saved.redeem)) return;
    try {
      await loadSummary(saved.promo, saved.redeem, figures.points_balance);
      dispatch({ type: 'choose', promo: saved.promo, redeem: saved.redeem });
    } catch (err) {
      // The figures without the promo stay; say why the code went.
      const reason = err instanceof ApiError && err.message ? err.message : MSG.summaryFailed;
      if (saved.promo) showToast(promoDroppedMessage(saved.promo, reason), { tone: 'error', ms: CHECKOUT_TOAST_MS });
    }
  }

  // Every change of a choice is saved for a reload (not before the saved ones were read back).
  const { loading, method, note, promo, redeem, confirmed } = state;
  useEffect(() => {
    if (loading || confirmed) return;
    saveCheckoutChoices({ method, note, promo, redeem });
  }, [loading, confirmed, method, note, promo, redeem]);

  const totals = useMemo(() => checkoutTotals(state), [state]);
  const selected = selectedAddress(state);
  // Another address may be in another delivery zone (issue 14): its fee, so fresh figures.
  useAddressChange(selected?.id, () => void changeFigures(current.current.promo, current.current.redeem));

  /** Makes `code` the promo code in force (PromoCodeBox shows the outcome; errors reach it). */
  async function applyPromo(code: string) {
    dispatch({ type: 'refreshing', on: true });
    try {
      await loadSummary(code, current.current.redeem, totals.pointsBalance);
      dispatch({ type: 'choose', promo: code, redeem: current.current.redeem });
    } finally {
      dispatch({ type: 'refreshing', on: false });
    }
  }

  /** Changes the promo code or the points choice and fetches the figures for it. */
  async function changeFigures(code: string | null, wantPoints: boolean) {
    dispatch({ type: 'refreshing', on: true });
    try {
      await loadSummary(code, wantPoints, totals.pointsBalance);
      dispatch({ type: 'choose', promo: code, redeem: wantPoints });
    } catch (err) {
      console.error('Refreshing the order summary failed', err);
      dispatch({ type: 'summaryFailed', message: err instanceof ApiError ? err.message : MSG.summaryFailed });
    } finally {
      dispatch({ type: 'refreshing', on: false });
    }
  }

  /** After the address dialog saved one: reload the list; when it grew, reopen the chooser with a note. */
  async function afterAddressAdded(saved: AddressJson) {
    const before = current.current.addresses.length;
    try {
      const list = await fetchAddresses();
      dispatch({ type: 'addresses', addresses: list, select: saved.id });
      // The address dialog's own "Address added successfully!" was the one message (issue 15):
      // the chooser reopens with the new address selected and says nothing more.
      if (list.length > before) dispatch({ type: 'open', dialog: 'select-address' });
    } catch (err) {
      console.error('Reloading addresses failed', err);
      showToast(MSG.reloadFailed, { tone: 'error', ms: CHECKOUT_TOAST_MS });
    }
  }

  /** Sends the order with the server's own figures. */
  async function submit(mode: PaymentChoice): Promise<PlacedOrder> {
    const { figures, note } = current.current;
    const summary = figures?.summary;
    const selected = selectedAddress(current.current);
    if (!summary || !selected) throw new Error('Nothing to order');
    const result = await callRoute<typeof placeOrderRoute>('POST /api/customer/place-order', {
      body: {
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
      },
      headers: { 'Idempotency-Key': idempotencyKey.current },
      fallbackMessage: MSG.orderFailed,
    });
    return result.data.order;
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
      void loadSummary(promo, redeem, totals.pointsBalance).catch((e) =>
        console.error('Refreshing the order summary failed', e),
      );
    }
    // A slot may have filled up or closed meanwhile: show the slots as they are now.
    if (err.status === 409 || err.status === 400) $slotsVersion.set($slotsVersion.get() + 1);
    if (err.status === 0) return MSG.orderError;
    return err.message || MSG.orderFailed;
  }

  /** The order is placed: Order Confirmed, the message for the home page, the cart store refreshed, home 1.5 s later. */
  function succeed(order: PlacedOrder, mode: PaymentChoice) {
    resetOrderSubstitution();
    dispatch({
      type: 'confirmed',
      confirmation: {
        orderId: order.id,
        paidPaise: paise(order.paid_amount),
        label: PAYMENT_LABELS[mode],
        slot: order.delivery_slot?.label,
      },
    });
    idempotencyKey.current = newIdempotencyKey();
    clearCheckoutChoices();
    try {
      window.localStorage.setItem(ORDER_SUCCESS_KEY, JSON.stringify({ message: orderSuccessMessage(order.id) }));
    } catch (err) {
      console.warn('Could not store the order-success message', err);
    }
    // The server emptied the cart with the order: the cart store (navbar badge, count hint) follows at once.
    markCartOrdered();
    later(() => window.location.assign('/'), HOME_REDIRECT_MS);
  }

  /** Place Order: the spec's checks in order, then the order (or the payment modal for Pay Online). */
  async function placeOrder() {
    const { confirmed, figures, lines, method, promo, redeem } = current.current;
    const selected = selectedAddress(current.current);
    if (inFlight.current || confirmed) return;
    const fail = (message: string) => dispatch({ type: 'placeError', message });
    fail('');
    if (!hasSessionHint()) {
      fail(MSG.login);
      sendToLogin();
      return;
    }
    if (!figures || lines.length === 0) return fail(MSG.empty);
    if (!selected) return fail(MSG.noAddress);
    if (!selected.deliverable) return fail(notDeliveredMessage(selected, area));
    if (!method) return dispatch({ type: 'open', dialog: 'method-required' });
    inFlight.current = true;
    dispatch({ type: 'placing', on: true });
    try {
      if (method === 'online') {
        try {
          await loadSummary(promo, redeem, totals.pointsBalance);
          dispatch({ type: 'open', dialog: 'payment' });
        } catch (err) {
          console.error('Preparing the payment failed', err);
          fail(MSG.payInit);
        }
        return;
      }
      try {
        succeed(await submit(method), method);
      } catch (err) {
        fail(explain(err));
      }
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

  return {
    state,
    dispatch,
    totals,
    selected,
    applyPromo,
    changeFigures,
    afterAddressAdded,
    placeOrder,
    payOnline,
    paymentDone,
  };
}
