/**
 * The one script behind every product card's buttons, loaded once per page by ProductGrid.astro,
 * the product page and Buy again (through ./AddedProductCards.ts): the cards are plain HTML
 * (../product-card.ts) — the "Add" button is a `<form method=post action=/cart/add>` that works
 * without JavaScript (cart/server/form-add.ts),
 * the wishlist heart a button with `aria-pressed` — and this small file listens on the document
 * for their use, loading the code that acts only then. It drives the cards' markup through its
 * data attributes and writes none of it:
 * - "Add" (submit) and the − / + of a card's stepper: the cart module (cart/islands/CardCart.ts), which
 *   adds through the cart store and shows the stepper while the product is in the cart;
 * - the heart: the wishlist store (its `aria-pressed` on every heart follows the store, which
 *   the layout loads for a signed-in customer).
 * For a signed-in customer whose cart is not empty (`<html data-cart>`, from the hint cookie)
 * the cart module loads at once, so cards of products already in the cart show their stepper;
 * also when a sign-in happens on the page or another tab changes the cart. Nothing is lost
 * while it loads: the event is held and handed over.
 */
import type { CartJson } from '#features/cart/store.ts';

type CardCart = typeof import('#features/cart/islands/CardCart.ts');

/** The page's one copy of these listeners, even when an island imports this module too. */
const flagged = window as Window & { ffCardActions?: boolean };
if (!flagged.ffCardActions) {
  flagged.ffCardActions = true;
  listen();
}

function listen(): void {
  let cardCart: Promise<CardCart> | null = null;
  const loadCardCart = () => (cardCart ??= import('#features/cart/islands/CardCart.ts'));
  let heartsFollowBusy = false;

  document.addEventListener('submit', (event) => {
    const form =
      event.target instanceof HTMLFormElement && event.target.matches('[data-card-add]') ? event.target : null;
    if (!form) return;
    event.preventDefault();
    void loadCardCart().then((m) => m.add(form));
  });

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const stepButton = target?.closest<HTMLButtonElement>('[data-card-stepper] [data-step]');
    if (stepButton) {
      void loadCardCart().then((m) => m.step(stepButton));
      return;
    }
    const heart = target?.closest<HTMLButtonElement>('[data-card-heart]');
    if (heart) {
      void import('../store.ts').then(async (w) => {
        if (!heartsFollowBusy) {
          heartsFollowBusy = true;
          w.$wishlistBusy.subscribe((busy) => {
            for (const el of document.querySelectorAll<HTMLButtonElement>('[data-card-heart]')) {
              const on = busy.has(Number(el.dataset.productId));
              el.disabled = on;
              el.setAttribute('aria-busy', String(on));
            }
          });
        }
        await w.loadWishlist();
        await w.toggleWishlist(Number(heart.dataset.productId));
      });
    }
  });

  const root = document.documentElement;
  if (root.dataset.auth === 'in' && Number(root.dataset.cart ?? 0) > 0) void loadCardCart();
  window.addEventListener('ff:signed-in', () => void loadCardCart());
  if (root.dataset.auth === 'in' && typeof BroadcastChannel !== 'undefined') {
    // Another tab changed the cart: its cart is handed to the module (which listens itself from then on).
    const tabs = new BroadcastChannel('ff-cart');
    tabs.onmessage = (event: MessageEvent<CartJson>) => {
      tabs.close();
      // Once the module is loading, the cart store listens itself (and this tab's own posts arrive here too).
      if (!cardCart) void loadCardCart().then((m) => m.take(event.data));
    };
  }
}
