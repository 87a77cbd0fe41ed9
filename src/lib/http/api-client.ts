/**
 * The one HTTP client islands use to reach our `/api` (ARCHITECTURE.md "Data flow").
 *
 * - Same origin (base URL ''), cookies sent, JSON by default; FormData and URLSearchParams
 *   bodies go out as multipart and form-urlencoded (the spec mixes all three).
 * - Unwraps the envelope `{ success, message?, data }`: callers get `data`, or an `ApiError`
 *   carrying the server's `message` (or the caller's fallback text), status and field errors.
 *   `success: false` is a failure even with a 2xx status (spec 000 §8).
 * - A 401 from any call notifies the `onUnauthorized` listeners, which clear the client's
 *   session state (spec 000 §4 "A 401 response from any call removes the stored token"); the
 *   session store registers itself there.
 *
 * Browser-safe: imports no server code.
 */
import { FetchError, ofetch } from 'ofetch';

/** The response envelope of ARCHITECTURE.md. */
export interface Envelope<T> {
  success: boolean;
  message?: string;
  data?: T;
  errors?: Record<string, string>;
}

/** A failed call: the message to show, the HTTP status (0 when the network failed) and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;
  /** Extra data the server sent with the failure (e.g. its figures on a 409). */
  readonly data?: unknown;
  /** Seconds to wait before retrying, from a 429's Retry-After header. */
  readonly retryAfter?: number;

  constructor(message: string, status: number, extra: { errors?: Record<string, string>; data?: unknown; retryAfter?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = extra.errors;
    this.data = extra.data;
    this.retryAfter = extra.retryAfter;
  }
}

/** Options for one call. */
export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** A plain object (sent as JSON), FormData (multipart) or URLSearchParams (form-urlencoded). */
  body?: Record<string, unknown> | FormData | URLSearchParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Message used when the server sends none (or the network fails); spec 000 §8 texts. */
  fallbackMessage?: string;
}

/** A successful call: HTTP status, the server's message and the unwrapped `data`. */
export interface ApiResult<T> {
  status: number;
  message?: string;
  data: T;
}

const DEFAULT_MESSAGE = 'Something went wrong. Please try again.';

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * Registers a listener called on every 401 answer (the session store clears itself there).
 * Returns a function that unregisters it.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function notifyUnauthorized(): void {
  for (const listener of unauthorizedListeners) {
    try {
      listener();
    } catch (err) {
      console.error('onUnauthorized listener failed', err);
    }
  }
}

const client = ofetch.create({
  baseURL: '',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  // The spec's client has no timeout and no retries; an unsafe call must never be repeated.
  retry: 0,
});

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value;
}

/**
 * Calls `path` and returns the status, message and unwrapped data.
 * @throws ApiError on a network failure, a non-2xx status or `success: false`.
 * @example const { status } = await apiRequest('/api/wishlists', { method: 'PUT', body: { productId: 7 } });
 */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const fallback = options.fallbackMessage ?? DEFAULT_MESSAGE;
  let response;
  try {
    response = await client.raw<Envelope<T>>(path, {
      method: options.method ?? 'GET',
      query: options.query,
      body: options.body,
      headers: options.headers,
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof FetchError && err.response) {
      const status = err.response.status;
      if (status === 401) notifyUnauthorized();
      const body: unknown = err.data;
      const envelope = isEnvelope(body) ? body : undefined;
      const retryAfter = Number(err.response.headers.get('retry-after')) || undefined;
      throw new ApiError(envelope?.message || fallback, status, { errors: envelope?.errors, data: envelope?.data, retryAfter });
    }
    if (options.signal?.aborted) throw err;
    throw new ApiError(fallback, 0);
  }
  const body: unknown = response._data;
  if (!isEnvelope(body) || body.success === false) {
    const envelope = isEnvelope(body) ? body : undefined;
    throw new ApiError(envelope?.message || fallback, response.status, { errors: envelope?.errors, data: envelope?.data });
  }
  return { status: response.status, message: body.message, data: body.data as T };
}

/**
 * GET `path` and return the envelope's `data`.
 * @example const { categories } = await apiGet<{ categories: CategoryJson[] }>('/api/customer/product-categories');
 */
export async function apiGet<T>(path: string, options: Omit<ApiOptions, 'method' | 'body'> = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** Sends an unsafe call (POST by default) and returns the envelope's `data`. */
export async function apiSend<T>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, { method: 'POST', ...options })).data;
}

/** True when `err` comes from an aborted request (a newer search replaced it, the island closed). */
export function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || (err instanceof FetchError && err.cause instanceof Error && err.cause.name === 'AbortError'));
}
