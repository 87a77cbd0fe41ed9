/**
 * Property-based tests of every API route that reads a body, a query string or a path
 * parameter, as the route declarations (src/features/contracts.ts) list them, over HTTP against the built server,
 * signed in and signed out: whatever
 * a client puts in any field — any Unicode including NUL, control characters and lone
 * surrogates, raw bytes that are not UTF-8, strings up to just under and over the 64 KB cap,
 * numbers, arrays, objects, null — the answer is a 2xx or a 4xx JSON envelope with a message,
 * never a 5xx. Seeded (FUZZ_SEED overrides) and bounded (FUZZ_RUNS per route and session, 25
 * by default), so a failure reproduces with the seed and path fast-check prints.
 */

import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { allContracts } from '#features/contracts.ts';
import type { HttpMethod } from '#lib/http/contract.ts';
import { ApiClient } from '../helpers/api.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

interface BodyRoute {
  method: HttpMethod;
  path: string;
  fields: string[];
}
interface QueryRoute {
  /** The declared path; each `{param}` gets a random value. */
  path: string;
  fields: string[];
}

const fieldsOf = (schema: { shape: Record<string, unknown> } | undefined) => Object.keys(schema?.shape ?? {});

/** Every declared route that reads a body (routes without body fields, such as logout and delete-account, read none). */
const BODY_ROUTES: BodyRoute[] = allContracts
  .filter((c) => fieldsOf(c.body).length > 0)
  .map((c) => ({ method: c.method, path: c.path, fields: fieldsOf(c.body) }));

/** Every declared GET route that reads a query string or a path parameter. */
const QUERY_ROUTES: QueryRoute[] = allContracts
  .filter((c) => c.method === 'GET' && (fieldsOf(c.query).length > 0 || fieldsOf(c.params).length > 0))
  .map((c) => ({ path: c.path, fields: fieldsOf(c.query) }));

const DECLARED_PATHS = new Set<string>(allContracts.map((c) => c.path));

/** Any string: full Unicode, C0 controls (NUL included) and lone surrogates. */
const anyText = fc.string({
  unit: fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)) },
    { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
  ),
  maxLength: 40,
});
/** Values close to valid ones, so requests get past the first checks into the services. */
const plausible = fc.constantFrom(
  '',
  ' ',
  '1',
  '2',
  '0',
  '-1',
  '999999999',
  '1e3',
  '12.50',
  '0.00',
  '+919876543210',
  '9876543210',
  'a@b.co',
  '680001',
  '10.5',
  '76.2',
  'cod',
  'card',
  'credit',
  'online',
  'FRESH5',
  'asc',
  'desc',
  'all',
  '1234',
  "'; DROP TABLE products;--",
  '%',
  '_',
  '\\',
);
/** Long strings: just under the body cap, and over it. */
const long = fc
  .oneof(fc.integer({ min: 1000, max: 60_000 }), fc.integer({ min: 66_000, max: 80_000 }))
  .map((n) => 'é'.repeat(n / 2));
/** Any JSON value a client might send in a field. */
const anyJson = fc.oneof(
  { weight: 4, arbitrary: anyText },
  { weight: 4, arbitrary: plausible },
  { weight: 1, arbitrary: long },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.array(anyText, { maxLength: 3 }), fc.dictionary(anyText, anyText, { maxKeys: 3 })),
  },
);
/** Raw bytes, percent-encoded one by one: malformed UTF-8, NUL and all. */
const rawBytes = fc
  .uint8Array({ maxLength: 12 })
  .map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join(''));
/** A percent-encoded value for a query string or a form body. */
const encodedValue = fc.oneof(
  anyText.map((t) => encodeURIComponent(t.toWellFormed())),
  plausible.map(encodeURIComponent),
  rawBytes,
);

const formText = (v: unknown) =>
  typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * A request body in one of the encodings the API takes: either any subset of the fields with
 * any values, or a valid request (`template`) with one field replaced, so that the odd value
 * gets past the other checks into the services and the database.
 */
