/**
 * HTML in ASCII (#lib/ascii-html.ts): what a browser reads from it is the text that went in,
 * every character of it is ASCII, and the string is held one byte a character (what keeps
 * Astro's page string one-byte; v8.serialize writes a string's representation as it is held).
 */
import { serialize } from 'node:v8';
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiHtml, asciiJson, asciiMarkup, metaTagHtml, moneyHtml } from '#lib/ascii-html.ts';
import { formatPaise } from '#lib/money.ts';

const ASCII = /^[^\u0080-\uffff]*$/;
/** Whether V8 holds `text` one byte a character: the serializer's tag '"' (two-byte strings get 'c'). */
const heldOneByte = (text: string) => serialize(text)[2] === 0x22;

describe('HTML in ASCII', () => {
  it('escapes a text and writes what is not ASCII as references, which read back as the text', () => {
    expect(asciiHtml('Dal & rice – 1 kg <fresh> "new"')).toBe(
      'Dal &amp; rice &ndash; 1 kg &lt;fresh&gt; &quot;new&quot;',
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const html = asciiHtml(text);
        expect(html).toMatch(ASCII);
        expect(decodeHTML(html)).toBe(text);
        expect(heldOneByte(html) || html === '').toBe(true);
      }),
    );
  });

  it('writes an amount as formatPaise does, with ₹ as a reference', () => {
    expect(moneyHtml(12600)).toBe('&#8377;126.00');
    expect(moneyHtml(-123456789)).toBe('-&#8377;12,34,567.89');
    for (const paise of [0, 5, 99_999, 12_345_678]) {
      expect(decodeHTML(moneyHtml(paise))).toBe(formatPaise(paise));
      expect(heldOneByte(moneyHtml(paise))).toBe(true);
    }
  });

  it('writes a meta tag whose content reads back as given', () => {
    const tag = metaTagHtml('property', 'og:description', 'Jaggery "Kerala" – for ₹90.00 & more');
    expect(tag).toMatch(ASCII);
    const content = /content="([^"]*)"/.exec(tag)?.[1] ?? '';
    expect(decodeHTMLAttribute(content)).toBe('Jaggery "Kerala" – for ₹90.00 & more');
    expect(tag.startsWith('<meta property="og:description" content="')).toBe(true);
  });

  it('writes serialised markup in ASCII, held one byte a character, and leaves script and style alone', () => {
    const island = `<div class="p-2"><button aria-label="Decrease – ₹5">−</button>${'<p>Plain text</p>'.repeat(50)}</div>`;
    const html = asciiMarkup(island);
    expect(html).toMatch(ASCII);
    expect(heldOneByte(html)).toBe(true);
    expect(decodeHTML(html)).toBe(decodeHTML(island));
    expect(asciiMarkup('<p>plain</p>')).toBe('<p>plain</p>');
    const script = '<script>const rupee = "₹";</script><p>₹</p>';
    expect(asciiMarkup(script)).toBe(script);
  });

  it('writes JSON for a script element in ASCII, with no way to end the element', () => {
    const value = { name: 'Jaggery – ₹90 </script><b>', emoji: '🥭', note: 'plain' };
    const json = asciiJson(value);
    expect(json).toMatch(ASCII);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(value);
    expect(heldOneByte(json)).toBe(true);
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(asciiJson(v)).toMatch(ASCII);
        expect(JSON.parse(asciiJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });
});
