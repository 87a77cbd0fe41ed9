/**
 * For an island that draws product cards after load (Buy again, for a signed-in customer): the
 * cards' script (./ProductCardActions.ts, once per page) and, at once, the cards' cart state and
 * their hearts' wishlist state. Imported on use only; nothing imports this module statically, so
 * the bundler loads it as a file of its own and the cards' script needs no module-namespace
 * helper on the pages that load it at start (the listing page loads no other file for it).
 */
import './ProductCardActions.ts';

/** Shows the cart's stepper and the wishlist's hearts on cards just added to the page. */
export function showAddedCards(): void {
  void import('#features/cart/islands/CardCart.ts').then((m) => m.refresh());
  void import('../store.ts').then(async (w) => {
    await w.loadWishlist();
    w.showWishlist();
  });
}
