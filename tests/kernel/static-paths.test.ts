/**
 * Which requests skip Astro's static handler (src/server/static-paths.ts): only a plain
 * path that is neither a file of dist/client nor a folder with an index.html; anything that may
 * be a file, or that Astro itself must judge (odd characters, `..`, `//`), goes through Astro's static handler.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staticPathTest } from '#server/static-paths.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-static-'));
for (const file of [
  'index.html',
  'about/index.html',
  'favicon.svg',
  '_astro/app.abc.js',
  'images/logo.png',
  'LICENSE',
]) {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), 'x');
}
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('staticPathTest', () => {
  const mayBeStatic = staticPathTest(dir);

  it('sends files and folders with an index.html to the static handler', () => {
    for (const p of [
      '/',
      '/about',
      '/about/',
      '/about/index.html',
      '/favicon.svg',
      '/_astro/app.abc.js',
      '/images/logo.png',
      '/LICENSE',
    ])
      expect(mayBeStatic(p), p).toBe(true);
  });

  it('sends anything with a dot in its last segment there too (a file added by a later build)', () => {
    for (const p of ['/_astro/new.def.js', '/robots.txt', '/sitemap.xml', '/images/new.webp'])
      expect(mayBeStatic(p), p).toBe(true);
  });

  it('leaves odd paths to Astro', () => {
    for (const p of ['/%2e%2e/etc/passwd', '//evil', '/a b', '/caf%C3%A9', '/x/../about'])
      expect(mayBeStatic(p), p).toBe(true);
  });

  it('skips it for pages that cannot be files', () => {
    for (const p of [
      '/product/12',
      '/shop',
      '/categories/7/all-products',
      '/images',
      '/images/',
      '/cart',
      '/api/customer/home',
    ])
      expect(mayBeStatic(p), p).toBe(false);
  });

  it('treats a missing build folder as having no files', () => {
    const none = staticPathTest(path.join(dir, 'missing'));
    expect(none('/shop')).toBe(false);
    expect(none('/favicon.svg')).toBe(true);
  });
});
