/**
 * The catalogue's browser state: the signed-in customer's wishlist as a set of product ids
 * (docs/storefront-rules.md#wishlist).
 * Fetched once per page from `GET /api/wishlists`; `PUT /api/wishlists` toggles a product
 * (201 added, 200 removed) and the server's message is shown as a toast. Guests get the login
 * dialog. Hearts that have not hydrated yet follow the store through `aria-pressed` on every
 * `[data-wishlist-heart][data-product-id]` button.
 * Client-only: never write these stores in server frontmatter.
 */
import { atom } from 'nanostores';
import { $session, isSignedIn, openAuth } from '#features/auth/store.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { showToast } from '#lib/ui/toast.ts';
import type { listWishlistRoute, toggleWishlistRoute } from './contract.ts';
import { WISHLIST_MESSAGES } from './rules.ts';

export interface WishlistState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  ids: ReadonlySet<number>;
}

/** Wishlisted product ids. */
export const $wishlist = atom<WishlistState>({ status: 'idle', ids: new Set() });
/** Product ids whose toggle is in flight. */
export const $wishlistBusy = atom<ReadonlySet<number>>(new Set());

let loading: Promise<void> | null = null;

/** Fetches the wishlist once for a signed-in customer. */
export function loadWishlist(): Promise<void> {
  if (!isSignedIn() || $wishlist.get().status === 'ready') return Promise.resolve();
  loading ??= callRoute<typeof listWishlistRoute>('GET /api/wishlists', {})
    .then(({ data }) => {
      const ids = new Set(data.wishlists.map((p) => p.id));
      $wishlist.set({ status: 'ready', ids });
    })
    .catch((err: unknown) => {
      if (!(err instanceof ApiError && err.status === 401)) console.error('Wishlist load failed', err);
      $wishlist.set({ status: 'error', ids: new Set() });
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Adds or removes a product (the API answers 201 added, 200 removed). Guests get the login dialog. */
export async function toggleWishlist(productId: number): Promise<void> {
  if (!isSignedIn()) {
    void openAuth('login');
    return;
  }
  if ($wishlistBusy.get().has(productId)) return;
  $wishlistBusy.set(new Set([...$wishlistBusy.get(), productId]));
  try {
    const { message, data } = await callRoute<typeof toggleWishlistRoute>('PUT /api/wishlists', {
      body: { productId },
      fallbackMessage: WISHLIST_MESSAGES.failed,
    });
    const added = data.wishlisted;
    const ids = new Set($wishlist.get().ids);
    if (added) ids.add(productId);
    else ids.delete(productId);
    $wishlist.set({ status: $wishlist.get().status === 'ready' ? 'ready' : $wishlist.get().status, ids });
    showToast(message || (added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.removed));
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401))
      showToast(err instanceof ApiError ? err.message : WISHLIST_MESSAGES.failed, { tone: 'error' });
  } finally {
    const busy = new Set($wishlistBusy.get());
    busy.delete(productId);
    $wishlistBusy.set(busy);
  }
}

/** Mirrors the store onto every heart button in the page (hydrated or not). */
function reflect({ ids }: WishlistState): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-wishlist-heart][data-product-id]')) {
    el.setAttribute('aria-pressed', String(ids.has(Number(el.dataset.productId))));
  }
}

/** Shows the wishlist on hearts drawn after it loaded (cards an island added). */
export function showWishlist(): void {
  reflect($wishlist.get());
}

if (typeof window !== 'undefined') {
  $wishlist.listen(reflect);
  $session.listen(({ signedIn }) => {
    if (signedIn) void loadWishlist();
    else $wishlist.set({ status: 'idle', ids: new Set() });
  });
}
