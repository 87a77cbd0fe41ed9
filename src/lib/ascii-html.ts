/**
 * HTML written in ASCII: every character outside ASCII as a character reference (`&#x20b9;`
 * for ₹, `&ndash;` for –), which a browser decodes to the same text in element content and in
 * attribute values.
 *
 * Why: V8 keeps a string of ASCII characters at one byte per character and switches the whole
 * string to two bytes per character when a single character is outside Latin-1 (₹, −, –).
 * Astro builds a page as one long chain of concatenated pieces and encodes it to UTF-8 at the
 * end; for a page with one ₹ in it, V8 first copies every piece into a two-byte string, which
 * costs about a fifth of a catalogue page's CPU. Catalogue pages (product, listing, search) are
 * therefore written in ASCII: templates use references for their own symbols (`&minus;`,
 * `&copy;`), prices and texts that may hold other characters go in through these helpers with
 * `set:html`, and the React islands' HTML through `asciiMarkup` (src/server/island-renderer.ts).
 * What they return is ASCII held one byte a character: a text made from a two-byte one (a
 * replace, a long slice) stays two-byte in V8 whatever its characters, so it is copied into a
 * one-byte string. Server-side only (Node's Buffer). docs/performance.md ("A cold catalogue
 * page") gives the cost model.
 */
import { encodeNonAsciiHTML } from 'entities';
import { formatPaiseHtml } from './money.ts';

/** Any character outside ASCII; every one of them, a whole code point each (surrogate pairs included). */
const HAS_NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII = /[\u0080-\u{10ffff}]/gu;

/** Elements whose content is raw text, where a character reference would be read literally. */
const RAW_TEXT_ELEMENT = /<(script|style)[\s>]/i;

/**
 * `text` as HTML for `set:html`: `&`, `<`, `>`, `"` and `'` escaped, and every character outside
 * ASCII as a character reference.
 * @example asciiHtml('Dal & rice – 1 kg') // 'Dal &amp; rice &ndash; 1 kg'
 */
export function asciiHtml(text: string): string {
  const html = encodeNonAsciiHTML(text);
  return HAS_NON_ASCII.test(text) ? oneByte(html) : html;
}

/**
 * An amount in paise as HTML for `set:html`: formatPaise's text with ₹ as a reference.
 * @example moneyHtml(12600) // '&#8377;126.00'
 */
export function moneyHtml(paise: number): string {
  return formatPaiseHtml(paise);
}

/**
 * Markup already serialised (a React island's server HTML) with every character outside ASCII
 * as a numeric character reference. Markup holding a `<script>` or `<style>` element is returned
 * as it is: their content is raw text, where a reference would change it.
 * @example asciiMarkup('<button aria-label="Add – ₹5">−</button>') // '<button aria-label="Add &#x2013; &#x20b9;5">&#x2212;</button>'
 */
export function asciiMarkup(html: string): string {
  if (!HAS_NON_ASCII.test(html) || RAW_TEXT_ELEMENT.test(html)) return html;
  return oneByte(html.replace(NON_ASCII, (char) => `&#x${(char.codePointAt(0) as number).toString(16)};`));
}

/**
 * `value` as JSON for a `<script type="application/ld+json">` element's `set:html`: `<` and every
 * character outside ASCII as `\u` escapes (a script's content is raw text: references would be
 * read as they are, and `</script>` would end it).
 * @example asciiJson({ name: 'Dal <1 kg> – ₹90' }) // '{"name":"Dal \\u003c1 kg> \\u2013 \\u20b990"}'
 */
export function asciiJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!HAS_NON_ASCII.test(json)) return json.replace(/</g, '\\u003c');
  return oneByte(json.replace(/[<\u0080-\uffff]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** An ASCII text copied into a string of one byte a character (Latin-1 is ASCII's superset). */
function oneByte(ascii: string): string {
  return Buffer.from(ascii, 'latin1').toString('latin1');
}

/**
 * A `<meta>` element as HTML for `set:html`, its `content` in ASCII (an attribute Astro writes
 * itself keeps its characters as they are).
 * @example metaTagHtml('name', 'description', 'Dal for ₹90.00') // '<meta name="description" content="Dal for &#x20b9;90.00">'
 */
export function metaTagHtml(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${asciiHtml(key)}" content="${asciiHtml(content)}">`;
}
