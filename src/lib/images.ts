/**
 * Image URLs for catalogue media (docs/storefront-rules.md#images): empty or non-text paths fall
 * back to the placeholder; http(s) URLs and root-relative paths are used as they are; other paths
 * are prefixed with the media host (`/media` on this server by default).
 */

/** Shown when an image is missing or fails to load. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * An <img>'s `onError`: shows the placeholder instead (once: a failing placeholder is left
 * alone, so it cannot loop). Drops any srcset so the browser does not pick a candidate again.
 */
export function showPlaceholder(event: { currentTarget: HTMLImageElement }): void {
  const img = event.currentTarget;
  if (img.src.endsWith(PLACEHOLDER_IMAGE)) return;
  if (img.srcset) img.srcset = '';
  img.src = PLACEHOLDER_IMAGE;
}

/** A root-relative path (not `//host`, nor `/\host`, which browsers read as `//host`) or an http(s) URL. */
const SAFE_IMAGE_URL = /^(?:\/(?![/\\])|https?:\/\/)/i;

/**
 * `url` when it is fit for an `<img src>` written into markup: a path on this site or an
 * http(s) URL, with no tab or line break (browsers drop those from a URL, so `/\t/host` would
 * become `//host`). The placeholder for anything else: `javascript:`, `data:`, protocol-relative
 * and other URLs, an empty or missing one.
 * @example safeImageUrl('/media/emoji/1f96d.svg') // '/media/emoji/1f96d.svg'
 * @example safeImageUrl('javascript:alert(1)') // '/images/placeholder.svg'
 */
export function safeImageUrl(url: unknown): string {
  return typeof url === 'string' && SAFE_IMAGE_URL.test(url) && !/[\t\n\r]/.test(url) ? url : PLACEHOLDER_IMAGE;
}

/**
 * Resolves a stored image path to a URL.
 * @example imageUrl('emoji/1f345.svg') // '/media/emoji/1f345.svg'
 * @example imageUrl('https://cdn.example/a.jpg') // 'https://cdn.example/a.jpg'
 * @example imageUrl(null) // '/images/placeholder.svg'
 */
export function imageUrl(path: unknown, mediaBase = '/media'): string {
  if (typeof path !== 'string' || path.trim() === '') return PLACEHOLDER_IMAGE;
  const p = path.trim();
  if (/^https?:\/\//i.test(p) || p.startsWith('/')) return p;
  return `${mediaBase.replace(/\/+$/, '')}/${p.replace(/^\/+/, '')}`;
}
