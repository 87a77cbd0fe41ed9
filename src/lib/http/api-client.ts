/**
 * The islands' one HTTP instance (docs/architecture.md, "Routes, the envelope and the typed
 * client"): an `ofetch` instance with the shop's base URL, 401 handling and error mapping. Islands
 * call it through the typed client (client.ts `callRoute`), which names a declared route; nothing
 * else sends requests to `/api`.
 *
 * - Same origin (base URL `/`), cookies sent, JSON accepted; a plain object body goes out as
 *   JSON, FormData and URLSearchParams as multipart and form-urlencoded (the spec mixes all three).
 * - Unwraps the envelope `{ success, message?, data }`: callers get `data`, or an `ApiError`
 *   carrying the server's `message` (or the caller's fallback text), status and field errors.
 *   `success: false` is a failure even with a 2xx status.
 * - A 401 from any call notifies the `onUnauthorized` listeners, which clear the client's
 *   session state (a 401 from any call signs the browser out); the
 *   session store registers itself there.
 * - No timeout and no retries: ofetch retries a failed GET by default, and an unsafe call must
 *   never be repeated, so retrying is off for every call.
 *
 * Browser-safe: imports no server code.
 */
import { FetchError, ofetch } from 'ofetch';

/** The response envelope (src/lib/http/envelope.ts). */
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
  /** Query parameters; undefined values are left out, numbers and booleans written as text. */
  query?: Record<string, string | number | boolean | undefined>;
  /** A plain object (sent as JSON), FormData (multipart) or URLSearchParams (form-urlencoded). */
  body?: Record<string, unknown> | FormData | URLSearchParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Message used when the server sends none (or the network fails): the text customers see. */
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

/** Tells every onUnauthorized listener that a call got 401 (a call made without this module's instance, such as an upload, says so too). */
export function notifyUnauthorized(): void {
  for (const listener of unauthorizedListeners) {
    try {
      listener();
    } catch (err) {
      console.error('onUnauthorized listener failed', err);
    }
  }
}

/** The one ofetch instance: same-origin base URL, JSON accepted, no retries, every 401 announced. */
const api = ofetch.create({
  baseURL: '/',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  retry: false,
  onResponseError({ response }) {
    if (response.status === 401) notifyUnauthorized();
  },
});

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value;
}

/** The ApiError for an answer that failed: the envelope's message (else `fallback`), field errors and data. */
function failure(response: Response, body: unknown, fallback: string): ApiError {
  const envelope = isEnvelope(body) ? body : undefined;
  const retryAfter = response.status >= 400 ? Number(response.headers.get('retry-after')) || undefined : undefined;
  return new ApiError(envelope?.message || fallback, response.status, {
    errors: envelope?.errors,
    data: envelope?.data,
    retryAfter,
  });
}

/** Sends one call through the instance; the raw response, or the error mapped to ApiError (aborts stay aborts). */
async function send(path: string, options: ApiOptions, fallback: string): Promise<Response & { _data?: unknown }> {
  try {
    return await api.raw(path, {
      method: options.method ?? 'GET',
      query: options.query,
      body: options.body,
      headers: options.headers,
      signal: options.signal,
    });
  } catch (err) {
    // An aborted call stays an abort (isAbortError); an error status keeps the server's envelope.
    if (options.signal?.aborted) throw err instanceof FetchError && err.cause ? err.cause : err;
    if (err instanceof FetchError && err.response) throw failure(err.response, err.data, fallback);
    // No answer, or the connection failed while the body arrived: the network failed.
    throw new ApiError(fallback, 0);
  }
}

/**
 * Calls `path` and returns the status, message and unwrapped data. Islands use it through the
 * typed client (client.ts `callRoute`).
 * @throws ApiError on a network failure, a non-2xx status or `success: false`.
 */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<ApiResult<T>> {
  const fallback = options.fallbackMessage ?? DEFAULT_MESSAGE;
  const response = await send(path, options, fallback);
  const body = response._data;
  if (!isEnvelope(body) || body.success === false) throw failure(response, body, fallback);
  return { status: response.status, message: body.message, data: body.data as T };
}

/** True when `err` comes from an aborted request (a newer search replaced it, the island closed). */
export function isAbortError(err: unknown): boolean {
  return err instanceof Error && err.name === 'AbortError';
}
