/**
 * The page encoder (src/lib/http/utf8.ts) gives the bytes TextEncoder gives: for plain ASCII,
 * rupee signs and Indian scripts, emoji (surrogate pairs), text with lone surrogates, and a
 * page's text in parts (a pair split between two parts included).
 */
import { describe, expect, it } from 'vitest';
import { PageText, utf8Bytes } from '#lib/http/utf8.ts';

const encoder = new TextEncoder();
const same = (text: string) =>
  expect(Buffer.from(utf8Bytes(text)).equals(Buffer.from(encoder.encode(text)))).toBe(true);

describe('utf8Bytes', () => {
  it('encodes what pages hold as TextEncoder does', () => {
    same('');
    same('<p class="price">Add to Cart - ₹1,299.00</p>');
    same('टमाटर തക്കാളി தக்காளி © 2026 − 1\u00a0kg');
    same('Fresh 🍅 and 🥭, 🇮🇳');
    same(`<main>${'<li>Tomato - Hybrid, 1 kg ₹40</li>'.repeat(3000)}</main>`);
  });

  it('replaces a lone surrogate with U+FFFD, as TextEncoder does', () => {
    same('cut in half: \ud83c');
    same('\udf45 at the start');
    expect(new TextDecoder().decode(utf8Bytes('a\ud800b'))).toBe('a\ufffdb');
  });

  it('encodes a page in parts as the whole text', () => {
    const parts = ['<p>₹1,299', '.00 − 1\u00a0kg</p>', '<b>🍅', '</b>'];
    const whole = parts.join('');
    expect(Buffer.from(utf8Bytes(new PageText(parts))).equals(Buffer.from(encoder.encode(whole)))).toBe(true);
    // 🥭 is a surrogate pair; cut between its halves it is still one character.
    const mango = 'Alphonso 🥭 mango';
    const cut = mango.indexOf('🥭') + 1;
    const split = new PageText([mango.slice(0, cut), mango.slice(cut)]);
    expect(new TextDecoder().decode(utf8Bytes(split))).toBe(mango);
    expect(Buffer.from(utf8Bytes(new PageText(['only part'])))).toEqual(Buffer.from('only part'));
  });

  it('keeps every code point from U+0000 to U+FFFF outside the surrogates', () => {
    let text = '';
    for (let c = 0; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) text += String.fromCharCode(c);
    same(text);
  });
});
