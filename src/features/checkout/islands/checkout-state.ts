/**
 * The checkout's state and its reducer (docs/orders-and-payments.md#checkout): what was
 * loaded (addresses, cart lines, the server's figures), what the customer chose (address, promo
 * code, points, note, payment method), which dialog is open, and the placing / confirmed
 * status. Pure: no fetch, no timers, no DOM (those are in the use-checkout*.ts hooks).
 */
import type { DataOut } from '#lib/http/contract.ts';
import type { checkoutSummaryRoute } from '../contract.ts';
import { creditChoice, type PaymentChoice } from '../rules.ts';
import type { PaymentSession, PlacedOrder } from './checkout-api.ts';
import { type AddressJson, type CartLineJson, paise } from './checkout-shared.ts';

/** What `GET /api/customer/checkout-summary` answers: the figures and the balances. */
export type Figures = DataOut<typeof checkoutSummaryRoute>;

/** The checkout's dialogs; at most one of them is open. */
export type CheckoutDialog = 'select-address' | 'add-address' | 'method-required' | 'payment';

/** What the Order Confirmed screen shows, from place-order's (or the payment's) answer. */
export interface Confirmation {
  orderId: number;
  /** Units ordered: the quantities summed. */
  itemCount: number;
  paidPaise: number;
  /** The payment mode, e.g. "Cash on Delivery". */
  label: string;
  /** Where the payment stands, e.g. "Pay in cash on delivery" or "Paid". */
  paymentStatus: string;
  /** The delivery slot's label, e.g. "Thu 26 Nov, 7–9 AM". */
  slot?: string;
  /** The GST invoice's download link, once the order has one. */
  invoiceUrl: string | null;
}

export interface CheckoutState {
  loading: boolean;
  addresses: AddressJson[];
  addressError: string;
  selectedId: number | null;
  lines: CartLineJson[];
  /** The server's latest figures, or null before the first answer. */
  figures: Figures | null;
  /**
   * The address the figures price (its zone's fee and minimum), null when they were asked for
   * without one; figures for another address than the selected one are fetched again.
   */
  figuresFor: number | null;
  summaryError: string;
  /** Figures being fetched again after a promo code or points change. */
  refreshing: boolean;
  /** The promo code the customer applied (the server says whether it holds: figures.summary.promocode). */
  promo: string | null;
  /** Whether the customer wants to redeem points. */
  redeem: boolean;
  note: string;
  method: PaymentChoice | null;
  placing: boolean;
  placeError: string;
  dialog: CheckoutDialog | null;
  /** The address dialog is loaded lazily, once, on first use. */
  addAddressMounted: boolean;
  /** A short success note shown inside the Select Shipping Address dialog. */
  notice: string;
  confirmed: Confirmation | null;
  /**
   * Pay Online's latest attempt: the order awaiting payment and its gateway order, whose figures
   * the simulator's modal shows; kept after the attempt ends so the modal closes (and gives focus
   * back) rather than vanishing.
   */
  paying: { order: PlacedOrder; payment: PaymentSession } | null;
  /**
   * An online order whose payment is unresolved (the browser never heard how it ended): the
   * checkout shows its lines read-only and waits for it (PaymentInDoubt); `lost` when the
   * connection failed while paying or confirming.
   */
  doubt: { order: PlacedOrder; lost: boolean } | null;
}

export type CheckoutAction =
  | {
      type: 'loaded';
      addresses?: AddressJson[];
      /** The address to select among `addresses` (firstAddressId's); else openingAddressId's. */
      selectedId?: number | null;
      addressError?: string;
      lines?: CartLineJson[];
      summaryError?: string;
    }
  | { type: 'figures'; figures: Figures; addressId: number | null }
  | { type: 'summaryFailed'; message: string }
  | { type: 'refreshing'; on: boolean }
  | { type: 'choose'; promo: string | null; redeem: boolean }
  | { type: 'addresses'; addresses: AddressJson[]; select?: number }
  | { type: 'selectAddress'; id: number }
  | { type: 'note'; text: string }
  | { type: 'method'; method: PaymentChoice }
  | { type: 'open'; dialog: CheckoutDialog }
  /** Closes `dialog` when it is the one open (any dialog without it). */
  | { type: 'close'; dialog?: CheckoutDialog }
  | { type: 'placing'; on: boolean }
  | { type: 'placeError'; message: string }
  | { type: 'notice'; text: string }
  | { type: 'confirmed'; confirmation: Confirmation }
  /** An online payment started (the simulator's modal opens) or ended (null: it closes). */
  | { type: 'payment'; attempt: CheckoutState['paying'] }
  | { type: 'doubt'; doubt: CheckoutState['doubt'] };

export const initialCheckoutState: CheckoutState = {
  loading: true,
  addresses: [],
  addressError: '',
  selectedId: null,
  lines: [],
  figures: null,
  figuresFor: null,
  summaryError: '',
  refreshing: false,
  promo: null,
  redeem: false,
  note: '',
  method: null,
  placing: false,
  placeError: '',
  dialog: null,
  addAddressMounted: false,
  notice: '',
  confirmed: null,
  paying: null,
  doubt: null,
};

/**
 * The address checkout opens on: `chosen` (the one chosen before in this tab's session) while it is
 * still among `addresses` and the shop delivers there — or no address is delivered to —, else
 * openingAddressId's.
 */
