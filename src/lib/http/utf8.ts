/**
 * A rendered page's text as UTF-8 bytes, fast (docs/performance.md has the cost of a render).
 *
 * Astro turns every server-rendered page into bytes with `TextEncoder.encode`, a visible share of
 * a cold product or listing page's main thread, more so while the page is still a rope of a few
 * thousand pieces. Writing the text out as UTF-16 and transcoding that to UTF-8 gives the same
 * bytes several times faster.
 *
 * A page arrives as `PageText`: its text in parts of about PAGE_PART_CHARS characters, as the
 * renderer wrote it (src/server/astro-page-bytes.ts). Whole, an 80 KiB page with a `₹` in it is
 * a two-byte string of 160 KiB that V8 would flatten into its large-object space on every
 * render; in parts, each is flattened small and encoded on its own.
 *
 * A text that is not well-formed UTF-16 (a lone surrogate) cannot be transcoded; it is encoded
 * as `TextEncoder` does, each lone surrogate as U+FFFD. So is everything when the runtime has no
 * ICU transcoder (`transcode` throws).
 */
import { transcode } from 'node:buffer';

/** Characters per part of a page's text: small parts flatten and encode faster than one whole page. */
export const PAGE_PART_CHARS = 8192;

/** A page's text in parts, in order (their concatenation is the page). */
export class PageText {
  readonly parts: string[];
  constructor(parts: string[]) {
    this.parts = parts;
  }
  toString(): string {
    return this.parts.join('');
  }
}

const encoder = new TextEncoder();
/** Reused for the UTF-16 copy of each text (grown when a text needs more; calls are synchronous). */
let scratch = Buffer.allocUnsafe(4 * PAGE_PART_CHARS);

function encodeOne(text: string): Uint8Array {
  const need = text.length * 2;
  if (scratch.length < need) scratch = Buffer.allocUnsafe(need);
  const written = scratch.write(text, 0, 'utf16le');
  try {
    return transcode(scratch.subarray(0, written), 'utf16le', 'utf8');
  } catch {
    return encoder.encode(text);
  }
}

/** `text` in UTF-8: the same bytes as `new TextEncoder().encode(String(text))`. */
export function utf8Bytes(text: string | PageText): Uint8Array {
  if (typeof text === 'string') return encodeOne(text);
  if (text.parts.length === 1) return encodeOne(text.parts[0]!);
  // A surrogate pair split between two parts would be two lone surrogates in each: encode whole.
  for (let i = 0; i < text.parts.length - 1; i++) {
    const part = text.parts[i]!;
    const last = part.charCodeAt(part.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) return encodeOne(text.toString());
  }
  return Buffer.concat(text.parts.map(encodeOne));
}
