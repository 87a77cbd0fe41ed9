/**
 * The HTTP envelope (docs/architecture.md) and the one place where errors become responses.
 *
 * Success: `{ success: true, message?, data }`. Failure: `{ success: false, message, errors? }`
 * with the status of the error's code. Handlers throw `AppError`s (or zod errors from input
 * parsing); anything else is logged and answered as a plain 500 without a stack trace.
 */
import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { getConfig } from '../config.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  logUnavailable,
} from '../db/unavailable.ts';
import { logger } from '../log.ts';
import {
  BodyTooLargeError,
  bodyTooLargeMessage,
  declaredLength,
  decodeUtf8,
  disallowedMessage,
  fieldLabel,
  findDisallowedField,
  parseEncoded,
  readCapped,
} from './edge-input.ts';

/** Error codes and the HTTP status each one answers with. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The name of one failure, `feature.what` (e.g. `orders.cart_already_ordered`), for code that must
 * tell it apart from others of the same ErrorCode. Never sent: the answer is the code's status and
 * the message.
 */
export type ErrorReason = `${string}.${string}`;

/**
 * An expected failure with a customer-facing message. Code that acts on a particular failure
 * compares its `reason` (isAppError), never its message: the message is the customer's text.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Which failure this is, when some caller tells it apart; absent otherwise. */
  readonly reason?: ErrorReason;
  readonly errors?: Record<string, string>;
  /** Extra data returned beside the message (e.g. the server's figures on a 409). */
  readonly data?: Record<string, unknown>;
  /** Seconds until a throttled client may retry (429). */
  readonly retryAfter?: number;

  constructor(
    code: ErrorCode,
    message: string,
    extra: {
      reason?: ErrorReason;
      errors?: Record<string, string>;
      data?: Record<string, unknown>;
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.reason = extra.reason;
    this.errors = extra.errors;
    this.data = extra.data;
    this.retryAfter = extra.retryAfter;
  }
}

/** Whether `err` is an AppError naming `reason`. */
export function isAppError(err: unknown, reason: ErrorReason): err is AppError {
  return err instanceof AppError && err.reason === reason;
}

/** Shorthand for a 404 with a message. */
export const notFound = (message: string) => new AppError('not_found', message);
/** Shorthand for a 400 with a message. */
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError('bad_request', message, { errors });

const JSON_HEADERS: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };

/**
 * An envelope ready to send: status, headers and the JSON text. `ok` and `errorResponse` wrap one
 * in a Response; the Node listener sends one itself when the edge gate refuses a request
 * (src/lib/http/edge-gate.ts).
 */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A `data` value already as JSON text, made by a handler from parts each checked against its
 * route's schema when they were made (the search's cards: checked once per card and kept), so
 * `okAnswer` puts it in the envelope as it is and `implementPublic` does not check or serialise it
 * again.
 */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** Header names in lower case, from any HeadersInit (a plain object without building a Headers). */
function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  if (!init) return {};
  if (init instanceof Headers || Array.isArray(init)) return Object.fromEntries(new Headers(init));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(init)) out[name.toLowerCase()] = value;
  return out;
}

/** A success envelope's answer. `init.headers` may add e.g. Cache-Control. */
export function okAnswer(
  data: unknown,
  init: { status?: number; message?: string; headers?: HeadersInit } = {},
): Answer {
  const headers = { ...JSON_HEADERS, ...headerRecord(init.headers) };
  const status = init.status ?? 200;
  if (data instanceof JsonText) {
    return {
      status,
      headers,
      body: `{"success":true${init.message ? `,"message":${JSON.stringify(init.message)}` : ''},"data":${data.text}}`,
    };
  }
  const body: Record<string, unknown> = { success: true };
  if (init.message) body.message = init.message;
  body.data = data;
  return { status, headers, body: JSON.stringify(body) };
}

/**
 * The answer as a Response, with its Content-Length: the middleware's encoder
 * (dynamic-encoding.ts) then sends a small one (under 1 KiB) as it is, without reading it first.
 */
export function toResponse(answer: Answer): Response {
  return new Response(answer.body, {
    status: answer.status,
    headers: { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.body)) },
  });
}

/** A success envelope. `init.headers` may add e.g. Cache-Control. */
export function ok(data: unknown, init: { status?: number; message?: string; headers?: HeadersInit } = {}): Response {
  return toResponse(okAnswer(data, init));
}

/** First message of each field of a zod error, keyed by dotted path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** The failure envelope's answer for any thrown value; unknown errors are logged and hidden. */
export function errorAnswer(err: unknown, reqId?: string): Answer {
  if (err instanceof z.ZodError) {
    const errors = fieldErrors(err);
    return {
      status: 400,
      headers: JSON_HEADERS,
      body: JSON.stringify({ success: false, message: Object.values(errors)[0] ?? 'Invalid request.', errors }),
    };
  }
  if (err instanceof AppError) {
    const body: Record<string, unknown> = { success: false, message: err.message };
    if (err.errors) body.errors = err.errors;
    if (err.data) body.data = err.data;
    const headers: Record<string, string> = { ...JSON_HEADERS };
    if (err.retryAfter !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(err.retryAfter)));
    return { status: ERROR_STATUS[err.code], headers, body: JSON.stringify(body) };
  }
  if (isDatabaseUnavailable(err)) {
    // Database down, unreachable or timed out: a 503 the client may retry, not a 500.
    logUnavailable('database unavailable', err, { reqId });
    return {
      status: 503,
      headers: { ...JSON_HEADERS, 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      body: JSON.stringify({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE }),
    };
  }
  logger.error({ err, reqId }, 'unhandled error');
  return {
    status: 500,
    headers: JSON_HEADERS,
    body: JSON.stringify({ success: false, message: 'Something went wrong. Please try again.' }),
  };
}

