/**
 * A guest's Add waiting for their login: the login dialog opens, the product and quantity are
 * remembered, and the item is added once the login succeeds. The product and quantity wait in
 * localStorage (`pendingCartAdd`, so they survive a full reload) for at most 30 minutes, and are
 * added once, when the guest has signed in. Client-only.
 */

import { isSignedIn, openAuth } from '#features/auth/store.ts';
import { PENDING_CART_ADD_KEY } from '#lib/ui/storage-keys.ts';
import { postAdd } from './cart-sync.ts';
import { isAddableQty } from './rules.ts';

interface PendingAdd {
  productId: number;
  qty: number;
  /** When it was remembered (ms since the epoch). */
  at: number;
}

/** How long a guest's add waits for their login: 30 minutes. */
const PENDING_TTL_MS = 30 * 60_000;

function readPending(): PendingAdd | null {
  try {
    const raw = localStorage.getItem(PENDING_CART_ADD_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<PendingAdd>;
    const ok =
      Number.isInteger(v.productId) &&
      v.productId! > 0 &&
      isAddableQty(Number(v.qty)) &&
      typeof v.at === 'number' &&
      Date.now() - v.at < PENDING_TTL_MS;
    if (!ok) localStorage.removeItem(PENDING_CART_ADD_KEY);
    return ok ? (v as PendingAdd) : null;
  } catch {
    return null;
  }
}

/** Remembers (or with null forgets) the guest's add. */
export function writePending(value: PendingAdd | null): void {
  try {
    if (value) localStorage.setItem(PENDING_CART_ADD_KEY, JSON.stringify(value));
    else localStorage.removeItem(PENDING_CART_ADD_KEY);
  } catch (err) {
    console.warn('Could not remember the item for after login', err);
  }
}

/**
 * Adds `qty` of a product. A guest gets the login dialog instead, and the item is
 * added after the login. Resolves true when the item was added now.
 */
export async function addToCart(productId: number, qty = 1): Promise<boolean> {
  if (!isSignedIn()) {
    writePending({ productId, qty, at: Date.now() });
    void openAuth('login', (signedIn) => {
      if (!signedIn) writePending(null);
    });
    return false;
  }
  return postAdd(productId, qty);
}

let flushing = false;

/** Adds a guest's remembered item once they are signed in (once only). */
export async function flushPendingAdd(): Promise<void> {
  if (flushing || !isSignedIn()) return;
  const pending = readPending();
  if (!pending) return;
  flushing = true;
  writePending(null);
  try {
    await postAdd(pending.productId, pending.qty);
  } finally {
    flushing = false;
  }
}
