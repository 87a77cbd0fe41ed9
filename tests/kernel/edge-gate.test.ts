/**
 * The edge gate (src/lib/http/edge-gate.ts): what a client gets for a bad address or an oversized
 * declared body, under /api (the JSON envelope) and on pages (plain text naming the shop's 400 page
 * a browser is shown, or a redirect that drops a bad parameter), and that good requests pass.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_BAD_ADDRESS_PAGE, BAD_ADDRESS_MESSAGE, BAD_ADDRESS_PAGE, refuseAtEdge } from '#lib/http/edge-gate.ts';

const LIMIT = 65_536;
const gate = (url: string, contentLength?: string) => refuseAtEdge({ url, contentLength }, LIMIT);
const json = (body: string | undefined) => JSON.parse(body ?? 'null');

describe('the edge gate', () => {
  it('lets good requests through', () => {
    for (const url of ['/', '/shop?sort=price&page=2', '/api/customer/search-products?product=tomato', '/café'])
      expect(gate(url, '120'), url).toBeNull();
    expect(gate('/api/register', String(LIMIT))).toBeNull();
  });

  it('answers a declared body over the cap with 413, as the envelope under /api and as text on a page', () => {
    const api = gate('/api/register', String(LIMIT + 1))!;
    expect(api.status).toBe(413);
    expect(json(api.body)).toEqual({ success: false, message: 'The request body is too large (limit 64 KB).' });
    const page = gate('/login', String(128 * 1024 * 1024))!;
    expect(page.status).toBe(413);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).toBe('The request body is too large (limit 64 KB).');
    expect(page.page).toBeUndefined();
  });

  it('answers a bad path with 400', () => {
    for (const url of ['/api/customer/product-details/%FF', '/api/customer/products/%00']) {
      const answer = gate(url)!;
      expect(answer.status, url).toBe(400);
      expect(json(answer.body), url).toEqual({ success: false, message: BAD_ADDRESS_MESSAGE });
      expect(answer.page, url).toBeUndefined();
    }
    for (const url of ['/product/%FF', '/product/%00', '/a%E0%A4']) {
      const answer = gate(url)!;
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toBe(BAD_ADDRESS_MESSAGE);
      expect(answer.page, url).toBe(BAD_ADDRESS_PAGE);
    }
  });

  it("answers a bad address under /admin with the back office's 400 page", () => {
    for (const url of ['/admin/%E0%A4', '/admin/orders/%FF', '/admin?next=%FF']) {
      const answer = gate(url)!;
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toBe(BAD_ADDRESS_MESSAGE);
      expect(answer.page, url).toBe(ADMIN_BAD_ADDRESS_PAGE);
    }
    // Only the back office's own addresses: a shop address that merely starts alike keeps the shop's page.
    expect(gate('/administration/%FF')!.page).toBe(BAD_ADDRESS_PAGE);
  });

  it('names a bad query parameter under /api', () => {
    for (const bad of ['%FF', '%E0%A4', '%00', 'abc%2']) {
      const answer = gate(`/api/customer/search-products?limit=5&product=${bad}`)!;
      expect(answer.status, bad).toBe(400);
      expect(json(answer.body), bad).toEqual({
        success: false,
        message: 'product contains characters that are not allowed.',
        errors: { product: 'product contains characters that are not allowed.' },
      });
    }
  });

  it('sends a page with a well-formed bad parameter to the same address without it', () => {
    expect(gate('/categories/1/all-products?sort=%00&page=1')).toMatchObject({
      status: 302,
      headers: { location: '/categories/1/all-products?page=1' },
    });
    expect(gate('/login?next=%00')).toMatchObject({ status: 302, headers: { location: '/login' } });
  });

  it('answers a page whose query is malformed %-encoding with 400 and the 400 page', () => {
    for (const url of ['/login?next=%FF', '/search?q=%E0%A4%A']) {
      const answer = gate(url)!;
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toBe(BAD_ADDRESS_MESSAGE);
      expect(answer.page, url).toBe(BAD_ADDRESS_PAGE);
    }
  });
});
