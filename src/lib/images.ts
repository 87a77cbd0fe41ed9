/**
 * Image URLs for catalogue media (spec 000 §5): empty or non-text paths fall back to the
 * placeholder; http(s) URLs and root-relative paths are used as they are; other paths are
 * prefixed with the media host (`/media` on this server by default).
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
