/**
 * The one inline script of every page (src/layouts/ShopLayout.astro), run before first paint:
 * signed-in state and cart count from the readable hint cookies (src/features/auth/server/session.ts), so
 * the navigation is right on every page, cached or not, and the image placeholder for an image that
 * fails to load. The badge stays fresh without any island: a cart another tab of this
 * browser changed arrives on the `ff-cart` BroadcastChannel (src/features/cart/cart-state.ts
 * posts every server answer), and when the page comes back into view (focus,
 * `visibilitychange`; at most every 5 s) the cart is fetched again and posted on that channel,
 * so the cart store, when a page has it, takes the whole cart too. A fetch answered after a change
 * of this tab is stale — and its response set the `ff_cart` hint cookie to the old count — so it
 * is made again. It is kept here as text so astro.config.mjs can put its SHA-256 hash into the
 * Content-Security-Policy (no 'unsafe-inline' for scripts); change it only here.
 */
import { createHash } from 'node:crypto';

export const HEAD_SCRIPT = `(function (d, c) {
  var signedIn = /(?:^|;\\s*)ff_auth=1(?:;|$)/.test(c), m = /(?:^|;\\s*)ff_cart=(\\d{1,3})(?:;|$)/.exec(c), n = signedIn && m ? +m[1] : 0, last = 0;
  function label() { document.querySelectorAll('[data-cart-link]').forEach(function (a) { a.setAttribute('aria-label', 'Cart, ' + n + (n === 1 ? ' item' : ' items')); }); }
  function show(count) { n = count; d.dataset.cart = n; d.style.setProperty('--ff-cart', '"' + n + '"'); label(); }
  d.dataset.auth = signedIn ? 'in' : 'out';
  d.dataset.cart = n;
  d.style.setProperty('--ff-cart', '"' + n + '"');
  document.addEventListener('DOMContentLoaded', label);
  if (signedIn && window.BroadcastChannel) {
    var tabs = new BroadcastChannel('ff-cart');
    tabs.onmessage = function (e) { if (e.data && e.data.summary) show(e.data.summary.item_count); };
    var back = function () {
      if (document.visibilityState !== 'visible' || Date.now() - last < 5000 || !/(?:^|;\\s*)ff_auth=1(?:;|$)/.test(document.cookie)) return;
      last = Date.now();
      var seq = d.dataset.cartSeq;
      fetch('/api/customer/my-cart', { credentials: 'same-origin' }).then(function (r) { return r.ok ? r.json() : null; }).then(function (j) {
        if (!j || !j.data) return;
        if (d.dataset.cartSeq === seq) { show(j.data.summary.item_count); tabs.postMessage(j.data); }
        else { last = 0; back(); }
      }).catch(function () {});
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
  }
  document.addEventListener('error', function (e) {
    var t = e.target;
    if (t && t.tagName === 'IMG' && !t.dataset.fallback) { t.dataset.fallback = '1'; t.removeAttribute('srcset'); t.src = '/images/placeholder.svg'; }
  }, true);
})(document.documentElement, document.cookie);`;

/** CSP source expression for HEAD_SCRIPT ("sha256-…"). */
export function headScriptHash(): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}`;
}
