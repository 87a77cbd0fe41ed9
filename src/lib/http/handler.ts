/**
 * Server side of route contracts (contract.ts): `implement` turns a contract and a handler into
 * an Astro endpoint that checks the session, parses path parameters, query and body with the
 * contract's schemas (400 with field messages on bad input, and on a query parameter given more
 * than once), calls the handler with typed values, and answers the envelope with `data` parsed by
 * the response schema, so what leaves the server is exactly what the contract (and so the OpenAPI
 * document and the islands' types) says. `implementPublic` does the same for a public GET route
 * whose answer depends on its query alone (no session, no path parameters, no body), and lets its
 * handler return `data` already as checked JSON text. `mount` exports a file's routes by method
 * and answers 405 with `Allow` to any other.
 */
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { logger } from '../log.ts';
import type { BodyOut, DataIn, HttpMethod, ParamsOut, QueryOut, RouteContract } from './contract.ts';
import { fieldLabel } from './edge-input.ts';
import { type Answer, api, badRequest, errorAnswer, JsonText, ok, okAnswer, readBody, toResponse } from './envelope.ts';
import { requireSessionCustomer, type SessionCustomer, sessionCustomer } from './session.ts';
import { actorOf, requireStaff, type SessionStaff, type StaffActor } from './staff-session.ts';

/** What a handler receives: the request context and its parsed, typed input. */
export interface HandlerInput<C extends RouteContract> {
  ctx: APIContext;
  params: ParamsOut<C>;
  query: QueryOut<C>;
  body: BodyOut<C>;
  customer: C['auth'] extends 'customer' ? SessionCustomer : SessionCustomer | null;
  /** A staff route's signed-in staff member (null on other routes). */
  staff: C['auth'] extends 'staff' ? SessionStaff : null;
  /** A staff route's actor for the audit log (src/lib/db/audit.ts `recordAudit`). */
  actor: C['auth'] extends 'staff' ? StaffActor : null;
}

/** What a handler returns: the envelope's `data`, and optionally status, message and headers. */
export interface HandlerResult<C extends RouteContract> {
  data: DataIn<C>;
  status?: number;
  message?: string;
  headers?: HeadersInit;
}

/** A contract with its handler, ready to mount. */
export interface ImplementedRoute<C extends RouteContract = RouteContract> {
  contract: C;
  endpoint: APIRoute;
}

const parse = <S extends z.ZodType>(schema: S | undefined, value: unknown): unknown =>
  schema ? schema.parse(value) : {};

/** The 400 message for a query parameter given more than once. */
const repeatedParamMessage = (name: string) => `${fieldLabel(name)} must be given only once.`;

/**
 * A query string as one value per parameter, for the contract's query schema. A parameter the
 * schema reads that is given more than once (`product=a&product=b`) is a 400 naming it: no route
 * takes a list that way, and keeping one of the values silently would answer a question the
 * client did not ask. Parameters the schema does not read are ignored, repeated or not.
 */
function queryValues(schema: RouteContract['query'], search: URLSearchParams): Record<string, string> {
  if (!schema) return {};
  const seen = new Set<string>();
  for (const name of search.keys()) {
    if (seen.has(name) && Object.hasOwn(schema.shape, name))
      throw badRequest(repeatedParamMessage(name), { [name]: repeatedParamMessage(name) });
    seen.add(name);
  }
  return Object.fromEntries(search);
}

/**
 * The session's customer (401 when the contract needs one) or staff member (401, or 403 without
 * the route's permission: checked before anything of the request is parsed), and the parsed
 * params, query and body (400 when bad).
 */
