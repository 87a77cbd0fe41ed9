/**
 * The islands' typed client for route contracts (contract.ts): `callRoute(contract, input)`
 * fills the path, sends query and body (JSON), and returns the envelope's `data` typed by the
 * contract's response schema, so changing a response field breaks the build of every island
 * that reads it. Errors are api-client's `ApiError` (message, status, field errors).
 * Browser-safe: imports no server code.
 * @example const { data } = await callRoute(toggleWishlist, { body: { productId: 7 } });
 */
import type { z } from 'zod';
import { apiRequest, type ApiResult } from './api-client.ts';
import { buildPath, type BodyIn, type DataOut, type ParamsIn, type QueryIn, type RouteContract } from './contract.ts';

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

/** Calls a declared route. @throws ApiError on a network failure, a non-2xx status or `success: false`. */
export function callRoute<C extends RouteContract>(contract: C, input: CallInput<C>): Promise<ApiResult<DataOut<C>>> {
  const { params, body, query, headers, signal, fallbackMessage } = input as CallInput<RouteContract> & { params?: Record<string, string | number>; body?: Record<string, unknown>; query?: Record<string, string | number | boolean | undefined> };
  return apiRequest<DataOut<C>>(buildPath(contract.path, params), { method: contract.method, query, body, headers, signal, fallbackMessage });
}
