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
 * - Built on the platform's `fetch` (no client library: every island page downloads this file).
 *   No timeout and no retries (an unsafe call must never be repeated).
 *
 * Browser-safe: imports no server code.
 */

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

  constructor(
    message: string,
    status: number,
    extra: { errors?: Record<string, string>; data?: unknown; retryAfter?: number } = {},
  ) {
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

/** JSON media types (`application/json`, `application/problem+json`, …), parameters ignored. */
const JSON_TYPE = /^application\/(?:[\w!#$%&*.^`~-]*\+)?json$/i;

/**
 * `path` with `query` added: a key already in `path` is replaced, an undefined value removes
 * the key, numbers and booleans are written as text (`?page=2&fresh=true`).
 */
export function withQuery(path: string, query: ApiOptions['query']): string {
  if (!query) return path;
  const at = path.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  return (at < 0 ? path : path.slice(0, at)) + (search ? `?${search}` : '');
}

/** The request's body and headers: a plain object goes out as JSON, FormData and URLSearchParams as they are. */
function requestInit(options: ApiOptions): RequestInit {
  const headers = new Headers({ accept: 'application/json' });
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return { method: options.method ?? 'GET', headers, body, credentials: 'same-origin', signal: options.signal };
}

/** The answer's parsed JSON; undefined when it has no body, is not JSON or does not parse. */
async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type')?.split(';')[0].trim() ?? '';
  const text = await response.text();
  if (!text || (type && !JSON_TYPE.test(type))) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

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
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(withQuery(path, options.query), requestInit(options));
    body = await readJson(response);
  } catch (err) {
    // An aborted call stays an abort (isAbortError); anything else is the network failing.
    if (options.signal?.aborted) throw err;
    throw new ApiError(fallback, 0);
  }
  const envelope = isEnvelope(body) ? body : undefined;
  if (response.status >= 400) {
    if (response.status === 401) notifyUnauthorized();
    const retryAfter = Number(response.headers.get('retry-after')) || undefined;
    throw new ApiError(envelope?.message || fallback, response.status, {
      errors: envelope?.errors,
      data: envelope?.data,
      retryAfter,
    });
  }
  if (!envelope || envelope.success === false) {
    throw new ApiError(envelope?.message || fallback, response.status, {
      errors: envelope?.errors,
      data: envelope?.data,
    });
  }
  return { status: response.status, message: envelope.message, data: envelope.data as T };
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
  return err instanceof Error && err.name === 'AbortError';
}
