/**
 * The checkout (spec 001 §2 "Checkout page", §4 checkout flow, §5 place-order checks, §8, §9).
 *
 * Loads the addresses (default first; the default, else the first, is selected), the cart and
 * the server's figures (`GET /api/customer/checkout-summary`): every amount shown comes from
 * the server, fetched again whenever the promo code or the points choice changes, and sent
 * back unchanged with the order. A 409 from place-order carries the server's new figures: they
 * replace the old ones and the customer is told the amount changed.
 *
 * Place Order runs the spec's checks in order (session, cart, address — also one the shop
 * delivers to —, payment method with the Payment Method Required dialog) and ignores a second
 * submit while one is in flight. Each checkout attempt has one Idempotency-Key, kept until an
 * order succeeds, so a double click or a retry never makes two orders. On success: the Order
 * Confirmed screen, the order-success message stored for the home page toast, the cart-count
 * hint refreshed, and home after 1.5 s. "Pay Online" (only with a configured gateway) goes
 * through the test-mode payment modal.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { apiGet, apiRequest, ApiError } from '../../../lib/http/api-client.ts';
import { formatPaise } from '../../../lib/money.ts';
import { ORDER_SUCCESS_KEY } from '../storage-keys.ts';
import { loadCart } from '../../cart/store.ts';
import ModalDialog from '../../../lib/ui/ModalDialog.tsx';
import PromoCodeBox from './PromoCodeBox.tsx';
import PaymentMethods, { type PaymentChoice } from './PaymentMethods.tsx';
import PaymentModal from '../../payments/islands/PaymentModal.tsx';
import OrderConfirmed from './OrderConfirmed.tsx';
import { notDeliveredMessage, SelectAddressModal, ShippingAddressCard } from './CheckoutAddress.tsx';
import {
  CHECKOUT_TOAST_MS,
  hasSessionHint,
  LOGIN_REDIRECT_MS,
  newIdempotencyKey,
  paise,
  type AddressJson,
  type CartLineJson,
  type DeliveryAreaInfo,
  type SummaryJson,
} from './checkout-shared.ts';

const AddressDialog = lazy(() => import('../../addresses/islands/AddressDialog.tsx'));

/** Delay before going home after an order (spec 001 §9: 1.5 s). */
export const HOME_REDIRECT_MS = 1500;

const MSG = {
  loginToFetch: 'Please log in to fetch addresses.',
  fetchFailed: 'Failed to fetch addresses. Please log in and try again.',
  reloadFailed: 'Failed to fetch addresses after adding a new one.',
  added: 'Address added successfully!',
  login: 'Please log in to place an order.',
  empty: 'Your cart is empty. Please add items to your cart.',
  noAddress: 'Please select a delivery address.',
  noMethod: 'Please select a payment method to continue with your order.',
  orderError: 'An error occurred while placing the order.',
  orderFailed: 'Failed to place order',
  payInit: 'Payment initialization failed.',
  summaryFailed: 'Failed to load the order summary. Please try again.',
} as const;

const PAYMENT_LABELS: Record<PaymentChoice, string> = { cod: 'Cash on Delivery', card: 'Card on Delivery', credit: 'Credit', online: 'Paid online' };

interface SummaryData {
  summary: SummaryJson;
  points_balance: number;
  credit_balance: string;
  online_payment: boolean;
}

interface OrderJson {
  id: number;
  paid_amount: string;
}

interface Props {
  /** Map tile URL template (MAP_TILE_URL). */
  tileUrl: string;
  /** Where the shop delivers (names and postal code prefixes). */
  area: DeliveryAreaInfo;
  /** Subtotal (paise) from which delivery is free, for the "more for free delivery" hint. */
  freeDeliveryFromPaise: number;
}

type Toast = { text: string; error?: boolean } | null;

