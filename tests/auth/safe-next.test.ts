/**
 * `next=` after sign-in: only same-origin relative paths survive; everything a
 * browser could resolve to another site, or that cannot go into a Location header, becomes "/".
 */
import { describe, expect, it } from 'vitest';
import { MAX_NEXT_LENGTH, safeNextPath } from '#lib/http/safe-next.ts';

describe('safeNextPath', () => {
  it.each([
    ['/', '/'],
    ['/cart', '/cart'],
    ['/checkout', '/checkout'],
    ['/product/7?qty=2#reviews', '/product/7?qty=2#reviews'],
    ['/shop?category=fruits&page=2', '/shop?category=fruits&page=2'],
    ['/my-account/../cart', '/cart'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'], // stays a path on this site: browsers do not decode %2F
    ['/caf%C3%A9', '/caf%C3%A9'],
    ['/café', '/caf%C3%A9'],
  ])('keeps the same-origin path %j as %j', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });

  it.each([
    // protocol-relative and look-alikes
    '//evil.example',
    '//evil.example/path',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    // browsers drop tab/newline/CR inside URLs: "/\t/evil" is "//evil"
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    '/ /evil.example',
    ' /cart',
    '/cart\u0000',
    '/\u00a0/evil.example',
    '/\u2028/evil.example',
    '\n',
    // dot segments collapsing into "//host"
    '/.//evil.example',
    '/..//evil.example',
    '/./\\evil.example',
    // absolute URLs and schemes
    'https://evil.example',
    'http://evil.example/cart',
    'HTTPS://evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'mailto:a@b.example',
    'evil.example',
    'cart',
    './cart',
    '../cart',
    '?next=/cart',
    '#top',
    // percent-encoded variants of the above, as they arrive when decoded only once
    '%2F%2Fevil.example',
    '%2fcart',
    '%09/evil.example',
    'javascript%3Aalert(1)',
    // empty, too long, not a string
    '',
    `/${'a'.repeat(MAX_NEXT_LENGTH)}`,
  ])('sends %j to "/"', (input) => {
    expect(safeNextPath(input)).toBe('/');
  });

  it.each([null, undefined, 42, ['/cart'], { path: '/cart' }])('sends the non-string %j to "/"', (input) => {
    expect(safeNextPath(input)).toBe('/');
  });

  it('never returns anything a browser would resolve off-site', () => {
    const base = 'https://shop.example';
    const nasty = [
      '/%09/evil',
      '/.//evil',
      '/\\/evil',
      '//evil',
      '/a/../..//evil',
      '/%5C%5Cevil',
      '/%2e%2e//evil',
      '/%2e//evil',
    ];
    for (const input of nasty) {
      const out = safeNextPath(input);
      expect(new URL(out, base).origin, input).toBe(base);
      expect(out.startsWith('/') && !out.startsWith('//'), input).toBe(true);
    }
  });
});
