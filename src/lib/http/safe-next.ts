/**
 * Where to go after signing in (`/login?next=…`): only a path on this site. Used
 * by the server (src/pages/login.astro, which redirects to it) and by the login page's script,
 * so the two can never disagree. Pure; no DOM or server imports.
 */

/** Longest `next` accepted, in characters; anything longer falls back to "/". */
export const MAX_NEXT_LENGTH = 2000;

const BASE = 'http://next.invalid';

/**
 * `value` when it is a same-origin relative path ("/cart", "/product/7?x=1#top"), normalised the
 * way a browser would resolve it; "/" for anything else: empty or too long, not starting with a
 * single "/", protocol-relative ("//evil", "/\\evil"), containing control characters, spaces or
 * backslashes (browsers drop tabs and newlines, so "/\t/evil" would become "//evil"), absolute
 * URLs and `javascript:` URLs, and paths whose dot segments resolve to "//host" ("/.//evil").
 * Never throws.
 */
export function safeNextPath(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NEXT_LENGTH) return '/';
  // Control characters (C0, DEL, C1), any whitespace and backslashes: browsers strip or rewrite
  // them while parsing URLs, which is how "/\t/evil.example" turns into "//evil.example".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point of this check.
  if (/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/.test(value)) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return '/';
  }
  if (url.origin !== BASE) return '/';
  const path = url.pathname + url.search + url.hash;
  // Dot segments can collapse to a protocol-relative path: "/.//evil" → "//evil".
  if (!path.startsWith('/') || path.startsWith('//')) return '/';
  return path;
}
