/**
 * The wishlist page's script (src/pages/wishlist.astro; docs/storefront-rules.md#wishlist page):
 * the cards are server HTML, and this drives their Remove buttons and keeps the list in step
 * with the wishlist store. Remove takes the product out through the store (`PUT /api/wishlists`,
 * whose message the store shows as a toast); a card whose product leaves the wishlist — by
 * Remove, by its heart, or in another tab, as the store learns it — leaves the page, the count
 * follows, and the empty state shows after the last one. Focus moves to the next card's Remove
 * button, or to the empty state's heading. Add to cart is the card script's
 * (ProductCardActions.ts), as on every card.
 */
import { $wishlist, loadWishlist, toggleWishlist } from '../store.ts';

const list = document.querySelector<HTMLElement>('[data-wishlist-list]');
const count = document.querySelector<HTMLElement>('[data-wishlist-count]');
const empty = document.querySelector<HTMLElement>('[data-wishlist-empty]');

/** "1 saved product", "2 saved products". */
function countText(n: number): string {
  return `${n} saved ${n === 1 ? 'product' : 'products'}`;
}

/** Takes the product's card off the page and moves focus on when it held it. */
function dropCard(productId: number): void {
  const item = list?.querySelector<HTMLElement>(`[data-wishlist-item="${productId}"]`);
  if (!item) return;
  // A control disabled while its request runs (the heart) hands focus to the body: that counts.
  const active = document.activeElement;
  const hadFocus = item.contains(active) || active === document.body || active === null;
  const next = (item.nextElementSibling ?? item.previousElementSibling) as HTMLElement | null;
  item.remove();
  const left = list?.querySelectorAll('[data-wishlist-item]').length ?? 0;
  if (count) count.textContent = countText(left);
  if (left === 0) {
    list?.closest('[data-wishlist-items]')?.setAttribute('hidden', '');
    empty?.removeAttribute('hidden');
  }
  if (!hadFocus) return;
  const target =
    next?.querySelector<HTMLElement>('[data-wishlist-remove]') ??
    (left === 0 ? empty?.querySelector<HTMLElement>('h2') : null);
  target?.focus();
}

if (list) {
  // A product the store no longer holds is gone from the wishlist.
  $wishlist.subscribe(({ status, ids }) => {
    if (status !== 'ready') return;
    for (const item of list.querySelectorAll<HTMLElement>('[data-wishlist-item]')) {
      const id = Number(item.dataset.wishlistItem);
      if (!ids.has(id)) dropCard(id);
    }
  });
  void loadWishlist();

  list.addEventListener('click', (event) => {
    const button =
      event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-wishlist-remove]') : null;
    if (!button || button.getAttribute('aria-disabled') === 'true') return;
    const productId = Number(button.dataset.productId);
    // aria-disabled rather than disabled: the button keeps focus while the request runs.
    button.setAttribute('aria-disabled', 'true');
    void (async () => {
      await loadWishlist();
      // The store toggles: once it holds the wishlist, it is called only while the product is
      // still saved, so a Remove on a page older than the wishlist never adds it back.
      const before = $wishlist.get();
      if (before.status !== 'ready' || before.ids.has(productId)) await toggleWishlist(productId);
      // A store that could not load the wishlist takes the answer without the list: the card
      // leaves when the toggle went through (a new set) and the product is out.
      const after = $wishlist.get().ids;
      if (after !== before.ids && !after.has(productId)) dropCard(productId);
      button.removeAttribute('aria-disabled');
    })();
  });
}
