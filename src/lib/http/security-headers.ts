/**
 * Security headers, one definition for every way the shop is served: `npm start` and
 * `node dist/server/entry.mjs` (the server entry) and `astro dev` run the listener of
 * src/server/listener.ts, which sets these on every response — pages, API, static files.
 *
 * Content-Security-Policy: Astro builds the page policy itself (`security.csp` in
 * astro.config.mjs) with a SHA-256 hash for each inline script and style it renders, and sends it
 * as a header (server-rendered pages) or from dist/_headers.json (prerendered pages, the Node
 * adapter's `staticHeaders`). `CSP_DIRECTIVES` are the rules besides script-src/style-src, shared
 * by that policy and by `FALLBACK_CSP`, which covers every response Astro does not (API, files).
 * No 'unsafe-inline' for scripts anywhere; styles allow it only in `style=""` attributes
 * (`style-src-attr`), which React islands and Leaflet/Swiper markup use.
 *
 * Strict-Transport-Security only when the request came over HTTPS (src/lib/http/request-origin.ts:
 * a TLS socket, or `X-Forwarded-Proto: https` from a proxy in TRUSTED_PROXIES).
 */

/** Policy directives other than script-src and style-src (Astro writes those two). */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  // Product media hosts and map tiles are https; data:/blob: for generated previews.
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
] as const;

/**
 * Razorpay's Standard Checkout, allowed on the checkout page only (src/pages/checkout.astro adds
 * these to its page policy): the browser loads checkout.js from checkout.razorpay.com, which
 * opens Razorpay's payment window as a frame (api.razorpay.com, checkout.razorpay.com) and talks
 * to Razorpay's API from there. Every other page keeps `script-src 'self'` and no frames, so no
 * third party's script runs where the customer does not pay. The page also lets the payment
 * window open bank and 3-D Secure pop-ups (`RAZORPAY_CHECKOUT_COOP`): under `same-origin` a
 * pop-up loses its opener, and net banking could not report back.
 */
export const RAZORPAY_CHECKOUT_CSP = {
  /** script-src sources besides 'self'. */
  scripts: ['https://checkout.razorpay.com'],
  /** Whole directives, merged by Astro into the page policy's own. */
  directives: [
    "frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com",
    "connect-src 'self' https://api.razorpay.com https://checkout.razorpay.com",
  ],
} as const;

/** The checkout page's Cross-Origin-Opener-Policy (see RAZORPAY_CHECKOUT_CSP). */
export const RAZORPAY_CHECKOUT_COOP = 'same-origin-allow-popups';

/** The policy for responses without a page policy of their own: no inline script or style element at all. */
export const FALLBACK_CSP = [
  ...CSP_DIRECTIVES,
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
].join('; ');

/**
 * The policy under `astro dev`: Astro hashes scripts and styles into a page policy only in a
 * build, and Vite's development pages carry inline module scripts and style elements (hot reload,
 * React refresh, the dev toolbar), so scripts and styles may be inline there; every other
 * directive is the production one.
 */
export const DEV_CSP = [
  ...CSP_DIRECTIVES,
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
].join('; ');

/** HSTS value: two years, subdomains included (sent over HTTPS only). */
export const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Headers for every response. `https`: whether this request reached us over HTTPS (adds HSTS).
 * The Content-Security-Policy here is the fallback; Astro's per-page policy replaces it on pages
 * of a build. `dev`: Astro's dev server (DEV_CSP instead of the fallback).
 */
export function securityHeaders({ https, dev = false }: { https: boolean; dev?: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': dev ? DEV_CSP : FALLBACK_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
  };
  if (https) headers['strict-transport-security'] = HSTS;
  return headers;
}
