/**
 * The route cache's store and provider (src/lib/cache/page-store.ts, route-cache.ts), without a
 * server: pages kept compressed within a byte bound, least recently used out first, removed by
 * tag, never stored across an invalidation, and never used for a signed-in visitor.
 */

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PageStore } from '#lib/cache/page-store.ts';
import routeCacheProvider, {
  guardCacheHits,
  invalidateCachedPages,
  lookupCachedAnswer,
} from '#lib/cache/route-cache.ts';
import { encodeDynamic } from '#lib/http/dynamic-encoding.ts';
import { declareServerProcess } from '#lib/server-process.ts';

/** A page of about `kib` KiB that compresses poorly (so byte bounds are reached quickly). */
function pageText(kib: number, seed = 1): string {
  let x = seed;
  let text = '<!doctype html><p>';
  while (text.length < kib * 1024) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    text += x.toString(36);
  }
  return `${text}</p>`;
}

/** A page as the middleware sends it: encoded whole for the client's coding (or plain). */
function rendered(text: string, coding: 'br' | 'gzip' | null = 'br', headers: Record<string, string> = {}): Response {
  const plain = new TextEncoder().encode(text);
  const body = coding ? encodeDynamic(plain, coding) : plain;
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': 'text/html',
      'content-length': String(body.byteLength),
      ...(coding ? { 'content-encoding': coding, vary: 'Accept-Encoding' } : {}),
      ...headers,
    },
  });
}

const decode = (body: Uint8Array, coding: string | null) =>
  new TextDecoder().decode(
    coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : Buffer.from(body),
  );

