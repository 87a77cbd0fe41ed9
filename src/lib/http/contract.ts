/**
 * Route contracts: each API route is declared once — method, path, zod schemas for its path
 * parameters, query, body and response `data` — and everything else comes from that one
 * declaration: validation at the edge (`implement` in handler.ts), the OpenAPI document
 * (openapi.ts) and the islands' typed client (client.ts). docs/architecture.md, "Routes, the
 * envelope and the typed client".
 *
 * Contracts are browser-safe (zod only): a feature keeps them in its `contract.ts`, which its
 * islands and its server routes both import.
 *
 * @example
 * export const toggleWishlist = defineRoute({
 *   method: 'PUT', path: '/api/wishlists', summary: 'Toggle a product in the wishlist', auth: 'customer',
 *   body: z.object({ productId: positiveId('Invalid product id.') }),
 *   response: z.object({ productId: z.number(), wishlisted: z.boolean() }),
 * });
 */
import { z } from 'zod';
import type { Permission } from './permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, a signed-in customer (401 otherwise), anyone with the customer
 * when there is one, or a signed-in staff member whose role has the route's `permission` (401
 * without a staff session, 403 without the permission; checked before the body is read).
 */
export type RouteAuth = 'none' | 'customer' | 'optional' | 'staff';

/** One route's declaration. Path parameters are written `{name}` (OpenAPI style). */
export interface RouteContract {
  method: HttpMethod;
  /** Path under the site, e.g. `/api/customer/orders/{id}`. */
  path: `/api/${string}`;
  /** One line for the OpenAPI document. */
  summary: string;
  /** Longer notes for the OpenAPI document (statuses, headers). */
  description?: string;
  auth: RouteAuth;
  /** What a staff route needs (permissions.ts); required with `auth: 'staff'`, nowhere else. */
  permission?: Permission;
  /**
   * The largest body (bytes) the route takes when it needs more than MAX_BODY_BYTES (a catalogue
   * CSV): the edge gate and readBody hold this route to it instead. Only on a path without parameters.
   */
  maxBodyBytes?: number;
  /** The 413 message for a body past `maxBodyBytes`, when the route names what is too large (a photo). */
  tooLargeMessage?: string;
  /** Path parameters (strings in; the schema turns them into what the handler gets). */
  params?: z.ZodObject;
  /** Query parameters (strings in). */
  query?: z.ZodObject;
  /** Body fields; JSON, form-urlencoded and multipart are all read into one object (the spec mixes them). */
  body?: z.ZodObject;
  /**
   * A route that takes one file as multipart/form-data under this field name (a photo), instead of
   * `body`: its handler reads the file itself (upload.ts `readUploadedFile`), within `maxBodyBytes`.
   */
  fileField?: string;
  /**
   * With `fileField`: the form's text fields sent beside the file (the handler parses them itself),
   * for the OpenAPI document.
   */
  fileFormFields?: z.ZodObject;
  /** With `fileField`: the file may be left out (the form's fields alone are a request). */
  fileOptional?: boolean;
  /**
   * A route whose handler reads the body itself as it arrives (a catalogue CSV): its media type,
   * for the OpenAPI document. Such a route has no `body` schema.
   */
  consumes?: string;
  /** The envelope's `data` on success (`z.never()` for a file route). */
  response: z.ZodType;
  /**
   * A route that answers a file, not the envelope: its media type, e.g. `application/pdf`
   * (handler.ts implementFile).
   */
  produces?: string;
}

/** Declares a route; returns it unchanged with its literal types kept. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/**
 * Declares a back-office route: under `/api/admin`, signed-in staff only, with the permission
 * it needs (ADR 0061; docs/admin.md).
 * @example
 * export const markProcessedRoute = defineAdminRoute({
 *   method: 'POST', path: '/api/admin/orders/{id}/processed', summary: 'Mark an order processed',
 *   permission: 'orders.process', params: z.object({ id: positiveId() }), response: adminOrderSchema,
 * });
 */
export function defineAdminRoute<
  const C extends Omit<RouteContract, 'auth' | 'path' | 'permission'> & {
    path: `/api/admin/${string}`;
    permission: Permission;
  },
>(contract: C): C & { auth: 'staff' } {
  return { ...contract, auth: 'staff' };
}

type Infer<S, Dir extends 'in' | 'out', Else> = S extends z.ZodType
  ? Dir extends 'in'
    ? z.input<S>
    : z.output<S>
  : Else;

/** What a client sends as path parameters / query / body, and what a handler receives after parsing. */
export type ParamsIn<C extends RouteContract> = Infer<C['params'], 'in', undefined>;
export type ParamsOut<C extends RouteContract> = Infer<C['params'], 'out', Record<string, never>>;
export type QueryIn<C extends RouteContract> = Infer<C['query'], 'in', undefined>;
export type QueryOut<C extends RouteContract> = Infer<C['query'], 'out', Record<string, never>>;
export type BodyIn<C extends RouteContract> = Infer<C['body'], 'in', undefined>;
export type BodyOut<C extends RouteContract> = Infer<C['body'], 'out', Record<string, never>>;
/** The `data` a handler returns (before the response schema's transforms). */
export type DataIn<C extends RouteContract> = z.input<C['response']>;
/** The `data` a client receives. */
export type DataOut<C extends RouteContract> = z.output<C['response']>;

export { buildPath } from './paths.ts';

/**
 * A positive integer id (1 to 999,999,999) given as a number or a string of digits, e.g. a
 * route's `{id}` or a body's `product_id`; anything else fails with `message`.
 */
export function positiveId(message = 'Invalid id.') {
  return z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    const n = /^\d{1,9}$/.test(text) ? Number(text) : 0;
    if (n < 1) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
}
