/**
 * The islands' HTTP client (src/lib/http/api-client.ts, one ofetch instance) with the platform's
 * fetch stubbed: the request it sends (query, JSON / FormData / URLSearchParams bodies, headers,
 * no retries), the envelope it unwraps and the ApiError it throws (status, field errors, data,
 * Retry-After, network failure as status 0, aborts left as aborts), the 401 listeners; then the
 * typed client (client.ts) against the built server.
 */
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import type { myCartRoute } from '#features/cart/contract.ts';
import type { searchProductsRoute } from '#features/search/contract.ts';
import { ApiError, type ApiOptions, apiRequest, isAbortError, onUnauthorized } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';

/** A GET that returns the envelope's data. */
const apiGet = async <T>(path: string, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
  (await apiRequest<T>(path, options)).data;
/** A POST that returns the envelope's data. */
const apiSend = async <T>(path: string, options: ApiOptions = {}) =>
  (await apiRequest<T>(path, { method: 'POST', ...options })).data;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

/** Stubs fetch with `answer` and returns the calls it received. */
function stubFetch(answer: (input: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
    calls.push({ url: input, init });
    return answer(input, init);
  });
  return calls;
}

/** The ApiError `promise` rejects with (fails the test when it resolves or throws something else). */
async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the query', () => {
  /** The URL the client requests for `path` and `query`. */
  async function urlFor(path: string, query: ApiOptions['query']): Promise<string> {
    const calls = stubFetch(() => json(200, { success: true, data: null }));
    await apiGet(path, { query });
    return calls[0].url;
  }
  it('adds parameters, writes numbers and booleans as text and leaves out undefined ones', async () => {
    expect(await urlFor('/api/x', { pin: '680001', page: 2, fresh: true, skip: undefined })).toBe(
      '/api/x?pin=680001&page=2&fresh=true',
    );
  });
  it('replaces a key the path already has', async () => {
    expect(await urlFor('/api/x?page=1&sort=new', { page: 3 })).toBe('/api/x?page=3&sort=new');
  });
  it('encodes the values and leaves a path without query alone', async () => {
    expect(await urlFor('/api/search', { product: 'red & green chilli' })).toBe(
      '/api/search?product=red+%26+green+chilli',
    );
    expect(await urlFor('/api/x', undefined)).toBe('/api/x');
    expect(await urlFor('/api/x', {})).toBe('/api/x');
  });
});

describe('the request', () => {
  it('a GET sends the query, accepts JSON, sends same-origin cookies and no body', async () => {
    const calls = stubFetch(() => json(200, { success: true, data: { n: 1 } }));
    await apiGet('/api/customer/delivery-slots', { query: { pin: '680001', limit: undefined } });
    expect(calls).toHaveLength(1);
    const { url, init } = calls[0];
    expect(url).toBe('/api/customer/delivery-slots?pin=680001');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).get('accept')).toBe('application/json');
  });

  it('a plain object goes out as JSON; the caller’s headers are kept', async () => {
    const calls = stubFetch(() => json(200, { success: true, data: null }));
    await apiSend('/api/orders', { body: { productId: 7, qty: 2 }, headers: { 'Idempotency-Key': 'k-1' } });
    const { init } = calls[0];
    const headers = new Headers(init.headers);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"productId":7,"qty":2}');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('idempotency-key')).toBe('k-1');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('FormData and URLSearchParams bodies go out as they are (fetch sets their content type)', async () => {
    const calls = stubFetch(() => json(200, { success: true, data: null }));
    const form = new FormData();
    form.set('name', 'Asha');
    const params = new URLSearchParams({ key: '+919800000000' });
    await apiRequest('/api/a', { method: 'PUT', body: form });
    await apiRequest('/api/b', { method: 'POST', body: params });
    expect(calls[0].init.body).toBe(form);
    expect(calls[1].init.body).toBe(params);
    for (const { init } of calls) expect(new Headers(init.headers).has('content-type')).toBe(false);
  });
});

