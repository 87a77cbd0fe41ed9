/**
 * The wishlist heart of the product page and the cards (spec 000 §2, §4 "Wishlist toggle").
 * Pressed when the product is in the signed-in customer's wishlist; pressing toggles it and
 * the server's message ("Product added to wishlist successfully!" / "Product removed from
 * wishlist successfully") shows as a toast. Guests get the login dialog.
 *
 * The state comes from the wishlist store (one GET per page). Before hydration the layout keeps
 * `aria-pressed` of every heart current from the same store, so the first render here matches
 * what the server sent (not pressed) and the store's value follows right after.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $wishlist, $wishlistBusy, loadWishlist, toggleWishlist } from '../store.ts';
import { island } from '#lib/ui/island.ts';

interface Props {
  productId: number;
  name: string;
  /** `card`: a small round button over the card image; `page`: the detail page's larger one. */
  size?: 'card' | 'page';
}

function WishlistHeart({ productId, name, size = 'card' }: Props) {
  const wishlist = useStore($wishlist);
  const busy = useStore($wishlistBusy).has(productId);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    void loadWishlist();
  }, []);

  const pressed = hydrated && wishlist.ids.has(productId);
  const box = size === 'page' ? 'h-11 w-11' : 'h-9 w-9';
  const icon = size === 'page' ? 'h-6 w-6' : 'h-5 w-5';

  return (
    <button
      type="button"
      data-wishlist-heart
      data-product-id={productId}
      aria-pressed={pressed}
      aria-label={`Wishlist ${name}`}
      aria-busy={busy}
      disabled={busy}
      onClick={() => void toggleWishlist(productId)}
      className={`group/heart relative z-10 inline-flex ${box} items-center justify-center rounded-full border border-slate-200 bg-white/90 text-slate-700 shadow-sm transition hover:text-sale-600 aria-pressed:text-sale-600 disabled:opacity-60`}
    >
      <svg
        viewBox="0 0 24 24"
        className={`${icon} fill-none group-aria-pressed/heart:fill-current`}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M12 20.5s-7.5-4.6-9.4-9.3C1.4 8.2 3.2 4.5 6.8 4.5c2.1 0 3.6 1.2 5.2 3 1.6-1.8 3.1-3 5.2-3 3.6 0 5.4 3.7 4.2 6.7-1.9 4.7-9.4 9.3-9.4 9.3Z" />
      </svg>
    </button>
  );
}

export default island(WishlistHeart);
