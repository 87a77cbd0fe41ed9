/**
 * The checkout's choices kept across a reload, or a trip to the cart and back, for the browser
 * session: the delivery address, payment method, order note, promo code and whether to redeem
 * points, in `sessionStorage` under
 * CHECKOUT_CHOICES_KEY. Reading is defensive (anything malformed is dropped); the checkout then
 * re-validates what it read against the server (use-saved-choices.ts): a promo code that no longer
 * applies is dropped with a message, Pay Online only when it is still offered, the address only
 * while it is still in the customer's list.
 */
import { CHECKOUT_CHOICES_KEY } from '#lib/ui/storage-keys.ts';
import type { PaymentChoice } from '../rules.ts';

export interface CheckoutChoices {
  /** The delivery address chosen (its id), or null for the default one. */
  addressId: number | null;
  method: PaymentChoice | null;
  note: string;
  promo: string | null;
  redeem: boolean;
}

const METHODS: readonly PaymentChoice[] = ['cod', 'card', 'credit', 'online'];

/** The saved choices, or null when none (or storage is unavailable or holds something else). */
export function readCheckoutChoices(): CheckoutChoices | null {
  try {
    const raw = window.sessionStorage.getItem(CHECKOUT_CHOICES_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<Record<keyof CheckoutChoices, unknown>>;
    return {
      addressId: Number.isSafeInteger(v.addressId) && (v.addressId as number) > 0 ? (v.addressId as number) : null,
      method: METHODS.includes(v.method as PaymentChoice) ? (v.method as PaymentChoice) : null,
      note: typeof v.note === 'string' ? v.note.slice(0, 500) : '',
      promo: typeof v.promo === 'string' && v.promo.trim() ? v.promo.trim().slice(0, 40) : null,
      redeem: v.redeem === true,
    };
  } catch {
    return null;
  }
}

/** Saves the choices for this tab's session (a full storage or private mode is ignored). */
export function saveCheckoutChoices(choices: CheckoutChoices): void {
  try {
    window.sessionStorage.setItem(CHECKOUT_CHOICES_KEY, JSON.stringify(choices));
  } catch {
    /* storage unavailable: the choices simply do not survive a reload */
  }
}

/** Forgets the choices (after an order is placed). */
export function clearCheckoutChoices(): void {
  try {
    window.sessionStorage.removeItem(CHECKOUT_CHOICES_KEY);
  } catch {
    /* nothing to forget */
  }
}
