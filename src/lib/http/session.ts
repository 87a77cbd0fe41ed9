/**
 * Who a request is signed in as, as every route declaration sees it. The kernel declares the shape and the
 * question; the auth feature answers it: the server's start-up registers auth's resolver (src/server/wiring.ts),
 * so the route handler (handler.ts) asks for the session without importing a feature.
 */
import type { APIContext } from 'astro';

/** The signed-in customer as the session knows it. */
export interface SessionCustomer {
  id: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  sessionId: number;
}

/** The parts of a request a resolver reads. */
export type SessionContext = Pick<APIContext, 'request' | 'cookies' | 'url' | 'locals'>;

/** How the kernel finds a request's customer. */
export interface SessionResolver {
  /** The signed-in customer, or null. */
  customer(ctx: SessionContext): Promise<SessionCustomer | null>;
  /** The signed-in customer, or an AppError 401 for a route that needs one. */
  requireCustomer(ctx: SessionContext): Promise<SessionCustomer>;
}

let resolver: SessionResolver | undefined;

/** Installs the resolver (once, at start-up; a later call replaces it). */
export function registerSessionResolver(next: SessionResolver): void {
  resolver = next;
}

function current(): SessionResolver {
  if (!resolver) throw new Error('no session resolver registered: the server start-up registers auth’s');
  return resolver;
}

/** The request's signed-in customer, or null. */
export const sessionCustomer = (ctx: SessionContext) => current().customer(ctx);

/** The request's signed-in customer, or a 401. */
export const requireSessionCustomer = (ctx: SessionContext) => current().requireCustomer(ctx);
