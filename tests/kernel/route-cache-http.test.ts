/**
 * The route cache over HTTP: a catalogue page is rendered once, then served from the cache in
 * the coding each browser asks for — br, gzip or plain — the same page in each, with Vary:
 * Accept-Encoding, and a Cache-Control that lets a CDN keep it for a second only; a signed-in
 * visitor is never served from it. What is not stored (a signed-in visitor's page, a 404, JSON,
 * the sitemap's XML) is still sent compressed, whole, with its length: the middleware's encoder
 * is the one compression of answers Astro makes.
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../helpers/api.ts';

describe.each(inject('servers'))('route cache over HTTP on $kind', ({ baseUrl }) => {
  const get = (path: string, encoding: string, extra: Record<string, string> = {}) =>
    fetch(baseUrl + path, {
      headers: { accept: 'text/html', 'accept-encoding': encoding, 'x-forwarded-for': '10.9.9.9', ...extra },
    });

  it('stores a page once and serves br, gzip and plain copies of it', async () => {
    // A page whose render a catalogue change overtook is sent but not stored (no X-Cache): other
    // suites place orders on this server meanwhile, so such a race gets a fresh address.
    let path = '';
    let first: Response | undefined;
    for (let attempt = 0; attempt < 3 && first?.headers.get('x-cache') !== 'MISS'; attempt++) {
      path = `/category/1/subcategories?sort=asc&probe=${Date.now()}-${attempt}`;
      first = await get(path, 'gzip, deflate, br');
      expect(first.status).toBe(200);
    }
    if (!first) throw new Error('no answer');
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
    for (const res of [first, br, gz]) {
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
      expect(res.headers.get('x-request-id')).toMatch(/^[\w.-]{6,64}$/);
      // The provider's internal channel never leaves the server.
      expect(res.headers.get('cdn-cache-control')).toBeNull();
      expect(res.headers.get('cache-tag')).toBeNull();
    }
  });

  it('answers a hit with the headers its first answer had, in front of Astro as inside it', async () => {
    const path = `/category/1/subcategories?sort=desc&probe=${Date.now()}`;
    const first = await get(path, 'br');
    expect(first.headers.get('x-cache')).toBe('MISS');
    const firstBody = new Uint8Array(await first.arrayBuffer());
    const hit = await get(path, 'br');
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(new Uint8Array(await hit.arrayBuffer())).toEqual(firstBody);
    // Everything but the per-answer headers is the same: type, coding, length, caching, the
    // security headers and the page's Content-Security-Policy.
    const PER_ANSWER = new Set(['date', 'x-request-id', 'x-cache', 'connection', 'keep-alive']);
    const kept = (res: Response) => [...res.headers].filter(([name]) => !PER_ANSWER.has(name));
    expect(kept(hit)).toEqual(kept(first));
    expect(hit.headers.get('content-security-policy')).toMatch(/script-src[^;]*'sha256-/);
    expect(hit.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('never serves a signed-in visitor from the cache, nor tells a CDN to keep their page', async () => {
    const customer = new ApiClient(baseUrl, true);
    await customer.signUp();
    for (const path of [`/shop?probe=${Date.now()}`, '/product/1', '/']) {
      await get(path, 'br');
      expect((await get(path, 'br')).headers.get('x-cache'), path).toBe('HIT');
      for (let i = 0; i < 2; i++) {
        const personal = await customer.get(path, { accept: 'text/html' });
        expect(personal.status, path).toBe(200);
        expect(personal.headers.get('x-cache'), path).toBeNull();
        expect(personal.headers.get('cache-control'), path).toBe('private, no-cache');
      }
    }
  });

  it('compresses a streamed answer that is not a page whole: the sitemap', async () => {
    const plain = await (await get('/sitemap.xml', 'identity')).text();
    expect(plain).toContain('<urlset');
    for (const coding of ['br', 'gzip'] as const) {
      const res = await get('/sitemap.xml', coding);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(coding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
      expect(await res.text()).toBe(plain);
    }
  });

  it('answers HEAD for a page with the headers GET sends: its coding, length and Vary', async () => {
    const path = `/product/2?probe=${Date.now()}`;
    const head = await fetch(baseUrl + path, {
      method: 'HEAD',
      headers: { accept: 'text/html', 'accept-encoding': 'br', 'x-forwarded-for': '10.9.9.9' },
    });
    const got = await get(path, 'br');
    await got.arrayBuffer();
    expect(head.status).toBe(200);
    for (const name of ['content-encoding', 'content-length', 'vary', 'content-type'])
      expect(head.headers.get(name), name).toBe(got.headers.get(name));
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
