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

/**
 * The widths (px) an uploaded photo is stored at, smallest first: a product card or category tile
 * on a phone (320), a card at 2× or the product page's main photo (640), the product page on a
 * large screen at 2× and a home banner (1280). A photo narrower than a width is kept at its own.
 */
export const PHOTO_WIDTHS = [320, 640, 1280] as const;

/** An uploaded photo's URL: `…/photos/<hash>-<width>x<height>.webp` (src/features/media). */
const PHOTO_URL = /^(.*\/photos\/)([0-9a-f]{32})-(\d{1,5})x(\d{1,5})\.webp$/;

/** The stored value (and URL tail) of an uploaded photo, from its hash and largest size. */
export function photoPath(hash: string, width: number, height: number): string {
  return `photos/${hash}-${width}x${height}.webp`;
}

/** The file of a photo's smaller rendition `width` px wide (beside its largest, photoPath). */
export function photoRenditionName(hash: string, width: number): string {
  return `${hash}-${width}.webp`;
}

/**
 * The largest size (px) of an uploaded photo from its URL or stored value, or null for anything
 * else (an emoji SVG, an outside URL): pages use it for the `<img>`'s width and height.
 * @example photoSize('/media/photos/0123456789abcdef0123456789abcdef-1280x960.webp') // { width: 1280, height: 960 }
 * @example photoSize('/media/emoji/1f345.svg') // null
 */
export function photoSize(url: unknown): { width: number; height: number } | null {
  const m = typeof url === 'string' ? PHOTO_URL.exec(url) : null;
  return m ? { width: Number(m[3]), height: Number(m[4]) } : null;
}

/**
 * The `srcset` of an image URL: for an uploaded photo, each stored width (the smaller renditions
 * and the largest), so the browser fetches the smallest that fills the slot; undefined for
 * anything else (an SVG is sharp at any width, an outside URL has one size).
 * @example imageSrcSet('/media/photos/0123456789abcdef0123456789abcdef-1280x960.webp')
 * // '/media/photos/0123456789abcdef0123456789abcdef-320.webp 320w, …-640.webp 640w, …-1280x960.webp 1280w'
 * @example imageSrcSet('/media/emoji/1f345.svg') // undefined
 */
export function imageSrcSet(url: unknown): string | undefined {
  const m = typeof url === 'string' ? PHOTO_URL.exec(url) : null;
  if (!m) return undefined;
  const [, folder, hash, width] = m as unknown as [string, string, string, string];
  const full = Number(width);
  const smaller = PHOTO_WIDTHS.filter((w) => w < full).map((w) => `${folder}${photoRenditionName(hash, w)} ${w}w`);
  return [...smaller, `${url} ${full}w`].join(', ');
}

/**
 * The smallest stored rendition of an uploaded photo (PHOTO_WIDTHS[0] px wide, or the photo
 * itself when it is narrower), for a thumbnail that is never wider than a third of that in CSS
 * pixels (a cart line's 56 px box on a 3× screen); any other URL as it is. The server picks it,
 * so a thumbnail needs no srcset in the browser.
 * @example thumbnailUrl('/media/photos/0123456789abcdef0123456789abcdef-1280x960.webp')
 * // '/media/photos/0123456789abcdef0123456789abcdef-320.webp'
 */
export function thumbnailUrl(url: string): string {
  const m = PHOTO_URL.exec(url);
  if (!m || Number(m[3]) <= PHOTO_WIDTHS[0]) return url;
  return `${m[1]}${photoRenditionName(m[2]!, PHOTO_WIDTHS[0])}`;
}

/**
 * An `<img>`'s srcset and sizes attributes for `url` (Astro's spelling): for an uploaded photo,
 * its stored widths and how wide the slot shows (`sizes`, e.g. `'96px'`); nothing for artwork or an
 * outside URL, whose one file serves every width.
 * @example <img src={c.image} {...responsiveImage(c.image, '96px')} />
 */
export function responsiveImage(url: unknown, sizes: string): { srcset?: string; sizes?: string } {
  const srcset = imageSrcSet(url);
  return srcset ? { srcset, sizes } : {};
}

/** As responsiveImage, in React's spelling (`srcSet`). */
export function responsiveImageProps(url: unknown, sizes: string): { srcSet?: string; sizes?: string } {
  const srcSet = imageSrcSet(url);
  return srcSet ? { srcSet, sizes } : {};
}
