/**
 * A rendered page's text as UTF-8 bytes, fast (issue 13; docs/performance.md "A page's text to
 * bytes").
 *
 * Astro turns every server-rendered page into bytes with `TextEncoder.encode`. On Node 24 that
 * took ~0.4 ms for an 80 KiB product page (~0.6 ms with the page still a rope of a few thousand
 * pieces): 13–15% of a cold product or listing page's main thread. Copying the text out as
 * UTF-16 and transcoding that to UTF-8 gives the same bytes in ~0.06 ms (plus the rope's one
 * flattening, which any encoding pays).
 *
 * A text that is not well-formed UTF-16 (a lone surrogate) cannot be transcoded; it is encoded
 * as `TextEncoder` does, each lone surrogate as U+FFFD. So is everything when the runtime has no
 * ICU transcoder (`transcode` throws).
 */
import { transcode } from 'node:buffer';

const encoder = new TextEncoder();

/** `text` in UTF-8: the same bytes as `new TextEncoder().encode(text)`. */
export function utf8Bytes(text: string): Uint8Array {
  try {
    return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8');
  } catch {
    return encoder.encode(text);
  }
}