export default function Checkout({ tileUrl, area, freeDeliveryFromPaise }: Props) {
  const [loading, setLoading] = useState(true);
  const [addresses, setAddresses] = useState<AddressJson[]>([]);
  const [addressError, setAddressError] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [lines, setLines] = useState<CartLineJson[]>([]);
  const [summary, setSummary] = useState<SummaryJson | null>(null);
  const [summaryError, setSummaryError] = useState('');
  const [refreshing, setRefreshing] = useState(false);
  const [pointsBalance, setPointsBalance] = useState(0);
  const [creditPaise, setCreditPaise] = useState(0);
  const [online, setOnline] = useState(false);
  const [promo, setPromo] = useState<string | null>(null);
  const [redeem, setRedeem] = useState(false);
  const [note, setNote] = useState('');
  const [method, setMethod] = useState<PaymentChoice | null>(null);
  const [placing, setPlacing] = useState(false);
  const [placeError, setPlaceError] = useState('');
  const [selectOpen, setSelectOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [addMounted, setAddMounted] = useState(false);
  const [methodAlert, setMethodAlert] = useState(false);
  const [payOpen, setPayOpen] = useState(false);
  const [toast, setToast] = useState<Toast>(null);
  const [confirmed, setConfirmed] = useState<{ orderId: number; paidPaise: number; label: string } | null>(null);

  const inFlight = useRef(false);
  const idempotencyKey = useRef<string>('');
  const summaryRequest = useRef(0);
  const paidOrder = useRef<OrderJson | null>(null);
  const timers = useRef<number[]>([]);

  const later = useCallback((fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  }, []);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  const showToast = useCallback(
    (text: string, error = false) => {
      setToast({ text, error });
      later(() => setToast((t) => (t?.text === text ? null : t)), CHECKOUT_TOAST_MS);
    },
    [later],
  );

  const sendToLogin = useCallback(() => later(() => window.location.assign('/login?next=/checkout'), LOGIN_REDIRECT_MS), [later]);

  const selected = addresses.find((a) => a.id === selectedId) ?? null;

  /** Fetches the server's figures for a promo code and the points choice; returns them. */
  const loadSummary = useCallback(
    async (code: string | null, wantPoints: boolean, balance: number): Promise<SummaryData> => {
      const ticket = ++summaryRequest.current;
      const get = (points: number) =>
        apiGet<SummaryData>('/api/customer/checkout-summary', { query: { promocode: code ?? undefined, points: points || undefined }, fallbackMessage: MSG.summaryFailed });
      let data = await get(0);
      if (wantPoints) {
        const s = data.summary;
        const usable = Math.min(balance, Math.floor((paise(s.subtotal) - paise(s.discount)) / 100));
        if (usable > 0) data = await get(usable);
      }
      if (ticket === summaryRequest.current) {
        setSummary(data.summary);
        setPointsBalance(data.points_balance);
        setCreditPaise(paise(data.credit_balance));
        setOnline(data.online_payment);
        setSummaryError('');
      }
      return data;
    },
    [],
  );

  const fetchAddresses = useCallback(async () => (await apiGet<{ address_list: AddressJson[] }>('/api/customer/address-list', { fallbackMessage: MSG.fetchFailed })).address_list, []);

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
      if (addr.status === 'fulfilled') {
        setAddresses(addr.value);
        const first = addr.value.find((a) => a.is_default) ?? addr.value[0];
        setSelectedId(first?.id ?? null);
      } else {
        const unauthorized = addr.reason instanceof ApiError && addr.reason.status === 401;
        console.error('Loading addresses failed', addr.reason);
        setAddressError(unauthorized ? MSG.loginToFetch : MSG.fetchFailed);
        if (unauthorized) sendToLogin();
      }
      if (cart.status === 'fulfilled') setLines(cart.value.my_cart ?? []);
      if (sum.status === 'rejected') {
        const reason = sum.reason;
        const emptyCart = reason instanceof ApiError && reason.status === 422 && cart.status === 'fulfilled' && cart.value.my_cart.length === 0;
        if (!emptyCart) {
          console.error('Loading the order summary failed', reason);
          setSummaryError(reason instanceof ApiError ? reason.message : MSG.summaryFailed);
        }
      }
      setLoading(false);
    })();
    return () => {
      live = false;
    };
  }, [fetchAddresses, loadSummary, sendToLogin]);

  async function applyPromo(code: string) {
    setRefreshing(true);
    try {
      await loadSummary(code, redeem, pointsBalance);
      setPromo(code);
      setPlaceError('');
    } finally {
      setRefreshing(false);
    }
  }

  async function changeFigures(code: string | null, wantPoints: boolean) {
    setRefreshing(true);
    try {
      await loadSummary(code, wantPoints, pointsBalance);
      setPromo(code);
      setRedeem(wantPoints);
      setPlaceError('');
    } catch (err) {
      console.error('Refreshing the order summary failed', err);
      setSummaryError(err instanceof ApiError ? err.message : MSG.summaryFailed);
    } finally {
      setRefreshing(false);
    }
  }

  async function afterAddressAdded(saved: AddressJson) {
    const before = addresses.length;
    try {
      const list = await fetchAddresses();
      setAddresses(list);
      setAddressError('');
      if (selectedId === null || !list.some((a) => a.id === selectedId)) setSelectedId(saved.id);
      if (list.length > before) {
        setSelectOpen(true);
        showToast(MSG.added);
      }
    } catch (err) {
      console.error('Reloading addresses failed', err);
      showToast(MSG.reloadFailed, true);
    }
  }

  function openAddAddress() {
    setSelectOpen(false);
    setAddMounted(true);
    setAddOpen(true);
  }

  /** Sends the order with the server's own figures. */
  async function submit(mode: PaymentChoice): Promise<OrderJson> {
    if (!summary || !selected) throw new Error('Nothing to order');
    const body: Record<string, unknown> = {
      address_id: selected.id,
      payment_mode: mode,
      paid_amount: summary.paid_amount,
      discount: summary.discount,
      points: summary.points || '0',
    };
    if (summary.promocode) body.promocode = summary.promocode;
    if (note.trim()) body.customer_note = note.trim();
    const result = await apiRequest<{ order: OrderJson }>('/api/customer/place-order', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey.current },
      fallbackMessage: MSG.orderFailed,
    });
    return result.data.order;
  }

  /** Turns a failed placement into the message to show (and fresh figures on a 409). */
  function explain(err: unknown): string {
    if (!(err instanceof ApiError)) {
      console.error('Placing the order failed', err);
      return MSG.orderError;
    }
    if (err.status === 401) {
      sendToLogin();
      return MSG.login;
    }
    const figures = err.data as Partial<SummaryJson> | undefined;
    if (err.status === 409 && figures && typeof figures.paid_amount === 'string') {
      void loadSummary(promo, redeem, pointsBalance).catch((e) => console.error('Refreshing the order summary failed', e));
    }
    if (err.status === 0) return MSG.orderError;
    return err.message || MSG.orderFailed;
  }

  function succeed(order: OrderJson, mode: PaymentChoice) {
    const id = order.id;
    setConfirmed({ orderId: id, paidPaise: paise(order.paid_amount), label: PAYMENT_LABELS[mode] });
    idempotencyKey.current = newIdempotencyKey();
    try {
      window.localStorage.setItem(ORDER_SUCCESS_KEY, JSON.stringify({ message: `Your order #${id} has been placed successfully!` }));
    } catch (err) {
      console.warn('Could not store the order-success message', err);
    }
    // The server emptied the cart with the order: the cart store (navbar badge, count hint) follows.
    void loadCart(true);
    window.scrollTo({ top: 0 });
    later(() => window.location.assign('/'), HOME_REDIRECT_MS);
  }

  async function placeOrder() {
    if (inFlight.current || confirmed) return;
    setPlaceError('');
    if (!hasSessionHint()) {
      setPlaceError(MSG.login);
      sendToLogin();
      return;
    }
    if (!summary || lines.length === 0) {
      setPlaceError(MSG.empty);
      return;
    }
    if (!selected) {
      setPlaceError(MSG.noAddress);
      return;
    }
    if (!selected.deliverable) {
      setPlaceError(notDeliveredMessage(selected, area));
      return;
    }
    if (!method) {
      setMethodAlert(true);
      return;
    }
    if (method === 'online') {
      inFlight.current = true;
      setPlacing(true);
      try {
        await loadSummary(promo, redeem, pointsBalance);
        setPayOpen(true);
      } catch (err) {
        console.error('Preparing the payment failed', err);
        setPlaceError(MSG.payInit);
      } finally {
        inFlight.current = false;
        setPlacing(false);
      }
      return;
    }
    inFlight.current = true;
    setPlacing(true);
    try {
      succeed(await submit(method), method);
    } catch (err) {
      setPlaceError(explain(err));
    } finally {
      inFlight.current = false;
      setPlacing(false);
    }
  }

  async function payOnline() {
    if (inFlight.current) throw new Error('A payment is already in progress');
    inFlight.current = true;
    try {
      paidOrder.current = await submit('online');
    } catch (err) {
      const text = explain(err);
      setPlaceError(text);
      throw err instanceof ApiError ? new ApiError(text, err.status) : err;
    } finally {
      inFlight.current = false;
    }
  }

  if (confirmed) {
    return (
      <div className="px-4 py-10">
        <OrderConfirmed orderId={confirmed.orderId} paidPaise={confirmed.paidPaise} paymentLabel={confirmed.label} />
      </div>
    );
  }

  const subtotal = paise(summary?.subtotal);
  const discount = paise(summary?.discount);
  const pointsUsed = Number(summary?.points ?? 0) || 0;
  const delivery = paise(summary?.delivery_fee);
  const total = paise(summary?.paid_amount);
  const redeemable = summary ? Math.min(pointsBalance, Math.floor((subtotal - discount) / 100)) : 0;
  const moreForFree = summary && delivery > 0 ? Math.max(0, freeDeliveryFromPaise - subtotal) : 0;
  const cartEmpty = !loading && lines.length === 0;
  const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';

  const row = (label: string, value: string, extra = '') => (
    <div className={`flex justify-between gap-3 ${extra}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <div className="mb-5 flex items-center gap-2">
        <button
          type="button"
          aria-label="Go back"
          onClick={() => {
            if (document.referrer.startsWith(window.location.origin) && window.history.length > 1) window.history.back();
            else window.location.assign('/cart');
          }}
          className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </button>
        <h1 className="text-2xl font-bold text-slate-900">Checkout</h1>
      </div>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="space-y-5">
          <ShippingAddressCard loading={loading} error={addressError} addresses={addresses} selected={selected} area={area} onChange={() => setSelectOpen(true)} onAddNew={openAddAddress} />

          <section aria-labelledby="details-title" className={card}>
            <h2 id="details-title" className="text-lg font-semibold">
              Order Details
            </h2>
            {loading ? (
              <div className="mt-3 h-16 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
            ) : cartEmpty ? (
              <p className="mt-3 text-sm text-slate-700">
                {MSG.empty}{' '}
                <a href="/" className="font-semibold text-brand-700 underline">
                  Continue shopping
                </a>
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100">
                {lines.map((l) => (
                  <li key={l.cart_id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">{l.name}</span>
                      <span className="text-slate-600">Quantity: {l.qty}</span>
                    </span>
                    <span className="shrink-0 font-medium tabular-nums">{formatPaise(paise(l.line_total))}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <PaymentMethods value={method} onChange={setMethod} online={online} creditPaise={creditPaise} />

          <section className={card}>
            <label htmlFor="order-notes" className="text-lg font-semibold">
              Order Notes
            </label>
            <textarea
              id="order-notes"
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={500}
              rows={3}
              placeholder="Anything we should know about your delivery?"
              className="mt-3 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base placeholder:text-slate-500 focus:border-brand-600"
            />
          </section>
        </div>

        <aside className="space-y-5 lg:sticky lg:top-4" aria-label="Promo code, points and order summary">
          <PromoCodeBox applied={summary?.promocode ?? null} onApplied={applyPromo} onRemove={() => void changeFigures(null, redeem)} />

          <section aria-labelledby="points-title" className={card}>
            <h2 id="points-title" className="text-lg font-semibold">
              Points
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Your balance: <strong>{pointsBalance}</strong> {pointsBalance === 1 ? 'point' : 'points'} (1 point = ₹1)
            </p>
            <label className={`mt-3 flex items-center justify-between gap-3 text-sm ${redeemable > 0 ? 'cursor-pointer' : 'cursor-not-allowed text-slate-600'}`}>
              <span>{redeemable > 0 ? `Redeem ${redeemable} points (−${formatPaise(redeemable * 100)})` : 'No points to redeem yet'}</span>
              <input
                type="checkbox"
                role="switch"
                checked={redeem && pointsUsed > 0}
                disabled={redeemable <= 0 || refreshing}
                onChange={(e) => void changeFigures(promo, e.target.checked)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:opacity-50 after:absolute after:left-0.5 after:top-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5"
              />
            </label>
          </section>

          <section aria-labelledby="summary-title" className={card}>
            <h2 id="summary-title" className="text-lg font-semibold">
              Order Summary
            </h2>
            {summaryError && (
              <p role="alert" className="mt-2 text-sm font-medium text-sale-600">
                {summaryError}
              </p>
            )}
            <dl className={`mt-3 space-y-2 text-sm text-slate-800 ${refreshing ? 'opacity-60' : ''}`} aria-busy={refreshing || loading}>
              {row(`Subtotal (${summary?.item_count ?? 0} ${summary?.item_count === 1 ? 'item' : 'items'})`, formatPaise(subtotal))}
              {row(summary?.promocode ? `Discount (${summary.promocode})` : 'Discount', discount > 0 ? `−${formatPaise(discount)}` : formatPaise(0))}
              {pointsUsed > 0 && row(`Points (${pointsUsed})`, `−${formatPaise(pointsUsed * 100)}`)}
              {row('Delivery fee', summary && delivery === 0 ? 'Free' : formatPaise(delivery))}
              {row('Total', formatPaise(total), 'border-t border-slate-200 pt-3 text-base font-bold text-slate-900')}
            </dl>
            {moreForFree > 0 && <p className="mt-2 text-xs text-slate-600">Add {formatPaise(moreForFree)} more for free delivery</p>}
            <div aria-live="polite" className="sr-only">
              {summary ? `Total ${formatPaise(total)}` : ''}
            </div>
            {placeError && (
              <p role="alert" className="mt-3 rounded-lg bg-sale-600/5 px-3 py-2 text-sm font-medium text-sale-600">
                {placeError}
              </p>
            )}
            <button
              type="button"
              onClick={() => void placeOrder()}
              disabled={placing || loading}
              aria-busy={placing || undefined}
              className="mt-4 h-12 w-full rounded-xl bg-brand-700 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
            >
              {placing ? 'Placing Order...' : 'Place Order'}
            </button>
          </section>
        </aside>
      </div>

      <SelectAddressModal
        open={selectOpen}
        addresses={addresses}
        selectedId={selectedId}
        onSelect={(id) => {
          setSelectedId(id);
          setPlaceError('');
          setSelectOpen(false);
        }}
        onAddNew={openAddAddress}
        onClose={() => setSelectOpen(false)}
        notice={toast && !toast.error ? toast.text : undefined}
      />

      {addMounted && (
        <Suspense fallback={null}>
          <AddressDialog open={addOpen} mode="add" tileUrl={tileUrl} onClose={() => setAddOpen(false)} onSaved={(a) => void afterAddressAdded(a)} />
        </Suspense>
      )}

      <ModalDialog open={methodAlert} title="Payment Method Required" role="alertdialog" onClose={() => setMethodAlert(false)} hideClose describedBy="method-required-text">
        <p id="method-required-text" className="text-base text-slate-800">
          {MSG.noMethod}
        </p>
        <div className="mt-5 flex justify-end">
          <button type="button" autoFocus onClick={() => setMethodAlert(false)} className="h-11 rounded-lg bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800">
            OK
          </button>
        </div>
      </ModalDialog>

      {online && summary && (
        <PaymentModal
          open={payOpen}
          subtotalPaise={subtotal}
          discountPaise={discount}
          pointsPaise={pointsUsed * 100}
          deliveryPaise={delivery}
          totalPaise={total}
          onClose={() => setPayOpen(false)}
          onPay={payOnline}
          onDone={() => {
            setPayOpen(false);
            if (paidOrder.current) succeed(paidOrder.current, 'online');
          }}
        />
      )}

      <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 top-4 z-[90] flex justify-center px-4">
        {toast && !toast.error && <p className="rounded-xl bg-brand-700 px-4 py-3 text-sm font-medium text-white shadow-lg">{toast.text}</p>}
      </div>
      <div role="alert" className="pointer-events-none fixed inset-x-0 top-4 z-[90] flex justify-center px-4">
        {toast?.error && <p className="rounded-xl bg-sale-600 px-4 py-3 text-sm font-medium text-white shadow-lg">{toast.text}</p>}
      </div>
    </div>
  );
}
