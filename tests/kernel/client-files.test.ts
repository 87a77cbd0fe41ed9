/**
 * The build's files as a browser gets them from the built server (src/server/client-files.ts:
 * sirv behind the listener, with astro-compressor's build-time copies): a prerendered page and a
 * hashed asset in br, gzip or plain as the client asks, with their type, Vary, Cache-Control, the
 * page's own Content-Security-Policy (dist/_headers.json), the security headers, ETag
 * revalidation and HEAD; public/favicon.ico as an image; a path that names no file reaches Astro,
 * and a `..` in the path never reaches outside dist/client.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const dist = process.env.TEST_SERVER_DIST || 'dist';
const base = inject('servers')[0]!.baseUrl;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request as sent, path untouched and body undecoded (fetch would normalise `..` and decode). */
function raw(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${pathname}`, { method, headers, path: pathname }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (res: Raw) =>
  res.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(res.body)
    : res.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(res.body)
      : res.body;

/** The headers every answer carries, whoever makes it. */
function expectSecurityHeaders(res: Raw, what: string): void {
  expect(res.headers['content-security-policy'], what).toMatch(/frame-ancestors 'none'/);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['referrer-policy'], what).toBeTruthy();
}

let asset = '';
let aboutPolicy = '';

beforeAll(async () => {
  const home = (await raw('/')).body.toString();
  asset = /(?:href|src)="(\/_astro\/[^"]+\.css)"/.exec(home)?.[1] ?? '';
  const pages = JSON.parse(fs.readFileSync(path.join(dist, '_headers.json'), 'utf8')) as {
    pathname: string;
    headers: { key: string; value: string }[];
  }[];
  aboutPolicy = pages.find((p) => p.pathname.replace(/\/$/, '') === '/about')!.headers[0]!.value;
});

describe('the build’s files', () => {
  it('sends a prerendered page in br, gzip or plain as asked, with its own policy, type and Vary', async () => {
    const plain = fs.readFileSync(path.join(dist, 'client/about/index.html'));
    for (const pathname of ['/about', '/about/']) {
      for (const [accept, coding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const res = await raw(pathname, { 'accept-encoding': accept });
        const what = `${pathname} ${accept}`;
        expect(res.status, what).toBe(200);
        expect(res.headers['content-encoding'], what).toBe(coding);
        expect(res.headers['content-type'], what).toMatch(/^text\/html/);
        expect(res.headers.vary, what).toBe('Accept-Encoding');
        expect(res.headers['cache-control'], what).toBe('public, max-age=0');
        expect(res.headers['content-security-policy'], what).toBe(aboutPolicy);
        expect(decode(res).equals(plain), what).toBe(true);
        expectSecurityHeaders(res, what);
        // A file of the build, not a rendered page: Astro's middleware was not involved.
        expect(res.headers['x-request-id'], what).toBeUndefined();
      }
    }
  });

  it('sends a hashed asset in br, gzip or plain, immutable, with the fallback policy', async () => {
    expect(asset).toMatch(/^\/_astro\//);
    const plain = fs.readFileSync(path.join(dist, 'client', asset));
    for (const [accept, coding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await raw(asset, { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.headers['content-type'], accept).toMatch(/^text\/css/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decode(res).equals(plain), accept).toBe(true);
      expectSecurityHeaders(res, accept);
      expect(res.headers['content-security-policy'], accept).not.toBe(aboutPolicy);
    }
  });

  it('serves /favicon.ico, which browsers and crawlers ask for whatever the pages link, as an image', async () => {
    const res = await raw('/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.headers['cache-control']).toBe('public, max-age=0');
    expectSecurityHeaders(res, '/favicon.ico');
    const icon = decode(res);
    expect(icon.equals(fs.readFileSync('public/favicon.ico'))).toBe(true);
    // An ICO file: reserved 0, type 1 (icon), at least one image.
    expect([icon.readUInt16LE(0), icon.readUInt16LE(2)]).toEqual([0, 1]);
    expect(icon.readUInt16LE(4)).toBeGreaterThan(0);
  });

  it('answers a matching If-None-Match with 304, and HEAD with the headers only', async () => {
    const first = await raw('/about', { 'accept-encoding': 'br' });
    const again = await raw('/about', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expectSecurityHeaders(again, '304');
    const changed = await raw('/about', { 'accept-encoding': 'br', 'if-none-match': 'W/"other"' });
    expect(changed.status).toBe(200);
    const head = await raw('/about', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.headers['content-security-policy']).toBe(aboutPolicy);
    expect(head.body.length).toBe(0);
  });

  it('leaves a path that names no file, and other methods, to Astro', async () => {
    const page = await raw('/shop', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['x-request-id']).toBeTruthy();
    expectSecurityHeaders(page, '/shop');
    const missing = await raw(`/no-such-file-${Date.now()}.txt`);
    expect(missing.status).toBe(404);
    expect(missing.headers['x-request-id']).toBeTruthy();
    const post = await raw('/favicon.svg', { origin: base }, 'POST');
    expect(post.headers['x-request-id']).toBeTruthy();
    expect(post.body.equals(fs.readFileSync(path.join(dist, 'client/favicon.svg')))).toBe(false);
  });

  it('never serves a file from outside dist/client, however the path climbs', async () => {
    const outside = fs.readFileSync(path.join(dist, '_headers.json'), 'utf8').slice(0, 40);
    for (const pathname of [
      '/../_headers.json',
      '/about/../../_headers.json',
      '/_astro/../../server/entry.mjs',
      '/_astro/..%2f..%2f_headers.json',
      '/%2e%2e/_headers.json',
    ]) {
      const res = await raw(pathname);
      expect(res.status, pathname).toBeGreaterThanOrEqual(400);
      expect(decode(res).toString(), pathname).not.toContain(outside);
      expect(decode(res).toString(), pathname).not.toContain('createListener');
      expectSecurityHeaders(res, pathname);
    }
  });
});
