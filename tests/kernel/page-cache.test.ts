import { beforeEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  cachedResponseFor,
  clearPageCache,
  pageCacheKey,
  pageCacheStats,
  peekPageCache,
  SESSION_COOKIE,
  UPGRADE_AT_HIT,
  writePageCache,
} from '#lib/cache/page-cache.ts';
import { pickEncoding } from '#lib/http/content-coding.ts';

const html = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=60', ...headers } });

describe('page micro-cache', () => {
  beforeEach(() => clearPageCache());

  it('keys anonymous page GETs by path and query, and never API calls, personal or unsafe requests', () => {
    const url = new URL('http://shop.test/category/1/subcategories?page=2');
    expect(pageCacheKey(new Request(url), url)).toBe('/category/1/subcategories?page=2');
    const api = new URL('http://shop.test/api/customer/home');
    expect(pageCacheKey(new Request(api), api)).toBeNull();
    expect(pageCacheKey(new Request(url, { headers: { cookie: `${SESSION_COOKIE}=abc` } }), url)).toBeNull();
    expect(pageCacheKey(new Request(url, { method: 'POST' }), url)).toBeNull();
    expect(pageCacheKey(new Request(url, { method: 'HEAD' }), url)).toBeNull();
  });

  it('serves a stored page until it expires', async () => {
    const sent = await writePageCache('/p', html('<p>hello</p>'), 5, 1_000);
    expect(sent.headers.get('x-cache')).toBe('MISS');
    expect(await sent.text()).toBe('<p>hello</p>');
    const hit = peekPageCache('/p', 5_000);
    expect(hit?.status).toBe(200);
    expect(new Map(hit?.headers).get('content-type')).toBe('text/html');
    expect(new TextDecoder().decode(hit?.body ?? undefined)).toBe('<p>hello</p>');
    expect(peekPageCache('/p', 6_001)).toBeNull();
  });

  it('does not store private, failed, non-HTML or cookie-setting responses', async () => {
    await writePageCache('/a', html('x', { 'cache-control': 'private' }), 5, 0);
    await writePageCache(
      '/b',
      new Response('x', { status: 404, headers: { 'content-type': 'text/html', 'cache-control': 'public' } }),
      5,
      0,
    );
    await writePageCache(
      '/c',
      new Response('{}', { headers: { 'content-type': 'application/json', 'cache-control': 'public' } }),
      5,
      0,
    );
    await writePageCache('/d', html('x', { 'set-cookie': 'a=b' }), 5, 0);
    for (const key of ['/a', '/b', '/c', '/d']) expect(peekPageCache(key, 1)).toBeNull();
  });

  it('is off when the time to live is 0', async () => {
    await writePageCache('/p', html('x'), 0, 0);
    expect(peekPageCache('/p', 1)).toBeNull();
  });

  it('picks the coding a browser prefers, and none that it refuses', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });

  it('encodes a miss fast and again at the full setting once the page is asked for often, once', async () => {
    const rows = Array.from(
      { length: 400 },
      (_, i) => `<li class="card p-${i % 7}">Product ${i * 7919} costs ₹${(i * 37) % 500}</li>`,
    ).join('');
    const page = `<html><body><ul>${rows}</ul></body></html>`;
    const sent = await writePageCache('/cold', html(page), 5, 1_000, 'br');
    const missBytes = new Uint8Array(await sent.arrayBuffer());
    expect(brotliDecompressSync(missBytes).toString()).toBe(page);
    const stored = pageCacheStats().bytes;
    for (let hit = 1; hit < UPGRADE_AT_HIT; hit++)
      expect(
        Buffer.from(cachedResponseFor(peekPageCache('/cold', 2_000)!, 'br').body).equals(Buffer.from(missBytes)),
      ).toBe(true);
    const first = cachedResponseFor(peekPageCache('/cold', 2_000)!, 'br');
    expect(brotliDecompressSync(first.body).toString()).toBe(page);
    expect(first.body.byteLength).toBeLessThan(missBytes.byteLength);
    expect(pageCacheStats().bytes).toBe(stored - missBytes.byteLength + first.body.byteLength);
    // Later hits send those same stored bytes.
    expect(cachedResponseFor(peekPageCache('/cold', 3_000)!, 'br').body).toBe(first.body);
  });

  it('compresses a stored page once and sends each client the coding it accepts', async () => {
    const page = `<html><body>${'<p>Fresh mangoes from Thrissur.</p>'.repeat(200)}</body></html>`;
    const sent = await writePageCache('/big', html(page), 5, 1_000, 'gzip, deflate, br');
    expect(sent.headers.get('content-encoding')).toBe('br');
    expect(sent.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(new Uint8Array(await sent.arrayBuffer())).toString()).toBe(page);
    const hit = peekPageCache('/big', 2_000)!;
    const gz = cachedResponseFor(hit, 'gzip');
    expect(new Map(gz.headers).get('content-encoding')).toBe('gzip');
    expect(Number(new Map(gz.headers).get('content-length'))).toBe(gz.body.byteLength);
    expect(gunzipSync(gz.body).toString()).toBe(page);
    const plain = cachedResponseFor(hit, 'identity');
    expect(new Map(plain.headers).has('content-encoding')).toBe(false);
    expect(new TextDecoder().decode(plain.body)).toBe(page);
    // The same stored bytes on every hit: compressed once, not per request.
    expect(cachedResponseFor(hit, 'br').body).toBe(cachedResponseFor(peekPageCache('/big', 3_000)!, 'br').body);
  });

  it('stays within its byte budget, dropping the least recently used page first', async () => {
    const { randomBytes } = await import('node:crypto');
    const page = () => `<html><body>${randomBytes(200_000).toString('base64')}</body></html>`;
    await writePageCache('/kept', html(page()), 60, 1_000, 'br');
    for (let i = 0; i < 160; i++) {
      await writePageCache(`/filler/${i}`, html(page()), 60, 1_000, 'br');
      expect(peekPageCache('/kept', 2_000)).not.toBeNull(); // used: stays while others go
    }
    const stats = pageCacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(24 * 1024 * 1024);
    expect(stats.pages).toBeLessThan(161);
    expect(peekPageCache('/filler/0', 2_000)).toBeNull();
  });

  it('keeps a small page plain', async () => {
    const sent = await writePageCache('/small', html('<p>hi</p>'), 5, 1_000, 'br');
    expect(sent.headers.has('content-encoding')).toBe(false);
    expect(await sent.text()).toBe('<p>hi</p>');
  });
});
