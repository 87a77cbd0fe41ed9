/**
 * The `html` tag (#lib/html.ts): every `${}` is escaped unless it is markup made by the tag or
 * wrapped in `raw()`, so a text put into a template reads back as that text, in element content
 * and in quoted attribute values alike.
 */
import { decodeHTML } from 'entities';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, html, raw, SafeHtml } from '#lib/html.ts';

describe('html', () => {
  it('escapes & < > " and \' in every string it is given, in content and in attributes', () => {
    const text = `<script>alert(1)</script> "double" 'single' & more`;
    expect(html`<p title="${text}">${text}</p>`.html).toBe(
      '<p title="&lt;script&gt;alert(1)&lt;/script&gt; &quot;double&quot; &#39;single&#39; &amp; more">' +
        '&lt;script&gt;alert(1)&lt;/script&gt; &quot;double&quot; &#39;single&#39; &amp; more</p>',
    );
  });

  it('keeps every other character as it is', () => {
    expect(html`<b>${'₹90 – ദാൽ 🥭'}</b>`.html).toBe('<b>₹90 – ദാൽ 🥭</b>');
  });

  it('puts markup made by html in as it is, so templates nest without escaping twice', () => {
    const name = html`${'Dal & rice'}`;
    const item = html`<li>${name}</li>`;
    expect(html`<ul>${item}</ul>`.html).toBe('<ul><li>Dal &amp; rice</li></ul>');
  });

  it('puts raw() in unescaped, and only that', () => {
    expect(html`<${raw('h2')}>${'<h2>'}</${raw('h2')}>`.html).toBe('<h2>&lt;h2&gt;</h2>');
  });

  it('joins arrays, each item escaped or not by what it is', () => {
    const items = ['a<b', html`<i>${'c&d'}</i>`, 3, null];
    expect(html`<p>${items}</p>`.html).toBe('<p>a&lt;b<i>c&amp;d</i>3</p>');
    expect(html`<ul>${['x', 'y'].map((t) => html`<li>${t}</li>`)}</ul>`.html).toBe('<ul><li>x</li><li>y</li></ul>');
  });

  it('writes numbers as text and nothing for null, undefined and false', () => {
    expect(html`${0}|${-1.5}|${null}|${undefined}|${false}|${false && html`<b>never</b>`}`.html).toBe('0|-1.5||||');
  });

  it('returns SafeHtml, whose string is its markup', () => {
    const out = html`<b>${'x'}</b>`;
    expect(out).toBeInstanceOf(SafeHtml);
    expect(String(out)).toBe('<b>x</b>');
  });

  it('gives back the very text that went in, whatever it is, with no markup character left', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(decodeHTML(escaped)).toBe(text);
        expect(html`${text}`.html).toBe(escaped);
      }),
    );
  });
});