function bodyArbitrary(fields: string[], template: Record<string, string> = {}) {
  const some = fc.record(Object.fromEntries(fields.map((f) => [f, anyJson])), { requiredKeys: [] });
  const oneChanged = fc.tuple(fc.constantFrom(...fields), anyJson).map(([f, v]) => ({ ...template, [f]: v }));
  const values = fc.oneof(some, oneChanged, oneChanged);
  const raw = fc.tuple(fc.constantFrom(...fields), rawBytes).map(([f, bytes]) => ({
    raw: Object.entries({ ...template, [f]: '' })
      .map(([k, v]) => `${k}=${k === f ? bytes : encodeURIComponent(v)}`)
      .join('&'),
  }));
  return fc.oneof(
    values.map((json) => ({ json })),
    values.map((v) => ({
      form: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, formText(x).toWellFormed()])),
    })),
    values.map((v) => ({
      multipart: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, formText(x).toWellFormed()])),
    })),
    raw,
  );
}

type Sent = { json?: unknown; form?: Record<string, string>; multipart?: Record<string, string>; raw?: string };

/** Sends one request; raw form bodies go as they are, the rest through ApiClient. */
async function send(client: ApiClient, method: string, path: string, body: Sent = {}) {
  if (body.raw === undefined) return client.request(method, path, body);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'x-forwarded-for': client.ip,
  };
  if (client.token) headers.authorization = `Bearer ${client.token}`;
  const res = await fetch(client.baseUrl + path, { method, headers, body: body.raw, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as any };
}

/** The property: below 500, and a 4xx is a JSON envelope with a message. */
function expectHandled(res: { status: number; body: any }, what: string) {
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.body?.success, what).toBe(false);
    expect(
      typeof res.body?.message === 'string' && res.body.message.length > 0,
      `${what}: ${JSON.stringify(res.body)?.slice(0, 200)}`,
    ).toBe(true);
  }
}

