/**
 * Who a request says it is from, and whether to believe it.
 *
 * - Forwarded headers (`X-Forwarded-Proto`, `X-Forwarded-Host`) count only when our own reverse
 *   proxy set them: the listener removes them from any connection not from TRUSTED_PROXIES
 *   (src/lib/http/client-ip.ts), so one still present here came from a trusted proxy; otherwise
 *   any client could claim to be HTTPS or another host.
 * - An unsafe (POST/PUT/PATCH/DELETE) request that carries cookies must prove it comes from this
 *   site: a matching `Origin`, else `Sec-Fetch-Site: same-origin`, else a matching `Referer`.
 *   Without any of the three it is refused, so the check never hangs on one optional header.
 *   Requests without cookies, or authenticated by `Authorization: Bearer` (API clients, curl),
 *   carry no ambient credentials a forged page could use, and are allowed unless they name a
 *   foreign origin.
 */
import { getConfig } from '../config.ts';

/** First value of a comma-separated (proxy-chained) header, trimmed and lower-cased; null when absent. */
export function firstHeaderValue(value: string | string[] | null | undefined): string | null {
  const raw = Array.isArray(value) ? value[0] : value;
  const first = raw?.split(',')[0]?.trim().toLowerCase();
  return first ? first : null;
}

/**
 * True when the client reached us over HTTPS: the connection itself is TLS (`encrypted`), or
 * the connection is from a trusted proxy (`trustedPeer`) that says `X-Forwarded-Proto: https`.
 */
export function isHttps(
  encrypted: boolean,
  forwardedProto: string | string[] | null | undefined,
  trustedPeer = true,
): boolean {
  return encrypted || (trustedPeer && firstHeaderValue(forwardedProto) === 'https');
}

/**
 * `isHttps` for a Fetch `Request` as Astro hands it over (its URL carries the socket's scheme; a
 * forwarded header left on it came from a trusted proxy, see the module comment).
 */
export function isHttpsRequest(request: Request, url: URL): boolean {
  return isHttps(url.protocol === 'https:', request.headers.get('x-forwarded-proto'));
}

/** Cookies get `Secure` when the request came over HTTPS (by the rule above) or the shop's SITE_URL is https. */
export function wantsSecureCookies(request: Request, url: URL): boolean {
  return isHttpsRequest(request, url) || getConfig().SITE_URL.startsWith('https:');
}

/**
 * The origin the client used to reach us ("https://shop.example"): scheme by `isHttpsRequest`,
 * host from `X-Forwarded-Host` (a trusted proxy's: see the module comment), else the `Host` header.
 */
export function requestOrigin(request: Request, url: URL): string {
  const host =
    firstHeaderValue(request.headers.get('x-forwarded-host')) ?? request.headers.get('host')?.toLowerCase() ?? url.host;
  return `${isHttpsRequest(request, url) ? 'https' : 'http'}://${host}`;
}

/** Origins this site answers as: the one the request used and the configured SITE_URL's. */
function siteOrigins(request: Request, url: URL): Set<string> {
  const origins = new Set([requestOrigin(request, url)]);
  try {
    origins.add(new URL(getConfig().SITE_URL).origin);
  } catch {
    /* SITE_URL is validated by the config schema */
  }
  return origins;
}

/** The origin of a URL-valued header ("null", garbage and opaque origins give null). */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether an unsafe request may proceed (see the module comment): false means answer 403.
 */
export function isSameOriginRequest(request: Request, url: URL): boolean {
  const headers = request.headers;
  const origins = siteOrigins(request, url);
  const origin = headers.get('origin');
  if (origin !== null) {
    const o = originOf(origin);
    return o !== null && origins.has(o);
  }
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite !== null) return fetchSite === 'same-origin';
  const referer = headers.get('referer');
  if (referer !== null) {
    const o = originOf(referer);
    return o !== null && origins.has(o);
  }
  // No proof at all: only a request that is not authenticated by cookies — none sent, or a
  // Bearer token (which wins over the cookie, and which no cross-site form or simple fetch can
  // add without a CORS preflight that this server never approves).
  return !headers.get('cookie') || /^Bearer\s+\S/i.test(headers.get('authorization') ?? '');
}
