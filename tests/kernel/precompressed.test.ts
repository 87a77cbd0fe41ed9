/**
 * Prerendered pages and static files are compressed once at build and sent as their
 * .br/.gz copy in the coding the browser prefers (src/server/precompressed.ts behind the
 * listener), with Vary, the page's own Content-Security-Policy, ETag revalidation and HEAD; a
 * browser that accepts neither, and files without a copy, still reach Astro's handler.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListener } from '#server/listener.ts';
import { createPrecompressedHandler, precompressDir } from '#server/precompressed.ts';

const page = `<!doctype html><html><body>${'<p>Fresh vegetables, delivered.</p>'.repeat(100)}</body></html>`;
let dir: string;
let server: http.Server;
let base: string;
const reachedAstro: string[] = [];

/** A raw GET (fetch would decode the body and hide Content-Encoding handling). */
function get(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
  const client = path.join(dir, 'client');
  fs.mkdirSync(path.join(client, 'about'), { recursive: true });
  fs.mkdirSync(path.join(client, '_astro'));
  fs.writeFileSync(path.join(client, 'about', 'index.html'), page);
  fs.writeFileSync(path.join(client, '_astro', 'app.abc123.js'), 'export const x = 1;\n'.repeat(200));
  fs.writeFileSync(path.join(client, 'tiny.css'), 'body{margin:0}');
  fs.writeFileSync(
    path.join(dir, '_headers.json'),
    JSON.stringify([
      { pathname: '/about', headers: [{ key: 'Content-Security-Policy', value: "script-src 'self' 'sha256-abc='" }] },
    ]),
  );
  const written = precompressDir(client);
  expect(written.files).toBe(2);
  const precompressed = createPrecompressedHandler(client, path.join(dir, '_headers.json'));
  server = http.createServer(
    createListener(
      (req, res) => {
        reachedAstro.push(req.url ?? '');
        res.setHeader('content-type', 'text/plain');
        res.end('from astro');
      },
      { precompressed },
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('precompressed static files', () => {
  it('writes a brotli and a gzip copy beside each text file of 1 KiB or more, none for smaller ones', () => {
    const client = path.join(dir, 'client');
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(client, 'about', 'index.html.br'))).toString()).toBe(
      page,
    );
    expect(zlib.gunzipSync(fs.readFileSync(path.join(client, 'about', 'index.html.gz'))).toString()).toBe(page);
    expect(fs.existsSync(path.join(client, 'tiny.css.br'))).toBe(false);
  });

  it('sends a prerendered page as brotli with Vary, its type, its own policy and the security headers', async () => {
    for (const url of ['/about', '/about/']) {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe("script-src 'self' 'sha256-abc='");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(page);
    }
    expect(reachedAstro).not.toContain('/about');
  });

  it('sends gzip to a browser without brotli, and an immutable Cache-Control for built assets', async () => {
    const res = await get('/_astro/app.abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(zlib.gunzipSync(res.body).toString()).toContain('export const x = 1;');
  });

  it('answers a matching If-None-Match with 304 and HEAD without a body', async () => {
    const first = await get('/about', { 'accept-encoding': 'br' });
    const again = await get('/about', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/about', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    expect(head.body.length).toBe(0);
  });

  it('leaves to Astro a browser that accepts no coding, files without a copy and other methods', async () => {
    reachedAstro.length = 0;
    await get('/about', { 'accept-encoding': 'identity' });
    await get('/tiny.css', { 'accept-encoding': 'br' });
    await get('/shop', { 'accept-encoding': 'br' });
    expect(reachedAstro).toEqual(['/about', '/tiny.css', '/shop']);
  });

  it('follows a rebuild under a running server: a replaced copy is sent whole, a removed one falls through', async () => {
    const client = path.join(dir, 'client');
    const other = `<!doctype html><html><body>${'<p>Rebuilt.</p>'.repeat(300)}</body></html>`;
    fs.writeFileSync(path.join(client, 'about', 'index.html.br'), zlib.brotliCompressSync(other));
    const res = await get('/about', { 'accept-encoding': 'br' });
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(other);
    fs.rmSync(path.join(client, 'about', 'index.html.br'));
    reachedAstro.length = 0;
    await get('/about', { 'accept-encoding': 'br' });
    expect(reachedAstro).toEqual(['/about']);
  });
});
