/**
 * The status line's reason phrase over HTTP, on every test database: a page that answers 404 or
 * 400 says "404 Not Found" / "400 Bad Request" (as an unknown address does), never "404 OK".
 */
import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';

/** Status code and reason phrase of a GET of `path` (the body is read and dropped). */
function statusLine(baseUrl: string, path: string): Promise<{ status: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseUrl), { method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, reason: res.statusMessage ?? '' }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(inject('servers'))('reason phrases on $kind', ({ baseUrl }) => {
  it('says "Not Found" for a page that answers 404 and for an unknown address', async () => {
    for (const path of [
      '/category/1/subcategories?page=999',
      '/search?q=fruits&page=999',
      '/product/999999',
      '/nope',
    ]) {
      expect(await statusLine(baseUrl, path), path).toEqual({ status: 404, reason: 'Not Found' });
    }
  });

  it('says "Bad Request" for the 400 page of an address that does not decode', async () => {
    for (const path of ['/product/%E0%A4', '/admin/%E0%A4']) {
      expect(await statusLine(baseUrl, path), path).toEqual({ status: 400, reason: 'Bad Request' });
    }
  });

  it('still says "OK" for a page that answers 200', async () => {
    expect(await statusLine(baseUrl, '/categories')).toEqual({ status: 200, reason: 'OK' });
  });
});
