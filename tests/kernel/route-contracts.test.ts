/** The route-contract kernel: path building, the shared id rule, and a linted OpenAPI document. */

import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { callRoute } from '#lib/http/client.ts';
import { buildPath, defineRoute, positiveId } from '#lib/http/contract.ts';
import { ok } from '#lib/http/envelope.ts';
import { implementPublic } from '#lib/http/handler.ts';
import { openApiDocument } from '#lib/http/openapi.ts';

const sample = [
  defineRoute({
    method: 'GET',
    path: '/api/customer/orders/{id}',
    summary: 'One order',
    auth: 'customer',
    params: z.object({ id: positiveId('Invalid order id.') }),
    response: z.object({ order: z.object({ id: z.number(), status: z.string() }) }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/customer/search-products',
    summary: 'Search',
    auth: 'none',
    query: z.object({ product: z.string().min(1).describe('search text'), limit: z.string().optional() }),
    response: z.object({ products: z.array(z.object({ id: z.number() })) }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/wishlists',
    summary: 'Toggle a product in the wishlist',
    auth: 'customer',
    body: z.object({ productId: positiveId('Invalid product id.') }),
    response: z.object({ productId: z.number(), wishlisted: z.boolean() }),
  }),
] as const;

describe('route contracts', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(buildPath('/api/customer/orders/{id}', { id: 12 })).toBe('/api/customer/orders/12');
    expect(buildPath('/api/x/{code}', { code: 'a b/c' })).toBe('/api/x/a%20b%2Fc');
    expect(() => buildPath('/api/customer/orders/{id}', {})).toThrow(/Missing path parameter "id"/);
  });

  it('accepts ids as numbers or digit strings and refuses everything else with the message', () => {
    const id = positiveId('Invalid product id.');
    expect(id.parse(7)).toBe(7);
    expect(id.parse(' 42 ')).toBe(42);
    for (const bad of [0, -1, 1.5, '0', '', 'abc', '1e3', '12345678901', null, {}, []]) {
      const result = id.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error!.issues[0]!.message).toBe('Invalid product id.');
    }
  });

  it('generates an OpenAPI 3.1 document that passes the recommended lint rules', async () => {
    const doc = openApiDocument(sample, 'https://shop.test', {
      title: 'Test',
      version: '1.0.0',
      description: 'Test API',
    });
    expect(doc.paths['/api/customer/orders/{id}']!.get).toMatchObject({
      parameters: [{ name: 'id', in: 'path', required: true }],
    });
    expect(doc.paths['/api/customer/search-products']!.get).toMatchObject({
      parameters: [
        { name: 'product', in: 'query', required: true, description: 'search text' },
        { name: 'limit', required: false },
      ],
    });
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'info-license': 'off', 'security-defined': 'off', 'operation-4xx-response': 'off' },
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    // The linter does catch a broken document (so the assertion above can fail).
    const broken = {
      ...doc,
      paths: { '/api/x/{id}': { get: { summary: 'x', responses: { '200': { description: 'ok' } } } } },
    };
    const brokenProblems = await lintFromString({
      source: JSON.stringify(broken),
      absoluteRef: 'openapi.json',
      config,
    });
    expect(brokenProblems.some((p) => p.severity === 'error')).toBe(true);
  });

  it('refuses two contracts for one method and path', () => {
    expect(() =>
      openApiDocument([sample[0]!, sample[0]!], 'https://shop.test', { title: 'T', version: '1', description: 'd' }),
    ).toThrow(/Two contracts/);
  });
});

describe('the typed client', () => {
  it("accepts only the contract's own method and path, and types the answer (checked by tsc)", () => {
    type Toggle = (typeof sample)[2];
    const typed = (call: typeof callRoute) => {
      void call<Toggle>('PUT /api/wishlists', { body: { productId: 7 } }).then(
        ({ data }) => data.wishlisted satisfies boolean,
      );
      // @ts-expect-error: another method or path than the contract's
      void call<Toggle>('POST /api/wishlists', { body: { productId: 7 } });
      // @ts-expect-error: a body field the contract does not have
      void call<Toggle>('PUT /api/wishlists', { body: { product: 7 } });
      // @ts-expect-error: without the contract's type nothing is accepted
      void call('PUT /api/wishlists', { body: { productId: 7 } });
      void call<Toggle>('PUT /api/wishlists', { body: { productId: 7 } }).then(({ data }) => {
        // @ts-expect-error: a field the response schema does not declare
        void data.stock;
      });
    };
    expect(typeof typed).toBe('function');
  });
});

describe('query parameters', () => {
  const search = implementPublic(sample[1], ({ query }) => ({ data: { products: [{ id: query.product.length }] } }));
  const answer = async (query: string) => {
    const { status, body } = await search.answer(new URLSearchParams(query));
    return { status, body: JSON.parse(body) };
  };

  it('refuses a parameter the route reads given more than once, naming it, rather than keep one', async () => {
    for (const [query, name] of [
      ['product=tomato&product=onion', 'product'],
      ['product=tomato&limit=2&limit=5', 'limit'],
      ['product=&product=onion', 'product'],
    ]) {
      expect(await answer(query!), query).toEqual({
        status: 400,
        body: {
          success: false,
          message: `${name} must be given only once.`,
          errors: { [name!]: `${name} must be given only once.` },
        },
      });
    }
  });

  it('ignores parameters the route does not read, repeated or not', async () => {
    expect(await answer('product=tomato&utm_source=a&utm_source=b')).toEqual({
      status: 200,
      body: { success: true, data: { products: [{ id: 6 }] } },
    });
  });
});

describe('the envelope', () => {
  it('gives every envelope Response its Content-Length in bytes', () => {
    const res = ok({ name: 'ചക്ക' });
    expect(Number(res.headers.get('content-length'))).toBe(
      Buffer.byteLength(JSON.stringify({ success: true, data: { name: 'ചക്ക' } })),
    );
  });
});