describe('the answer', () => {
  it('unwraps the envelope: status, message and data', async () => {
    stubFetch(() => json(201, { success: true, message: 'Added', data: { id: 9 } }));
    await expect(apiRequest('/api/x', { method: 'POST', body: {} })).resolves.toEqual({
      status: 201,
      message: 'Added',
      data: { id: 9 },
    });
    stubFetch(() => json(200, { success: true, data: [1, 2] }));
    await expect(apiGet('/api/x')).resolves.toEqual([1, 2]);
  });

  it('success: false is a failure even with a 2xx status', async () => {
    stubFetch(() => json(200, { success: false, message: 'Out of stock', errors: { qty: 'Too many' } }));
    const err = await apiError(apiGet('/api/x'));
    expect(err).toMatchObject({ message: 'Out of stock', status: 200, errors: { qty: 'Too many' } });
  });

  it('an error status carries the server’s message, field errors and data', async () => {
    stubFetch(() =>
      json(409, { success: false, message: 'Prices changed', data: { total: 12_300 }, errors: { cart: 'Changed' } }),
    );
    const err = await apiError(apiSend('/api/orders', { body: {} }));
    expect(err).toMatchObject({
      name: 'ApiError',
      message: 'Prices changed',
      status: 409,
      data: { total: 12_300 },
      errors: { cart: 'Changed' },
      retryAfter: undefined,
    });
  });

  it('a failed call is never sent again, not even a GET', async () => {
    for (const status of [409, 429, 500, 503]) {
      const calls = stubFetch(() => json(status, { success: false, message: 'No' }));
      expect((await apiError(apiGet('/api/x'))).status).toBe(status);
      expect(calls).toHaveLength(1);
    }
    const calls = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await apiError(apiGet('/api/x'));
    expect(calls).toHaveLength(1);
  });

  it('a 429 gives the seconds of its Retry-After header', async () => {
    stubFetch(() => json(429, { success: false, message: 'Too many attempts' }, { 'retry-after': '30' }));
    const err = await apiError(apiSend('/api/send-otp', { body: { key: '+919800000000' } }));
    expect(err).toMatchObject({ message: 'Too many attempts', status: 429, retryAfter: 30 });
    stubFetch(() => json(429, { success: false }, { 'retry-after': 'soon' }));
    expect((await apiError(apiGet('/api/x'))).retryAfter).toBeUndefined();
  });

  it('an error without a JSON body (a proxy’s HTML page) gets the fallback message', async () => {
    stubFetch(() => new Response('<h1>Bad Gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const err = await apiError(apiGet('/api/x', { fallbackMessage: 'Could not load.' }));
    expect(err).toMatchObject({ message: 'Could not load.', status: 502, errors: undefined, data: undefined });
    stubFetch(() => new Response('{not json', { status: 500, headers: { 'content-type': 'application/json' } }));
    expect(await apiError(apiGet('/api/x'))).toMatchObject({
      message: 'Something went wrong. Please try again.',
      status: 500,
    });
  });

  it('a 2xx that is not an envelope (no body, text) is a failure with the fallback message', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    expect(await apiError(apiGet('/api/x', { fallbackMessage: 'Nope' }))).toMatchObject({
      message: 'Nope',
      status: 204,
    });
    stubFetch(
      () => new Response('{"success":true,"data":1}', { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    expect(await apiError(apiGet('/api/x'))).toMatchObject({ status: 200 });
  });

  it('an answer without a content type is read as JSON', async () => {
    stubFetch(() => new Response(new Blob(['{"success":true,"data":"ok"}'])));
    await expect(apiGet('/api/x')).resolves.toBe('ok');
  });
});

describe('failures of the network and aborts', () => {
  it('a network failure is status 0 with the fallback message (or the default one)', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await apiError(apiGet('/api/x', { fallbackMessage: 'Offline?' }))).toMatchObject({
      message: 'Offline?',
      status: 0,
    });
    expect(await apiError(apiGet('/api/x'))).toMatchObject({
      message: 'Something went wrong. Please try again.',
      status: 0,
    });
  });

  it('a connection lost while the body arrives is a network failure too', async () => {
    stubFetch(
      () => new Response(new ReadableStream({ pull: (c) => c.error(new TypeError('network error')) }), { status: 200 }),
    );
    expect(await apiError(apiGet('/api/x'))).toMatchObject({ status: 0 });
  });

  it('an aborted call rejects with the abort, which isAbortError recognises', async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const call = apiGet('/api/x', { signal: controller.signal });
    controller.abort();
    const err = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeInstanceOf(ApiError);
    expect(isAbortError(err)).toBe(true);
    expect(isAbortError(new ApiError('x', 0))).toBe(false);
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('401 listeners', () => {
  it('every 401 tells the listeners (one that throws does not stop the others); other errors do not', async () => {
    const heard: string[] = [];
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offA = onUnauthorized(() => {
      heard.push('a');
      throw new Error('listener broke');
    });
    const offB = onUnauthorized(() => heard.push('b'));
    try {
      stubFetch(() => json(401, { success: false, message: 'Please log in' }));
      expect(await apiError(apiGet('/api/x'))).toMatchObject({ status: 401, message: 'Please log in' });
      expect(heard).toEqual(['a', 'b']);
      expect(errorLog).toHaveBeenCalledOnce();
      stubFetch(() => json(403, { success: false }));
      await apiError(apiGet('/api/x'));
      expect(heard).toEqual(['a', 'b']);
      offA();
      stubFetch(() => json(401, { success: false }));
      await apiError(apiGet('/api/x'));
      expect(heard).toEqual(['a', 'b', 'b']);
    } finally {
      offA();
      offB();
      errorLog.mockRestore();
    }
  });
});

describe('the typed client against the built server', () => {
  const { baseUrl } = inject('servers')[0];
  const realFetch = globalThis.fetch;
  /** Sends the client's same-origin requests to the built server, as a browser on its page would. */
  const sameOrigin = () =>
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => realFetch(new URL(url, baseUrl), init));

  it('a GET with a query comes back unwrapped and typed by the route', async () => {
    sameOrigin();
    const { status, data } = await callRoute<typeof searchProductsRoute>('GET /api/customer/search-products', {
      query: { product: 'banana', limit: '3' },
    });
    expect(status).toBe(200);
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.length).toBeLessThanOrEqual(3);
  });

  it('a refused query is an ApiError with the server’s message and status', async () => {
    sameOrigin();
    const err = await apiError(
      callRoute<typeof searchProductsRoute>('GET /api/customer/search-products', {
        query: { product: 'banana', limit: '999' },
      }),
    );
    expect(err.status).toBe(400);
    expect(err.message).not.toBe('Something went wrong. Please try again.');
  });

  it('a 401 from the server reaches the listeners', async () => {
    sameOrigin();
    let heard = 0;
    const off = onUnauthorized(() => heard++);
    try {
      expect((await apiError(callRoute<typeof myCartRoute>('GET /api/customer/my-cart', {}))).status).toBe(401);
      expect(heard).toBe(1);
    } finally {
      off();
    }
  });
});