const describe_ = (body: Sent) =>
  JSON.stringify(body, (_k, v) => (typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}…(${v.length})` : v));

describe.each(inject('servers'))('any input to any API field on $kind', ({ baseUrl }) => {
  const sessions: Record<'signed out' | 'signed in', ApiClient> = {
    'signed out': new ApiClient(baseUrl),
    'signed in': new ApiClient(baseUrl),
  };
  /** A valid request per route for the signed-in customer (an address, a cart line, an order of theirs). */
  const templates: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    const c = sessions['signed in'];
    const { phone } = await c.signUp();
    const address = {
      type: 'home',
      name: 'Asha Menon',
      mobile: '+919876543210',
      building_num: '12/4',
      street: 'Round North',
      landmark: 'Temple',
      city: 'Thrissur',
      po_box: '680001',
      latitude: '10.5276',
      longitude: '76.2144',
    };
    const addressId = String((await c.post('/api/customer/add-address', { json: address })).body.data.address.id);
    const spare = String((await c.post('/api/customer/add-address', { json: address })).body.data.address.id);
    const { products } = (await c.get('/api/customer/products/0?pageSize=100')).body.data as {
      products: { id: number; stock: number }[];
    };
    const productId = String(products.find((p) => p.stock >= 50)!.id);
    const cart = await c.post('/api/customer/add-product', { multipart: { product_id: productId, qty: '1' } });
    const cartId = String(cart.body.data.my_cart[0].cart_id);
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const order = {
      address_id: addressId,
      payment_mode: 'cod',
      paid_amount: s.paid_amount,
      points: '0',
      customer_note: 'Ring twice',
    };
    const orderId = String((await c.post('/api/customer/place-order', { json: order })).body.data.order.id);
    await c.post('/api/customer/add-product', { multipart: { product_id: productId, qty: '1' } });
    Object.assign(templates, {
      '/api/register': { name: 'Asha', email: 'asha@example.com', mobile: '+919812345678' },
      '/api/validate-customer': { key: phone },
      '/api/otp-login': { key: phone, otp: '1234' },
      '/api/wishlists': { productId },
      '/api/customer/add-address': address,
      '/api/customer/edit-address': { address_id: addressId, ...address },
      '/api/customer/default-address': { address_id: addressId },
      '/api/customer/delete-address': { address_id: spare },
      '/api/customer/add-product': { product_id: productId, qty: '1' },
      '/api/customer/set-qty': { cart_id: cartId, qty: '2' },
      '/api/customer/set-substitution': { cart_id: cartId, substitution: 'replace' },
      '/api/customer/increase-qty': { cart_id: cartId },
      '/api/customer/decrease-qty': { cart_id: cartId },
      '/api/customer/delete-product': { cart_id: '999999' },
      '/api/customer/cancel-order': { order_id: '999999' },
      '/api/customer/reorder': { order_id: orderId },
      '/api/customer/check-promocode': { promocode: 'FRESH5' },
      '/api/customer/place-order': { ...order, paid_amount: '0.00', promocode: 'FRESH5' },
      '/api/customer/update-profile': { name: 'Asha', email: 'asha@example.com', mobile: phone },
      '/api/customer/verify-phone': { mobile: '+919812345679', otp: '1234' },
      '/api/customer/deliver-to': { pin: '680001' },
      '/api/customer/sms-language': { sms_language: 'en' },
      '/api/customer/search-products': { product: 'tomato', limit: '5' },
      '/api/customer/search': { q: 'tomato' },
      '/api/customer/delivery-slots': { pin: '680001' },
      '/api/customer/products/{id}': { page: '1', pageSize: '10', sort: 'asc', category: '1' },
      '/api/customer/checkout-summary': { promocode: 'FRESH5', points: '0' },
    });
  });

  it('has templates only for declared routes', () => {
    expect(Object.keys(templates).filter((path) => !DECLARED_PATHS.has(path))).toEqual([]);
  });

  describe.each(['signed out', 'signed in'] as const)('%s', (session) => {
    it.each(BODY_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
      '%s answers below 500 with a message',
      async (_name, route) => {
        const client = sessions[session];
        await fc.assert(
          fc.asyncProperty(bodyArbitrary(route.fields, templates[route.path]), async (body) => {
            // Sign-in routes are throttled per client address: a fresh address per request keeps them reachable.
            const c = route.path.startsWith('/api/customer/')
              ? client
              : Object.assign(new ApiClient(baseUrl), { token: client.token });
            expectHandled(
              await send(c, route.method, route.path, body),
              `${route.method} ${route.path} ${describe_(body)}`,
            );
          }),
          { seed: SEED, numRuns: RUNS },
        );
      },
    );

    it.each(QUERY_ROUTES.map((r) => [r.path, r] as const))(
      'GET %s answers below 500 with a message',
      async (_name, route) => {
        const client = sessions[session];
        const template = Object.fromEntries(
          Object.entries(templates[route.path] ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]),
        );
        const some = fc.record(Object.fromEntries(route.fields.map((f) => [f, encodedValue])), { requiredKeys: [] });
        const query = route.fields.length
          ? fc.oneof(
              some,
              fc.tuple(fc.constantFrom(...route.fields), encodedValue).map(([f, v]) => ({ ...template, [f]: v })),
            )
          : fc.constant({});
        const id = fc.oneof(
          plausible.map(encodeURIComponent),
          rawBytes,
          anyText.map((t) => encodeURIComponent(t.toWellFormed())),
        );
        await fc.assert(
          fc.asyncProperty(query, id, async (params, idValue) => {
            const qs = Object.entries(params)
              .map(([k, v]) => `${k}=${v}`)
              .join('&');
            const path = route.path.replaceAll(/\{\w+\}/g, idValue || '1') + (qs ? `?${qs}` : '');
            expectHandled(await send(client, 'GET', path), `GET ${path.slice(0, 300)}`);
          }),
          { seed: SEED, numRuns: RUNS },
        );
      },
    );
  });
});
