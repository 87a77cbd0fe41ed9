/**
 * The checkout's order-level "If an item is out of stock" choice, shared by its radio
 * group (OrderSubstitution.tsx) and place-order (checkout/islands/use-checkout.ts). Kept for the
 * tab's session like the checkout's other choices, so a reload does not lose it.
 * Client-only: never write this store in server frontmatter.
 */
import { atom } from 'nanostores';
import { DEFAULT_SUBSTITUTION, SUBSTITUTIONS, type Substitution } from '#features/cart/rules.ts';

const KEY = 'ff_order_substitution';

function saved(): Substitution {
  try {
    const v = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
    return v && (SUBSTITUTIONS as readonly string[]).includes(v) ? (v as Substitution) : DEFAULT_SUBSTITUTION;
  } catch {
    return DEFAULT_SUBSTITUTION;
  }
}

/** The order-level choice; the shop's default until the customer picks one. */
export const $orderSubstitution = atom<Substitution>(saved());

/** Sets the order-level choice (and keeps it for a reload). */
export function chooseOrderSubstitution(value: Substitution): void {
  $orderSubstitution.set(value);
  try {
    sessionStorage.setItem(KEY, value);
  } catch {
    /* private mode: the choice still holds for this page */
  }
}

/** Forgets the choice once an order is placed, so the next order starts from the default. */
export function resetOrderSubstitution(): void {
  $orderSubstitution.set(DEFAULT_SUBSTITUTION);
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing kept */
  }
}
