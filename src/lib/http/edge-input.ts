/**
 * Bad input at the edge: the rules every request body,
 * query string and path passes before any handler or the database sees it. Pure functions;
 * src/lib/http/envelope.ts (readBody) and the edge gate (src/lib/http/edge-gate.ts) apply them.
 *
 * - Bodies are capped at MAX_BODY_BYTES (default 65,536 bytes = 64 KB): 413 "The request body
 *   is too large (limit 64 KB)." as soon as Content-Length says so, or as soon as a chunked
 *   body passes the cap while it is read.
 * - Text must be well-formed Unicode without control characters: C0 controls except tab, line
 *   feed and carriage return (so NUL, which PostgreSQL cannot store), DEL, the C1 controls
 *   U+0080–U+009F, and lone UTF-16 surrogates are refused with a 400 naming the field.
 * - Percent-encoding must decode to valid UTF-8 (`%FF`, `%E0%A4` are refused, not replaced).
 */

/** Default request body cap in bytes (64 KB). */
export const DEFAULT_MAX_BODY_BYTES = 65_536;

/** Characters no text field may hold (see the module comment). */
const DISALLOWED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern lists the control characters to refuse.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a character no text field may hold. */
export function hasDisallowedChars(text: string): boolean {
  return DISALLOWED.test(text);
}

/** A byte count as people read it: "64 KB" for whole kibibytes, else "1500 bytes". */
export function formatBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`;
}

/** The 413 message for a body cap. */
export function bodyTooLargeMessage(limit: number): string {
  return `The request body is too large (limit ${formatBytes(limit)}).`;
}

/** Field names are echoed in messages only when they look like field names. */
const PRINTABLE_FIELD = /^[A-Za-z0-9_.\-[\]]{1,64}$/;

/** How a key that itself holds bad characters is named. */
export const BAD_FIELD_NAME = 'A field name';

/** How a field is named in a message and in `errors`: its own name, or "A field" when odd. */
export function fieldLabel(field: string): string {
  return field === BAD_FIELD_NAME || PRINTABLE_FIELD.test(field) ? field : 'A field';
}

/** The 400 message for a field with characters that are not allowed. */
export function disallowedMessage(field: string): string {
  return `${fieldLabel(field)} contains characters that are not allowed.`;
}

/**
 * The dotted path of the first string (value or key) in a parsed body that holds a disallowed
 * character, or null when everything is clean. Walks objects and arrays; other types pass.
 * @example findDisallowedField({ address: { city: 'a\u0000' } }) // 'address.city'
 */
export function findDisallowedField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasDisallowedChars(value) ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findDisallowedField(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (hasDisallowedChars(key)) return BAD_FIELD_NAME;
      const found = findDisallowedField(inner, at);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * decodeURIComponent for form and query text: `+` is a space; null when the percent-encoding
 * is malformed or is not valid UTF-8.
 */
export function strictDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** A form-urlencoded or query-string problem: the field and whether it is malformed or has bad characters. */
export interface EncodedProblem {
  field: string;
}

/**
 * Parses `a=1&b=2` text (a query string without its `?`, or a form-urlencoded body) strictly:
 * the pairs in order, or the first field whose name or value is malformed percent-encoding
 * or holds a disallowed character.
 */
export function parseEncoded(text: string): { pairs: [string, string][] } | { problem: EncodedProblem } {
  const pairs: [string, string][] = [];
  if (!text) return { pairs };
  for (const part of text.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    const rawValue = eq === -1 ? '' : part.slice(eq + 1);
    const key = strictDecode(rawKey);
    if (key === null || hasDisallowedChars(key)) return { problem: { field: BAD_FIELD_NAME } };
    const value = strictDecode(rawValue);
    if (value === null || hasDisallowedChars(value)) return { problem: { field: key } };
    pairs.push([key, value]);
  }
  return { pairs };
}

/**
 * A raw query string (without `?`) with every parameter that parseEncoded would refuse left
 * out; the others keep their original encoding. Pages use it to forgive a bad link.
 */
export function dropBadParams(search: string): string {
  return search
    .split('&')
    .filter((part) => part && !('problem' in parseEncoded(part)))
    .join('&');
}

/**
 * True when a URL path decodes strictly (valid UTF-8 percent-encoding, segment by segment)
 * and holds no disallowed character.
 */
export function isCleanPath(pathname: string): boolean {
  for (const segment of pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (hasDisallowedChars(decoded)) return false;
  }
  return true;
}

/** The declared Content-Length in bytes, or null when absent or not a plain number. */
export function declaredLength(value: string | null | undefined): number | null {
  if (value == null || !/^\s*\d{1,16}\s*$/.test(value)) return null;
  return Number(value);
}

/** Thrown by readCapped when the body passes the cap. */
export class BodyTooLargeError extends Error {
  readonly limit: number;
  constructor(limit: number) {
    super(bodyTooLargeMessage(limit));
    this.name = 'BodyTooLargeError';
    this.limit = limit;
  }
}

/**
 * Reads a body stream to bytes, counting as it goes: throws BodyTooLargeError as soon as the
 * total passes `limit` (the rest is never read nor buffered). Other read failures (a client
 * that went away) reject with the stream's own error.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.releaseLock();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Bytes as UTF-8 text, or null when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}