export function firstAddressId(addresses: AddressJson[], chosen: number | null): number | null {
  const kept = addresses.find((a) => a.id === chosen);
  return kept && (kept.deliverable || !addresses.some((a) => a.deliverable)) ? kept.id : openingAddressId(addresses);
}

/**
 * The address to select first: the default when the shop delivers there, else the first address
 * it delivers to; when it delivers to none, the default (else the first), and checkout says why it
 * cannot deliver there. Null without addresses.
 */
export function openingAddressId(addresses: AddressJson[]): number | null {
  const first =
    addresses.find((a) => a.is_default && a.deliverable) ??
    addresses.find((a) => a.deliverable) ??
    addresses.find((a) => a.is_default) ??
    addresses[0];
  return first?.id ?? null;
}

/** The chosen address, or null. */
export function selectedAddress(state: CheckoutState): AddressJson | null {
  return state.addresses.find((a) => a.id === state.selectedId) ?? null;
}

/** Whether the figures shown price another address than the selected one (fresh ones are due). */
export function figuresStale(state: CheckoutState): boolean {
  return state.selectedId !== null && state.figures !== null && state.figuresFor !== state.selectedId;
}

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        loading: false,
        addresses: action.addresses ?? state.addresses,
        selectedId: action.addresses ? (action.selectedId ?? openingAddressId(action.addresses)) : state.selectedId,
        addressError: action.addressError ?? '',
        // The figures' own lines when they came first: the list shown is the one they price.
        lines: state.figures?.items ?? action.lines ?? state.lines,
        summaryError: action.summaryError ?? state.summaryError,
      };
    case 'figures':
      // The lines always follow the figures: the page shows what cart_version stands for. Credit
      // chosen before stays chosen only while it still pays for the whole order.
      return {
        ...state,
        figures: action.figures,
        figuresFor: action.addressId,
        lines: action.figures.items,
        summaryError: '',
        method: state.method === 'credit' && !creditOf(action.figures).usable ? null : state.method,
      };
    case 'summaryFailed':
      return { ...state, summaryError: action.message };
    case 'refreshing':
      return { ...state, refreshing: action.on };
    case 'choose':
      return { ...state, promo: action.promo, redeem: action.redeem, placeError: '' };
    case 'addresses': {
      // An address just added is where the customer means to deliver: it becomes the selection
      // (the chooser reopens on it); otherwise the selection stays.
      const added = action.select !== undefined && action.addresses.some((a) => a.id === action.select);
      return {
        ...state,
        addresses: action.addresses,
        addressError: '',
        selectedId: added ? action.select! : state.selectedId,
      };
    }
    case 'selectAddress':
      return { ...state, selectedId: action.id, placeError: '', dialog: null };
    case 'note':
      return { ...state, note: action.text };
    case 'method':
      // Credit that cannot pay for the order is not a choice (its radio is disabled and says why).
      if (action.method === 'credit' && state.figures && !creditOf(state.figures).usable) return state;
      return { ...state, method: action.method };
    case 'open':
      return {
        ...state,
        dialog: action.dialog,
        addAddressMounted: state.addAddressMounted || action.dialog === 'add-address',
      };
    case 'close':
      return action.dialog && action.dialog !== state.dialog ? state : { ...state, dialog: null };
    case 'placing':
      return { ...state, placing: action.on, placeError: action.on ? '' : state.placeError };
    case 'placeError':
      return { ...state, placeError: action.message };
    case 'notice':
      return { ...state, notice: action.text };
    case 'confirmed':
      return { ...state, confirmed: action.confirmation, dialog: null, paying: null };
    case 'doubt':
      return { ...state, doubt: action.doubt, dialog: action.doubt ? null : state.dialog };
    case 'payment': {
      if (!action.attempt) return { ...state, dialog: state.dialog === 'payment' ? null : state.dialog };
      // Only the simulator's checkout is our dialog; Razorpay's opens its own window.
      const modal = action.attempt.payment.gateway === 'simulator';
      return { ...state, paying: action.attempt, dialog: modal ? 'payment' : state.dialog };
    }
  }
}

/** Figures derived from the state for display, in paise (0 before the first answer). */
/** Whether the figures' credit pays for their whole order, and what Pay using Credit says (creditChoice). */
function creditOf(figures: Figures): { usable: boolean; hint: string } {
  return creditChoice(paise(figures.credit_balance), paise(figures.summary?.paid_amount));
}

export function checkoutTotals(state: CheckoutState) {
  const summary = state.figures?.summary ?? null;
  const subtotal = paise(summary?.subtotal);
  const discount = paise(summary?.discount);
  const pointsBalance = state.figures?.points_balance ?? 0;
  return {
    summary,
    subtotal,
    discount,
    pointsUsed: Number(summary?.points ?? 0) || 0,
    delivery: paise(summary?.delivery_fee),
    total: paise(summary?.paid_amount),
    pointsBalance,
    /** Pay using Credit: whether it can be chosen and the line under it. */
    credit: state.figures ? creditOf(state.figures) : creditChoice(0, null),
    online: state.figures?.online_payment ?? false,
    /** Points the customer could redeem now: their balance, at most the items after the discount. */
    redeemable: summary ? Math.min(pointsBalance, Math.floor((subtotal - discount) / 100)) : 0,
  };
}