async function handlerInput<C extends RouteContract>(contract: C, ctx: APIContext): Promise<HandlerInput<C>> {
  if (contract.auth === 'staff') {
    if (!contract.permission) throw new Error(`${contract.method} ${contract.path} declares no permission`);
    const staff = await requireStaff(ctx, contract.permission);
    const actor = actorOf(staff, (ctx.locals as { reqId?: string }).reqId);
    return { ...(await parsedInput(contract, ctx)), ctx, customer: null, staff, actor } as HandlerInput<C>;
  }
  const customer =
    contract.auth === 'customer'
      ? await requireSessionCustomer(ctx)
      : contract.auth === 'optional'
        ? await sessionCustomer(ctx)
        : null;
  return { ...(await parsedInput(contract, ctx)), ctx, customer, staff: null, actor: null } as HandlerInput<C>;
}

/** A request's path parameters, query and body, parsed by the contract's schemas (400 when bad). */
async function parsedInput(contract: RouteContract, ctx: APIContext) {
  const params = parse(contract.params, ctx.params);
  const query = parse(contract.query, queryValues(contract.query, ctx.url.searchParams));
  const body = contract.body ? parse(contract.body, await readBody(ctx.request, contract.maxBodyBytes)) : {};
  return { params, query, body };
}

/** What a file route's handler returns: the bytes and the download's file name. */
export interface FileResult {
  body: Uint8Array;
  /** Sent as `Content-Disposition: attachment; filename="…"` (letters, digits, `.`, `-`, `_` only). */
  filename: string;
  headers?: HeadersInit;
}

/**
 * Binds a file route (a contract with `produces`) to its handler: the same session and input
 * checks as `implement`, failures as the JSON envelope, success as the file with its media type.
 */
export function implementFile<const C extends RouteContract & { produces: string }>(
  contract: C,
  handler: (input: HandlerInput<C>) => Promise<FileResult>,
): ImplementedRoute<C> {
  const endpoint = api(async (ctx) => {
    const file = await handler(await handlerInput(contract, ctx));
    const filename = file.filename.replace(/[^A-Za-z0-9._-]/g, '-');
    const headers = new Headers(file.headers);
    headers.set('content-type', contract.produces);
    headers.set('content-disposition', `attachment; filename="${filename}"`);
    headers.set('content-length', String(file.body.byteLength));
    return new Response(ctx.request.method === 'HEAD' ? null : (file.body as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers,
    });
  });
  return { contract, endpoint };
}

/**
 * Binds a streaming route (a contract with `produces: 'application/x-ndjson'`) to its handler: the
 * same session and input checks as `implement`, failures before the stream starts as the JSON
 * envelope; then one JSON object per line as the handler yields them (progress, then the result),
 * sent as they come (`no-transform` keeps the middleware's encoder, dynamic-encoding.ts, from reading them whole). A
 * failure once streaming is the last line: the envelope's failure object.
 */
export function implementStream<const C extends RouteContract & { produces: 'application/x-ndjson' }>(
  contract: C,
  handler: (input: HandlerInput<C>) => Promise<AsyncIterable<unknown>>,
): ImplementedRoute<C> {
  const endpoint = api(async (ctx) => {
    const lines = await handler(await handlerInput(contract, ctx));
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          for await (const line of lines) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        } catch (err) {
          const answer = errorAnswer(err, ctx.locals.reqId);
          controller.enqueue(encoder.encode(`${answer.body}\n`));
        }
        controller.close();
      },
    });
    return new Response(stream, {
      status: 200,
      headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store, no-transform' },
    });
  });
  return { contract, endpoint };
}

/** Binds a handler to its contract (see the module comment). */
export function implement<const C extends RouteContract>(
  contract: C,
  handler: (input: HandlerInput<C>) => Promise<HandlerResult<C>> | HandlerResult<C>,
): ImplementedRoute<C> {
  const endpoint = api(async (ctx) => {
    const result = await handler(await handlerInput(contract, ctx));
    const checked = contract.response.safeParse(result.data);
    if (!checked.success) {
      // A handler broke its own contract: a server bug, never the client's fault.
      logger.error(
        {
          reqId: ctx.locals.reqId,
          route: `${contract.method} ${contract.path}`,
          issues: checked.error.issues.slice(0, 5),
        },
        'response does not match its contract',
      );
      throw new Error(`Response of ${contract.method} ${contract.path} does not match its contract`);
    }
    return ok(checked.data, { status: result.status, message: result.message, headers: result.headers });
  });
  return { contract, endpoint };
}

