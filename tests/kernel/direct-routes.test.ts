/**
 * Public routes answered by the Node listener itself (src/server/direct.ts), on a test
 * route behind the real listener: the same envelope, status and headers as the route's Astro
 * endpoint; compression in the coding the client prefers from 1 KiB; HEAD without a body; the
 * request id kept or made; bad input a 400 and a failing handler a 500 envelope; anything else
 * (another method or path) left to Astro.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { APIContext } from 'astro';

process.env.DB_PRUNE_INTERVAL_MINUTES = '0';
const { defineRoute } = await import('#lib/http/contract.ts');
const { implementPublic } = await import('#lib/http/handler.ts');
const { ok } = await import('#lib/http/envelope.ts');
const { createDirectHandler } = await import('#server/direct.ts');
const { createListener } = await import('#server/listener.ts');

const route = defineRoute({
  method: 'GET',
  path: '/api/test/echo',
  summary: 'Echoes its text, repeated',
  auth: 'none',
  query: z.object({
    text: z.string().min(1, 'text is required.'),
    times: z.coerce.number().int().min(1).max(500).default(1),
  }),
  response: z.object({ text: z.string(), length: z.number() }),
});
const echo = implementPublic(route, ({ query }) => {
  if (query.text === 'boom') throw new Error('the handler failed');
  const text = query.text.repeat(query.times);
  return { data: { text, length: text.length }, headers: { 'cache-control': 'public, max-age=60' } };
});

let base = '';
let server: http.Server;
beforeAll(async () => {
  const astro = (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.statusCode = 299;
    res.end(`astro ${req.method}`);
  };
  server = http.createServer(createListener(astro, { direct: createDirectHandler([echo]) }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The raw answer: status, headers and the bytes as sent (not decoded). */
function raw(
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What the route's Astro endpoint answers for the same query string. */
async function viaAstro(search: string) {
  const res = await echo.endpoint({
    url: new URL(`${base}/api/test/echo${search}`),
    locals: {},
  } as unknown as APIContext);
  return {
    status: res.status,
    body: await res.text(),
    type: res.headers.get('content-type'),
    cache: res.headers.get('cache-control'),
  };
}

describe('direct routes', () => {
  it('answers the envelope its Astro endpoint answers, with the listener security headers', async () => {
    for (const search of ['?text=hi', '?text=', '?times=3', '?text=a&times=x', '?text=boom']) {
      const direct = await raw(`/api/test/echo${search}`);
      const astro = await viaAstro(search);
      expect(direct.status, search).toBe(astro.status);
      expect(direct.body.toString(), search).toBe(astro.body);
      expect(direct.headers['content-type']).toBe(astro.type);
      expect(direct.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(direct.headers['content-length'])).toBe(direct.body.byteLength);
    }
    expect((await raw('/api/test/echo?text=hi')).headers['cache-control']).toBe('public, max-age=60');
    expect(JSON.parse((await raw('/api/test/echo?text=')).body.toString())).toMatchObject({
      success: false,
      message: 'text is required.',
    });
    expect((await raw('/api/test/echo?text=boom')).status).toBe(500);
  });

  it('compresses 1 KiB or more in the coding the client prefers, and leaves smaller answers plain', async () => {
    const expected = (await viaAstro('?text=abcdefgh&times=400')).body;
    const br = await raw('/api/test/echo?text=abcdefgh&times=400', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(brotliDecompressSync(br.body).toString()).toBe(expected);
    const gzip = await raw('/api/test/echo?text=abcdefgh&times=400', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(expected);
    const plain = await raw('/api/test/echo?text=abcdefgh&times=400');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected);
    const small = await raw('/api/test/echo?text=hi', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await raw('/api/test/echo?text=hi', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe((await viaAstro('?text=hi')).body.length);
    expect(head.body.byteLength).toBe(0);
  });

  it('keeps a well-formed request id and makes one otherwise', async () => {
    expect(
      (await raw('/api/test/echo?text=hi', { headers: { 'x-request-id': 'abc-123.x' } })).headers['x-request-id'],
    ).toBe('abc-123.x');
    const made = (await raw('/api/test/echo?text=hi', { headers: { 'x-request-id': 'bad id!' } })).headers[
      'x-request-id'
    ];
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves other methods, other paths and malformed encodings to the rest of the listener', async () => {
    expect((await raw('/api/test/echo?text=hi', { method: 'POST' })).body.toString()).toBe('astro POST');
    expect((await raw('/api/test/echo/more?text=hi')).body.toString()).toBe('astro GET');
    const bad = await raw('/api/test/echo?text=%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toMatchObject({ success: false });
  });

  it('gives every envelope Response its Content-Length in bytes', () => {
    const res = ok({ name: 'ചക്ക' });
    expect(Number(res.headers.get('content-length'))).toBe(
      Buffer.byteLength(JSON.stringify({ success: true, data: { name: 'ചക്ക' } })),
    );
  });
});
