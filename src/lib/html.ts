/**
 * HTML that escapes by default: a tagged template, `html`, in which every `${}` is escaped for
 * element content and double-quoted attribute values, unless it is HTML made by `html` itself or
 * wrapped in `raw()`. For markup written as a string, where an Astro or JSX template does not fit
 * (the product card, drawn on the server and in the browser alike). Pure: no DOM, no Node APIs.
 *
 * What goes in a `${}`:
 * - a string (or anything else not listed below): escaped, `&`, `<`, `>`, `"` and `'` as
 *   references, every other character as it is;
 * - a number: its text (nothing in it needs escaping);
 * - `null`, `undefined` or `false`: nothing, so `${cond && html`…`}` leaves no trace;
 * - `SafeHtml` (from `html` or `raw`): as it is;
 * - an array: each item as above, joined with nothing between.
 *
 * It escapes text, not URLs: a URL in an `href` or `src` must be checked before it goes in
 * (#lib/images.ts `safeImageUrl`, #lib/http/safe-next.ts `safeNextPath`).
 *
 * @example html`<b title="${name}">${name}</b>` // name = 'Dal & "rice"' → '<b title="Dal &amp; &quot;rice&quot;">Dal &amp; &quot;rice&quot;</b>'
 */

/** Markup known to be safe: made by `html` (its values escaped) or vouched for by `raw`. */
export class SafeHtml {
  readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
  toString(): string {
    return this.html;
  }
}

/** What a `${}` of `html` takes. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ESCAPABLE = /[&<>"']/;
const ESCAPABLE_ALL = /[&<>"']/g;
const REFERENCE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * `text` escaped for element content and for a double- or single-quoted attribute value.
 * @example escapeHtml(`<a href="x">Tom's</a>`) // '&lt;a href=&quot;x&quot;&gt;Tom&#39;s&lt;/a&gt;'
 */
export function escapeHtml(text: string): string {
  return ESCAPABLE.test(text) ? text.replace(ESCAPABLE_ALL, (c) => REFERENCE[c] as string) : text;
}

/** One `${}` as HTML. */
function part(value: HtmlValue): string {
  if (typeof value === 'string') return escapeHtml(value);
  if (value instanceof SafeHtml) return value.html;
  if (typeof value === 'number') return String(value);
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) {
    let out = '';
    for (const item of value) out += part(item);
    return out;
  }
  return escapeHtml(String(value));
}

/** The tag: the template's own markup as written, each `${}` through `part`. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] as string;
  for (let i = 0; i < values.length; i++) out += part(values[i] as HtmlValue) + strings[i + 1];
  return new SafeHtml(out);
}

/**
 * `markup` put in as it is, unescaped: only for markup that is safe by construction (a constant,
 * a tag name from a fixed list). Never for a text that came from a person or a database.
 */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
