/**
 * "Deliver to" in the browser: the current PIN code check, shared by the navbar, the
 * product page and the cart (separate scripts, one store), and the checkout's chosen slot.
 * Client-only: never write these stores in server frontmatter.
 */
import { atom } from 'nanostores';
import { callRoute } from '#lib/http/client.ts';
import type { DataOut } from '#lib/http/contract.ts';
import type { deliverToRoute, setDeliverToRoute } from './contract.ts';

/** What the shop says about a PIN code (contract.ts pinCheckSchema). */
export type PinCheckJson = NonNullable<DataOut<typeof deliverToRoute>['check']>;

/** The current check: `loading` until the first answer; `check` null when no PIN code is known yet. */
export const $deliverTo = atom<{ status: 'loading' | 'ready' | 'error'; check: PinCheckJson | null }>({
  status: 'loading',
  check: null,
});

/** The delivery slot chosen at checkout (a slot id), null for none yet. */
export const $chosenSlot = atom<string | null>(null);
/** Bumped when checkout's slots must be fetched again (a slot filled up or closed meanwhile). */
export const $slotsVersion = atom(0);

let started = false;

/** Loads the current PIN code check once per page. */
export function loadDeliverTo(): void {
  if (started) return;
  started = true;
  callRoute<typeof deliverToRoute>('GET /api/customer/deliver-to', { fallbackMessage: 'Could not check delivery.' })
    .then((r) => $deliverTo.set({ status: 'ready', check: r.data.check }))
    .catch((err) => {
      console.error('Loading Deliver to failed', err);
      $deliverTo.set({ status: 'error', check: null });
    });
}

/**
 * Checks a PIN code and keeps it (cookie); the answer becomes the current check. Throws the API's
 * message on a bad PIN code.
 */
export async function checkDeliverTo(pin: string): Promise<PinCheckJson> {
  const r = await callRoute<typeof setDeliverToRoute>('POST /api/customer/deliver-to', {
    body: { pin },
    fallbackMessage: 'Could not check this PIN code. Please try again.',
  });
  $deliverTo.set({ status: 'ready', check: r.data.check });
  // The cart's delivery fee and minimum order follow the PIN code: a cart store on the page reloads
  // the cart on this event (cart/store.ts); a page without one has no cart figures to refresh.
  window.dispatchEvent(new Event('ff:deliver-to-changed'));
  return r.data.check;
}

/** The promise for a check, e.g. "Earliest: tomorrow 7–9 AM". */
export function earliestText(check: PinCheckJson): string {
  if (!check.deliverable) return check.message;
  return check.earliest_slot ? `Earliest: ${check.earliest_slot.label}` : 'No delivery slots open in the next few days';
}