describe('page store', () => {
  it('sends the page it stored in the coding each client takes, the same page every time', async () => {
    const store = new PageStore(1024 * 1024);
    const text = pageText(20);
    const sent = await store.put('/p', rendered(text, 'br'), { maxAgeSeconds: 60, tags: ['t'], generation: 0 });
    expect(sent.headers.get('x-cache')).toBe('MISS');
    expect(decode(new Uint8Array(await sent.arrayBuffer()), 'br')).toBe(text);
    for (const accept of ['br', 'gzip', 'identity', 'gzip, deflate, br']) {
      for (let i = 0; i < 5; i++) {
        const page = store.get('/p')!;
        const { body, headers } = store.respond('/p', page, accept);
        const coding = headers.get('content-encoding');
        expect(coding).toBe(accept === 'identity' ? null : accept === 'gzip' ? 'gzip' : 'br');
        expect(headers.get('vary')).toBe('Accept-Encoding');
        expect(Number(headers.get('content-length'))).toBe(body.byteLength);
        expect(decode(body, coding)).toBe(text);
      }
    }
  });

  it('sends the bytes it stored, as they are, hit after hit; another coding is made once', async () => {
    const store = new PageStore(1024 * 1024);
    const text = `<!doctype html>${'<li class="card"><a href="/product/1">Dal</a> &#8377;90.00</li>'.repeat(800)}`;
    const sent = await store.put('/p', rendered(text, 'br'), { maxAgeSeconds: 60, tags: [], generation: 0 });
    const stored = new Uint8Array(await sent.arrayBuffer());
    const first = store.respond('/p', store.get('/p')!, 'br').body;
    expect(first).toEqual(stored);
    // Every later hit: the same stored bytes, never encoded again.
    for (let i = 0; i < 10; i++) expect(store.respond('/p', store.get('/p')!, 'br').body).toBe(first);
    const before = store.stats().bytes;
    const gzip = store.respond('/p', store.get('/p')!, 'gzip').body;
    expect(decode(gzip, 'gzip')).toBe(text);
    // Made by the middleware's own encoder, at its settings: the bytes a fresh answer would carry.
    expect(Buffer.from(gzip).equals(encodeDynamic(new TextEncoder().encode(text), 'gzip'))).toBe(true);
    expect(store.stats().bytes).toBe(before + gzip.byteLength);
    expect(store.respond('/p', store.get('/p')!, 'gzip').body).toBe(gzip);
  });

  it('keeps a page first sent plain as it was sent, and makes a coding for a later client once', async () => {
    const store = new PageStore(1024 * 1024);
    const text = pageText(8);
    await store.put('/p', rendered(text, null), { maxAgeSeconds: 60, tags: [], generation: 0 });
    const plain = store.respond('/p', store.get('/p')!, null);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(decode(plain.body, null)).toBe(text);
    expect(store.stats().bytes).toBe(plain.body.byteLength);
    const br = store.respond('/p', store.get('/p')!, 'br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(br.body).equals(encodeDynamic(new TextEncoder().encode(text), 'br'))).toBe(true);
    expect(store.respond('/p', store.get('/p')!, 'br').body).toBe(br.body);
    // A body under 1 KiB goes out plain whatever the client takes, as the middleware sends it.
    await store.put('/small', rendered('<p>small</p>', null), { maxAgeSeconds: 60, tags: [], generation: 0 });
    expect(store.respond('/small', store.get('/small')!, 'br').headers.get('content-encoding')).toBeNull();
  });

  it('stays within its byte bound, the least recently used page out first', async () => {
    const store = new PageStore(100 * 1024);
    for (let i = 0; i < 30; i++) {
      await store.put(`/p${i}`, rendered(pageText(16, i + 1), 'gzip'), { maxAgeSeconds: 60, tags: [], generation: 0 });
      store.get('/p0'); // kept in use
      // Other codings made for hits count too.
      const page = store.get(`/p${i}`);
      if (page) store.respond(`/p${i}`, page, 'br');
      expect(store.stats().bytes).toBeLessThanOrEqual(100 * 1024);
    }
    expect(store.get('/p0')).not.toBeNull();
    expect(store.get('/p1')).toBeNull();
    expect(store.get('/p29')).not.toBeNull();
    expect(store.stats().pages).toBeLessThan(30);
  });

  it('removes the pages of an invalidated tag, and nothing else', async () => {
    const store = new PageStore(1024 * 1024);
    const put = (key: string, tags: string[]) =>
      store.put(key, rendered(pageText(2)), { maxAgeSeconds: 60, tags, generation: store.generation });
    await put('/product/1', ['product:1', 'related:3']);
    await put('/product/2', ['product:2', 'product:1']);
    await put('/shop', ['products']);
    store.invalidateTags(['product:1']);
    expect(store.get('/product/1')).toBeNull();
    expect(store.get('/product/2')).toBeNull();
    expect(store.get('/shop')).not.toBeNull();
    store.invalidatePath('/shop');
    expect(store.get('/shop')).toBeNull();
  });

  it('does not store a page whose render an invalidation overtook', async () => {
    const store = new PageStore(1024 * 1024);
    const generation = store.generation;
    store.invalidateTags(['product:9']);
    const sent = await store.put('/product/1', rendered('<p>old price</p>', null), {
      maxAgeSeconds: 60,
      tags: ['product:1'],
      generation,
    });
    expect(await sent.text()).toContain('old price');
    expect(store.get('/product/1')).toBeNull();
  });

  it('keeps a page until it expires, and never a failed, non-HTML or cookie-setting answer', async () => {
    const store = new PageStore(1024 * 1024);
    const options = { maxAgeSeconds: 5, tags: [], generation: 0, now: 1_000 };
    await store.put('/ok', rendered('<p>ok</p>', null), options);
    expect(store.get('/ok', 5_999)).not.toBeNull();
    expect(store.get('/ok', 6_000)).toBeNull();
    await store.put('/404', new Response('x', { status: 404, headers: { 'content-type': 'text/html' } }), options);
    await store.put('/json', new Response('{}', { headers: { 'content-type': 'application/json' } }), options);
    await store.put('/cookie', rendered('<p>x</p>', null, { 'set-cookie': 'a=b' }), options);
    for (const key of ['/404', '/json', '/cookie']) expect(store.get(key, 2_000), key).toBeNull();
  });
});

describe('route cache provider outside a server process', () => {
  it("only renders, reading none of the request's headers (a build's prerendering has none)", async () => {
    const req = new Request('http://shop.test/about');
    let reads = 0;
    const headers = req.headers;
    Object.defineProperty(req, 'headers', {
      get() {
        reads++;
        return headers;
      },
    });
    let rendered_ = false;
    const logger = { info() {}, warn() {}, error() {} };
    const res = await routeCacheProvider().onRequest!({ request: req, url: new URL(req.url), logger }, async () => {
      rendered_ = true;
      return rendered(pageText(1));
    });
    expect(rendered_).toBe(true);
    expect(res.headers.get('x-cache')).toBeNull();
    expect(reads).toBe(0);
  });
});

describe('route cache provider', () => {
  // The provider caches in a server process only (a build's prerendering only renders).
  beforeAll(declareServerProcess);
  const provider = routeCacheProvider();
  const logger = { info() {}, warn() {}, error() {} };
  /** A request through the provider; `render` plays Astro's pipeline with the page's cache options applied. */
  async function request(path: string, headers: Record<string, string> = {}, tags = ['catalog']) {
    const req = new Request(`http://shop.test${path}`, { headers: { 'accept-encoding': 'br', ...headers } });
    let rendered_ = false;
    const res = await provider.onRequest!({ request: req, url: new URL(req.url), logger }, async () => {
      rendered_ = true;
      const res = rendered(pageText(4));
      for (const [name, value] of provider.setHeaders!({ maxAge: 60, tags }, req)) res.headers.set(name, value);
      return res;
    });
    return { res, rendered: rendered_ };
  }

  it('tells a CDN a cached page is good for a second, and a signed-in visitor that it is private', () => {
    const anonymous = provider.setHeaders!({ maxAge: 60, tags: ['a'] }, new Request('http://shop.test/'));
    expect(anonymous.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
    const head = provider.setHeaders!(
      { maxAge: 60, tags: ['a'] },
      new Request('http://shop.test/', { method: 'HEAD' }),
    );
    expect(head.get('cache-control')).toBe('public, max-age=0, s-maxage=1');
    const signedIn = provider.setHeaders!(
      { maxAge: 60, tags: ['a'] },
      new Request('http://shop.test/', { headers: { cookie: 'ff_session=abc' } }),
    );
    expect(signedIn.get('cache-control')).toBe('private, no-cache');
    expect(signedIn.has('cdn-cache-control')).toBe(false);
  });

  it('serves an anonymous page from the cache, and never a signed-in visitor', async () => {
    const path = `/shop?probe=${Math.random()}`;
    expect((await request(path)).res.headers.get('x-cache')).toBe('MISS');
    const hit = await request(path);
    expect(hit.rendered).toBe(false);
    expect(hit.res.headers.get('x-cache')).toBe('HIT');
    const sessions: Record<string, string>[] = [
      { cookie: 'ff_auth=1; ff_session=abc' },
      { authorization: 'Bearer abc' },
    ];
    for (const headers of sessions) {
      const personal = await request(path, headers);
      expect(personal.rendered).toBe(true);
      expect(personal.res.headers.get('x-cache')).toBeNull();
    }
  });

  it("answers the listener's lookup with the stored page, and nothing for a signed-in visitor or a POST", async () => {
    const path = `/shop?lookup=${Math.random()}`;
    const ask = (headers: Record<string, string> = {}, method = 'GET', url = path) =>
      lookupCachedAnswer({ method, url, header: (name) => headers[name] });
    expect(ask()).toBeNull();
    await request(path);
    const answer = await ask({ 'accept-encoding': 'gzip', 'x-request-id': 'probe-123456' });
    expect(answer?.status).toBe(200);
    const headers = new Headers(answer!.headers);
    expect(headers.get('x-cache')).toBe('HIT');
    expect(headers.get('x-request-id')).toBe('probe-123456');
    expect(headers.get('content-encoding')).toBe('gzip');
    expect(decode(answer!.body, 'gzip')).toBe(pageText(4));
    // The same key as Astro's URL gives: an absolute target, dot segments resolved.
    expect(await ask({}, 'GET', `http://shop.test${path}`)).not.toBeNull();
    expect(await ask({}, 'GET', `/x/..${path}`)).not.toBeNull();
    expect(ask({ cookie: 'theme=dark; ff_session=abc' })).toBeNull();
    expect(ask({ authorization: 'Bearer abc' })).toBeNull();
    expect(ask({}, 'POST')).toBeNull();
    expect(ask({}, 'HEAD')).toBeNull();
  });

  it('runs the freshness guard before a hit, so a change it finds is never served', async () => {
    const path = `/product/1?probe=${Math.random()}`;
    await request(path, {}, ['product:1']);
    let changed = true;
    guardCacheHits(async () => {
      if (changed) invalidateCachedPages(['product:1']);
      changed = false;
    });
    try {
      const after = await request(path, {}, ['product:1']);
      expect(after.rendered).toBe(true);
      expect((await request(path, {}, ['product:1'])).res.headers.get('x-cache')).toBe('HIT');
    } finally {
      guardCacheHits(async () => {});
    }
  });
});
