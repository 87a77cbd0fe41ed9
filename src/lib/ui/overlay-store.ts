/**
 * Which navigation overlay or panel is open (docs/storefront-rules.md#navigation-bar). Islands are
 * separate React roots; this atom is how the navbar's buttons, the category picker, the search and
 * the cart panels agree that at most one of them is open at a time.
 *
 * While a full-screen overlay is open the page behind it does not scroll (the phone's search
 * among them). Menus close on route change: a page restored from the
 * back/forward cache, or swapped by Astro view transitions, starts with everything closed.
 * Client-only: never write these stores in server frontmatter.
 */
import { atom } from 'nanostores';

/**
 * - `search`: the mobile full-screen search
 * - `categories`: the category picker overlay
 * - `cart-dropdown`: the desktop Shopping Cart card
 * - `cart-panel`: the mobile full-screen Shopping Cart panel
 * The account menu and panel are native popovers (AccountMenu.astro), outside this atom: the
 * browser closes them on a press outside, on Escape and when a modal dialog opens.
 */
export type Overlay = 'search' | 'categories' | 'cart-dropdown' | 'cart-panel';

/** Overlays that cover the page and therefore lock its scrolling. */
export const SCROLL_LOCKING: ReadonlySet<Overlay> = new Set<Overlay>(['search', 'categories', 'cart-panel']);

/** The open overlay, or null. Write it only through the actions below. */
export const $overlay = atom<Overlay | null>(null);

/** Opens `name`, closing whichever overlay was open. */
export function openOverlay(name: Overlay): void {
  $overlay.set(name);
}

/** Closes `name` if it is the open one; with no argument closes whatever is open. */
export function closeOverlay(name?: Overlay): void {
  if (name === undefined || $overlay.get() === name) $overlay.set(null);
}

/** Opens `name`, or closes it when it is already open. */
export function toggleOverlay(name: Overlay): void {
  $overlay.set($overlay.get() === name ? null : name);
}

if (typeof window !== 'undefined') {
  $overlay.subscribe((open) => {
    document.documentElement.style.overflow = open && SCROLL_LOCKING.has(open) ? 'hidden' : '';
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) closeOverlay();
  });
  document.addEventListener('astro:before-swap', () => closeOverlay());
}
