/**
 * The page cache over HTTP: a catalogue page is rendered once, then served from the
 * cache in the coding each browser asks for — br, gzip or plain — the same page in each, with
 * Vary: Accept-Encoding; a signed-in visitor is never served from it. What is not stored (a
 * signed-in visitor's page, a 404, JSON) is still sent compressed, whole, with its length.
 */
import { describe, expect, inject, it } from 'vitest';

describe.each(inject('servers'))('page cache over HTTP on $kind', ({ baseUrl }) => {
  const get = (path: string, encoding: string, extra: Record<string, string> = {}) =>
    fetch(baseUrl + path, {
      headers: { accept: 'text/html', 'accept-encoding': encoding, 'x-forwarded-for': '10.9.9.9', ...extra },
    });

  it('stores a page once and serves br, gzip and plain copies of it', async () => {
    const path = `/category/1/subcategories?sort=asc&probe=${Date.now()}`;
    const first = await get(path, 'gzip, deflate, br');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const plain = await (await get(path, 'identity')).text();
    expect(plain).toContain('</html>');

    const br = await get(path, 'gzip, deflate, br');
    expect(br.headers.get('x-cache')).toBe('HIT');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i);
    // fetch decodes br itself; the bytes it hands over are the page.
    expect(await br.text()).toBe(plain);

    const gz = await get(path, 'gzip');
    expect(gz.headers.get('x-cache')).toBe('HIT');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(plain);
  });

  it('never serves a signed-in visitor from the cache', async () => {
    const path = `/shop?probe=${Date.now()}`;
    await get(path, 'br');
    const personal = await get(path, 'br', { cookie: 'ff_session=not-a-real-session' });
    expect(personal.headers.get('x-cache')).not.toBe('HIT');
  });

  it('still compresses a streamed answer that is not a page: the sitemap', async () => {
    const plain = await (await get('/sitemap.xml', 'identity')).text();
    expect(plain).toContain('<urlset');
    for (const coding of ['br', 'gzip'] as const) {
      const res = await get('/sitemap.xml', coding);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(await res.text()).toBe(plain);
    }
  });

  it('sends what it does not store compressed whole: a personal page, a 404 and JSON', async () => {
    const cookie = { cookie: 'ff_session=not-a-real-session' };
    for (const [path, extra] of [
      [`/shop?probe=${Date.now()}`, cookie],
      [`/no-such-page-${Date.now()}`, {}],
      ['/api/customer/home', {}],
      ['/api/openapi.json', {}],
    ] as const) {
      const plain = await get(path, 'identity', extra);
      const plainText = await plain.text();
      expect(plain.headers.get('content-encoding')).toBeNull();
      for (const coding of ['br', 'gzip'] as const) {
        const res = await get(path, coding, extra);
        expect(res.status, path).toBe(plain.status);
        expect(res.headers.get('x-cache'), path).not.toBe('HIT');
        expect(res.headers.get('content-encoding'), path).toBe(coding);
        expect(res.headers.get('vary'), path).toMatch(/Accept-Encoding/i);
        const text = await res.text();
        // Encoded whole (one call), not through a stream: the length is known before it is sent.
        expect(res.headers.get('content-length'), path).toMatch(/^\d+$/);
        expect(Number(res.headers.get('content-length')), path).toBeLessThan(Buffer.byteLength(text));
        expect(text.replace(/nonce-[^']+|[0-9a-f]{8}-[0-9a-f-]{27}/g, ''), path).toBe(
          plainText.replace(/nonce-[^']+|[0-9a-f]{8}-[0-9a-f-]{27}/g, ''),
        );
      }
    }
  });
});
