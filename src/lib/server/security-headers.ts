/**
 * Security headers for every response. The CSP allows our own scripts and styles (Astro
 * inlines small hydration scripts and styles, hence 'unsafe-inline'), images from anywhere over
 * https (product media hosts, map tiles) and no framing by other sites.
 */
import { getConfig } from './config.ts';

/** Headers to add to a response for `pathname`. */
export function securityHeaders(_pathname: string): Record<string, string> {
  const { MAP_TILE_URL } = getConfig();
  let tileOrigin = '';
  try {
    tileOrigin = new URL(MAP_TILE_URL.replace(/[{}]/g, '')).origin;
  } catch {
    tileOrigin = '';
  }
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: https: ${tileOrigin}`.trim(),
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
  };
}
