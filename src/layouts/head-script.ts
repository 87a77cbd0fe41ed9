/**
 * The one inline script of every page (src/layouts/ShopLayout.astro), run before first paint:
 * signed-in state and cart count from the readable hint cookies (src/features/auth/server/session.ts), so
 * the navigation is right on every page, cached or not, and the image placeholder on load errors
 * (spec 000 §4). It is kept here as text so astro.config.mjs can put its SHA-256 hash into the
 * Content-Security-Policy (no 'unsafe-inline' for scripts); change it only here.
 */
import { createHash } from 'node:crypto';

export const HEAD_SCRIPT = `(function (d, c) {
  var signedIn = /(?:^|;\\s*)ff_auth=1(?:;|$)/.test(c), m = /(?:^|;\\s*)ff_cart=(\\d{1,3})(?:;|$)/.exec(c), n = signedIn && m ? +m[1] : 0;
  d.dataset.auth = signedIn ? 'in' : 'out';
  d.dataset.cart = n;
  d.style.setProperty('--ff-cart', '"' + n + '"');
  document.addEventListener('DOMContentLoaded', function () {
    document.querySelectorAll('[data-cart-link]').forEach(function (a) { a.setAttribute('aria-label', 'Cart, ' + n + (n === 1 ? ' item' : ' items')); });
  });
  document.addEventListener('error', function (e) {
    var t = e.target;
    if (t && t.tagName === 'IMG' && !t.dataset.fallback) { t.dataset.fallback = '1'; t.removeAttribute('srcset'); t.src = '/images/placeholder.svg'; }
  }, true);
})(document.documentElement, document.cookie);`;

/** CSP source expression for HEAD_SCRIPT ("sha256-…"). */
export function headScriptHash(): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}`;
}
