/**
 * Razorpay's Standard Checkout (PAYMENT_GATEWAY=razorpay): its script, checkout.js, is loaded
 * from Razorpay on demand, once per page, only when a gateway order for Razorpay is to be paid —
 * never for the simulator, never on another page (the checkout page's Content-Security-Policy is
 * the only one that allows it). The script opens Razorpay's own payment window (UPI, cards, net
 * banking, wallets) in a frame; we hand it the gateway order and get back the callback fields.
 */
import type { CheckoutCallback, PaymentSession } from './payment-api.ts';

/** Razorpay's checkout script (its documented URL). */
export const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

/** The options of `new Razorpay(options)` the shop uses (Razorpay's Standard Checkout reference). */
interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description?: string;
  prefill?: { name?: string; contact?: string; email?: string };
  theme?: { color?: string };
  handler: (response: CheckoutCallback) => void;
  modal?: { ondismiss?: () => void; escape?: boolean; confirm_close?: boolean };
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', listener: (response: { error?: { description?: string } }) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayInstance;
  }
}

let loading: Promise<void> | null = null;

/** Loads checkout.js once; a failed load may be tried again. */
function loadRazorpay(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error('Razorpay checkout did not load')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Razorpay checkout could not be loaded'));
    };
    document.head.append(script);
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** What the checkout does with each outcome of Razorpay's window. */
export interface RazorpayHandlers {
  /** A payment went through: its callback fields, to verify on the server. */
  paid: (callback: CheckoutCallback) => void;
  /** An attempt failed; Razorpay's window stays open for another try. */
  failed: (reason: string) => void;
  /** The customer closed the window without paying. */
  dismissed: () => void;
}

/**
 * Opens Razorpay's Standard Checkout for `session` (throws when checkout.js cannot be loaded);
 * `prefill` is the customer's name and phone, so they need not type them again.
 */
export async function openRazorpayCheckout(
  session: PaymentSession,
  details: { description: string; prefill: { name?: string; contact?: string } },
  handlers: RazorpayHandlers,
): Promise<void> {
  await loadRazorpay();
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('Razorpay checkout is not available');
  const checkout = new Razorpay({
    key: session.key_id,
    order_id: session.order_id,
    amount: session.amount,
    currency: session.currency,
    name: 'FarmFresh',
    description: details.description,
    prefill: details.prefill,
    theme: { color: '#256b34' },
    handler: handlers.paid,
    modal: { ondismiss: handlers.dismissed, confirm_close: true },
  });
  checkout.on('payment.failed', (response) => handlers.failed(response.error?.description ?? ''));
  checkout.open();
}
