/**
 * The islands' typed client for route contracts (contract.ts). An island names the route by
 * its method and path and gives the contract's type, imported with `import type` so no zod
 * schema reaches the browser bundle:
 *
 *   import type { toggleWishlistRoute } from '../contract.ts';
 *   const { status, data } = await callRoute<typeof toggleWishlistRoute>('PUT /api/wishlists', { body: { productId: 7 } });
 *
 * The compiler checks that the string is the contract's own method and path, that params, query
 * and body match its schemas, and types `data` by its response schema, so changing a response
 * field breaks the build of every island that reads it. Omitting the type argument is a compile
 * error. Requests go through api-client's one ofetch instance (base URL, 401 handling); errors
 * are its `ApiError` (message, status, field errors).
 * Browser-safe: imports no server code and no schema.
 */
import type { z } from 'zod';
import { type ApiResult, apiRequest } from './api-client.ts';
import type { BodyIn, DataOut, ParamsIn, QueryIn, RouteContract } from './contract.ts';
import { buildPath } from './paths.ts';

type Part<S, K extends string, V> = S extends z.ZodType ? { [P in K]: V } : { [P in K]?: undefined };

/** What one call sends: path parameters and body when the contract has them, query optionally. */
export type CallInput<C extends RouteContract> = Part<C['params'], 'params', ParamsIn<C>> &
  Part<C['body'], 'body', BodyIn<C>> & {
    query?: QueryIn<C>;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    /** Message used when the server sends none (or the network fails). */
    fallbackMessage?: string;
  };

/** `"METHOD /path"` of a contract, e.g. `"GET /api/customer/orders/{id}"`. */
export type RouteKey<C extends RouteContract> = `${C['method']} ${C['path']}`;

/**
 * Calls a declared route (see the module comment).
 * @throws ApiError on a network failure, a non-2xx status or `success: false`.
 */
export function callRoute<C extends RouteContract = never>(
  route: RouteKey<C>,
  input: CallInput<C>,
): Promise<ApiResult<DataOut<C>>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as C['method'];
  const { params, body, query, headers, signal, fallbackMessage } = input as {
    params?: Record<string, string | number>;
    body?: Record<string, unknown>;
    query?: Record<string, string | number | boolean | undefined>;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    fallbackMessage?: string;
  };
  return apiRequest<DataOut<C>>(buildPath(route.slice(space + 1), params), {
    method,
    query,
    body,
    headers,
    signal,
    fallbackMessage,
  });
}