/** The failure envelope for any thrown value; unknown errors are logged and hidden. */
export function errorResponse(err: unknown, reqId?: string): Response {
  return toResponse(errorAnswer(err, reqId));
}

/**
 * Wraps an API handler so thrown errors become envelopes. Use for every route under /api.
 * @example export const GET = api(async ({ params }) => ok({ categories: await listCategories() }));
 */
export function api(handler: (context: APIContext) => Promise<Response> | Response): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (err) {
      return errorResponse(err, (context.locals as { reqId?: string }).reqId);
    }
  };
}

/** Parses a positive integer id from a route or form parameter, or throws 400 with `message`. */
export function parseId(value: unknown, message = 'Invalid id.'): number {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (!/^\d{1,9}$/.test(text)) throw badRequest(message);
  const id = Number(text);
  if (id < 1) throw badRequest(message);
  return id;
}

/** The body's bytes and UTF-8 text, at most `limit` bytes (413 past it, 400 when unreadable or not UTF-8). */
async function readBodyBytes(
  request: Request,
  limit: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; text: string }> {
  const tooLarge = () => new AppError('payload_too_large', bodyTooLargeMessage(limit));
  if ((declaredLength(request.headers.get('content-length')) ?? 0) > limit) throw tooLarge();
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readCapped(request.body, limit);
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw tooLarge();
    throw badRequest('The request body could not be read.');
  }
  const text = decodeUtf8(bytes);
  if (text === null) throw badRequest('The request body is not valid UTF-8 text.');
  return { bytes, text };
}

/**
 * The body's bytes as the client sent them, held to `limit`: a declared length above it is a 413
 * at once, a longer chunked body a 413 as soon as it passes the cap (the rest is never read). The
 * bytes live outside the JavaScript heap, so a large upload (a catalogue CSV) read this way costs
 * the garbage collector nothing.
 */
export async function readBodyBytesCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if ((declaredLength(request.headers.get('content-length')) ?? 0) > limit)
    throw new AppError('payload_too_large', bodyTooLargeMessage(limit));
  try {
    return await readCapped(request.body, limit);
  } catch (err) {
    // The rest is not read: cancelling the body lets the server drop it with the connection,
    // instead of leaving a half-read request on a socket the client may use again.
    await request.body?.cancel().catch(() => undefined);
    if (err instanceof BodyTooLargeError) throw new AppError('payload_too_large', bodyTooLargeMessage(limit));
    throw badRequest('The request body could not be read.');
  }
}

/**
 * The body as the client sent it, as text (a signed webhook is checked over its exact bytes),
 * within the same cap as readBody.
 */
export async function readRawBody(request: Request, limit = getConfig().MAX_BODY_BYTES): Promise<string> {
  return (await readBodyBytes(request, limit)).text;
}

/**
 * Reads a request body as a plain object whatever its encoding: JSON, form-urlencoded or
 * multipart (the spec mixes all three). Bad JSON is a 400, never a 500. Edge rules
 * (src/lib/http/edge-input.ts): more than MAX_BODY_BYTES (64 KB) is a 413, by
 * Content-Length at once or while a chunked body is read; text that is not valid UTF-8 or
 * holds control characters, NUL or lone surrogates is a 400 naming the field.
 */
export async function readBody(request: Request, limit = getConfig().MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const { bytes, text } = await readBodyBytes(request, limit);
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  let out: Record<string, unknown>;
  if (type.includes('application/json')) {
    if (!text.trim()) return {};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw badRequest('The request body is not valid JSON.');
    out = value as Record<string, unknown>;
  } else if (type.includes('application/x-www-form-urlencoded')) {
    const parsed = parseEncoded(text);
    if ('problem' in parsed) throw disallowed(parsed.problem.field);
    out = Object.fromEntries(parsed.pairs);
  } else if (type.includes('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(bytes, {
        headers: { 'content-type': request.headers.get('content-type')! },
      }).formData();
    } catch {
      throw badRequest('The form data could not be read.');
    }
    out = {};
    for (const [key, value] of form.entries()) out[key] = typeof value === 'string' ? value : value.name;
  } else {
    if (!text.trim()) return {};
    throw badRequest('Unsupported content type: send JSON, form-urlencoded or multipart data.');
  }
  const field = findDisallowedField(out);
  if (field !== null) throw disallowed(field);
  return out;
}

/** The 400 for a field holding characters that are not allowed. */
export function disallowed(field: string): AppError {
  const message = disallowedMessage(field);
  return badRequest(message, { [fieldLabel(field)]: message });
}
