import { beforeEach, describe, expect, it } from 'vitest';
import { clearPageCache, pageCacheKey, peekPageCache, SESSION_COOKIE, writePageCache } from '../../src/lib/cache/page-cache.ts';

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
    expect(new TextDecoder().decode(hit?.body)).toBe('<p>hello</p>');
    expect(peekPageCache('/p', 6_001)).toBeNull();
  });

  it('does not store private, failed, non-HTML or cookie-setting responses', async () => {
    await writePageCache('/a', html('x', { 'cache-control': 'private' }), 5, 0);
    await writePageCache('/b', new Response('x', { status: 404, headers: { 'content-type': 'text/html', 'cache-control': 'public' } }), 5, 0);
    await writePageCache('/c', new Response('{}', { headers: { 'content-type': 'application/json', 'cache-control': 'public' } }), 5, 0);
    await writePageCache('/d', html('x', { 'set-cookie': 'a=b' }), 5, 0);
    for (const key of ['/a', '/b', '/c', '/d']) expect(peekPageCache(key, 1)).toBeNull();
  });

  it('is off when the time to live is 0', async () => {
    await writePageCache('/p', html('x'), 0, 0);
    expect(peekPageCache('/p', 1)).toBeNull();
  });
});
