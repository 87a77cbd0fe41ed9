/**
 * The navigation bar's cart icon with its count badge (docs/storefront-rules.md#cart). From 768 px
 * it opens the floating Shopping Cart card under the icon (closes on an outside click and on
 * Escape); below, the full-screen Shopping Cart panel, whose back button (and the browser's)
 * returns to the page, as the spec's "previous page". Both are CartPanel (the ModalDialog
 * primitive); focus returns to this icon when they close.
 *
 * Hydrated with `client:interact`. Until then it is a plain link to /cart; the badge number is
 * drawn by CSS from `--ff-cart`, which the layout's head script sets from the hint cookie before
 * first paint and the cart store keeps current, so it is right on pages that never hydrate it.
 */

import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { opensInPlace } from '#lib/ui/enhanced-link.ts';
import { $overlay, closeOverlay, openOverlay, toggleOverlay } from '#lib/ui/overlay-store.ts';
import { $cartCount, cartLabel, loadCart } from '../store.ts';
import CartPanel from './CartPanel.tsx';
import { CartIcon } from './cart-icons.tsx';

const iconClass =
  'relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-800 hover:bg-brand-50';
const PANEL_STATE = 'ffCartPanel';
/** The card's id (for the icon's aria-controls): the navigation bar, and so this island, is on a page once. */
const CARD_ID = 'cart-card';

function Badge() {
  return (
    <span
      data-cart-count
      aria-hidden="true"
      className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-[11px] font-bold leading-5 text-white"
    />
  );
}

/** The cart icon, the desktop card and the mobile panel. */
function CartButton() {
  const count = useStore($cartCount);
  const overlay = useStore($overlay);
  const cardOpen = overlay === 'cart-dropdown';
  const panelOpen = overlay === 'cart-panel';
  const [hydrated, setHydrated] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (cardOpen || panelOpen) void loadCart();
  }, [cardOpen, panelOpen]);

  // The mobile panel has its own history entry, so the browser's Back closes it too.
  useEffect(() => {
    if (panelOpen && (history.state as Record<string, unknown> | null)?.[PANEL_STATE] !== true) {
      history.pushState({ ...(history.state ?? {}), [PANEL_STATE]: true }, '');
    }
  }, [panelOpen]);

  useEffect(() => {
    const onPop = () => closeOverlay('cart-panel');
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  function closePanel() {
    if ((history.state as Record<string, unknown> | null)?.[PANEL_STATE] === true) history.back();
    else closeOverlay('cart-panel');
  }

  function onClick() {
    if (window.matchMedia('(min-width: 768px)').matches) toggleOverlay('cart-dropdown');
    else openOverlay('cart-panel');
  }

  // One <a href="/cart"> before and after hydration: without JavaScript it is the cart page, and
  // the first tap (replayed by client:interact onto this same element) opens the panel.
  return (
    <div ref={rootRef} className="relative">
      <a
        href="/cart"
        data-cart-link
        role={hydrated ? 'button' : undefined}
        aria-label={cartLabel(hydrated ? count : 0)}
        aria-haspopup={hydrated ? 'dialog' : undefined}
        aria-expanded={hydrated ? cardOpen || panelOpen : undefined}
        aria-controls={cardOpen ? CARD_ID : undefined}
        className={iconClass}
        {...opensInPlace(onClick)}
      >
        <CartIcon />
        <Badge />
      </a>
      {hydrated && (
        <>
          <CartPanel
            variant="card"
            open={cardOpen}
            onClose={() => closeOverlay('cart-dropdown')}
            id={CARD_ID}
            anchor={rootRef}
          />
          <CartPanel variant="screen" open={panelOpen} onClose={closePanel} />
        </>
      )}
    </div>
  );
}

export default CartButton;
