/**
 * The build's static files behind the listener (src/server/static-files.ts): a listed file is sent
 * with the adapter's headers (immutable under /_astro/, a prerendered page's own CSP), a folder
 * with an index.html answers with or without its slash, and everything else — other paths, other
 * methods, dotfiles, a file gone since start-up — reaches Astro.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListener } from '#server/listener.ts';
import { createStaticFiles } from '#server/static-files.ts';

const PAGE_CSP = "default-src 'self'; script-src 'self' 'sha256-test'";
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-static-files-'));
  const client = path.join(dir, 'client');
  const files: Record<string, string> = {
    'index.html': '<p>home</p>',
    'about/index.html': '<p>about</p>',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    '_astro/app.abc.js': 'console.log(1)',
    'gone.txt': 'soon gone',
    '.env': 'SECRET=1',
    '.well-known/security.txt': 'Contact: mailto:security@example.com',
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(client, name)), { recursive: true });
    fs.writeFileSync(path.join(client, name), text);
  }
  const headersFile = path.join(dir, '_headers.json');
  fs.writeFileSync(
    headersFile,
    JSON.stringify([{ pathname: '/about/', headers: [{ key: 'Content-Security-Policy', value: PAGE_CSP }] }]),
  );
  const astro = (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.statusCode = 299;
    res.end(`astro ${req.method} ${req.url}`);
  };
  server = http.createServer(createListener(astro, { staticFiles: createStaticFiles(client, headersFile) }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fs.rmSync(path.join(client, 'gone.txt'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('static files', () => {
  it('sends a prerendered page with or without its slash, with its own Content-Security-Policy', async () => {
    for (const p of ['/about', '/about/', '/about/index.html']) {
      const res = await fetch(base + p);
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).toBe('<p>about</p>');
      expect(res.headers.get('content-type'), p).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy'), p).toBe(PAGE_CSP);
    }
    expect(await (await fetch(`${base}/`)).text()).toBe('<p>home</p>');
  });

  it('sends hashed assets as immutable and other files for revalidation', async () => {
    const asset = await fetch(`${base}/_astro/app.abc.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${base}/favicon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=0');
    const etag = icon.headers.get('etag')!;
    // An explicit Cache-Control keeps fetch from adding `no-cache` to a conditional request.
    const again = await fetch(`${base}/favicon.svg`, {
      headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}/favicon.svg`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('serves /.well-known but no other dotfile', async () => {
    expect(await (await fetch(`${base}/.well-known/security.txt`)).text()).toMatch(/^Contact:/);
    expect(await (await fetch(`${base}/.env`)).text()).toBe('astro GET /.env');
  });

  it('leaves pages, other methods and files gone since start-up to Astro', async () => {
    expect(await (await fetch(`${base}/shop?page=2`)).text()).toBe('astro GET /shop?page=2');
    expect(await (await fetch(`${base}/favicon.svg`, { method: 'POST' })).text()).toBe('astro POST /favicon.svg');
    expect(await (await fetch(`${base}/gone.txt`)).text()).toBe('astro GET /gone.txt');
    expect(await (await fetch(`${base}/about/../.env`)).text()).not.toMatch(/SECRET/);
  });
});