/** What a public route's handler receives: its parsed query, nothing of the request or a session. */
export interface PublicInput<C extends RouteContract> {
  query: QueryOut<C>;
}

/**
 * What a public route's handler returns: as HandlerResult, or its `data` already as checked JSON
 * text (envelope.ts JsonText).
 */
export type PublicResult<C extends RouteContract> = Omit<HandlerResult<C>, 'data'> & { data: DataIn<C> | JsonText };

/** A public GET route: its answer depends on the query string alone. */
export interface PublicRoute<C extends RouteContract = RouteContract> extends ImplementedRoute<C> {
  /**
   * The route's envelope for a query string (`reqId` for the logs): parsed with the contract (400
   * when bad), handled, checked against the response schema. Never rejects: a failure is its
   * envelope, as `api` makes it.
   */
  answer(search: URLSearchParams, reqId?: string): Promise<Answer>;
}

/** Binds a handler to a public GET contract without path parameters or body (see the module comment). */
export function implementPublic<
  const C extends RouteContract & { method: 'GET'; auth: 'none'; params?: undefined; body?: undefined },
>(contract: C, handler: (input: PublicInput<C>) => Promise<PublicResult<C>> | PublicResult<C>): PublicRoute<C> {
  const label = `${contract.method} ${contract.path}`;
  const answer = async (search: URLSearchParams, reqId?: string): Promise<Answer> => {
    try {
      const query = parse(contract.query, queryValues(contract.query, search)) as QueryOut<C>;
      const result = await handler({ query });
      const init = { status: result.status, message: result.message, headers: result.headers };
      if (result.data instanceof JsonText) return okAnswer(result.data, init);
      const checked = contract.response.safeParse(result.data);
      if (!checked.success) {
        logger.error(
          { reqId, route: label, issues: checked.error.issues.slice(0, 5) },
          'response does not match its contract',
        );
        throw new Error(`Response of ${label} does not match its contract`);
      }
      return okAnswer(checked.data, init);
    } catch (err) {
      return errorAnswer(err, reqId);
    }
  };
  const endpoint: APIRoute = async (ctx) =>
    toResponse(await answer(ctx.url.searchParams, (ctx.locals as { reqId?: string }).reqId));
  return { contract, endpoint, answer };
}

/** The order of methods in `Allow` (as src/lib/http/allowed-methods.ts lists them). */
const ALLOW_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The exports of one endpoint file: each route under its method, and `ALL` answering 405 with
 * `Allow` for any other method (a GET can never reach a route that changes state).
 * @example export const { PUT, GET, ALL } = mount(toggleWishlistRoute, listWishlistRoute);
 */
export function mount(...routes: ImplementedRoute[]): Partial<Record<HttpMethod | 'HEAD' | 'ALL', APIRoute>> {
  const out: Partial<Record<HttpMethod | 'HEAD' | 'ALL', APIRoute>> = {};
  for (const route of routes) {
    if (out[route.contract.method]) throw new Error(`Two routes for ${route.contract.method} ${route.contract.path}`);
    out[route.contract.method] = route.endpoint;
  }
  // HEAD is GET without the body; Astro would send it to ALL (405) before falling back to GET.
  if (out.GET) out.HEAD = out.GET;
  const allow = ALLOW_ORDER.filter((m) => out[m]).join(', ');
  const body = JSON.stringify({ success: false, message: `This address accepts ${allow} only.` });
  out.ALL = () =>
    new Response(body, { status: 405, headers: { 'content-type': 'application/json; charset=utf-8', allow } });
  return out;
}
