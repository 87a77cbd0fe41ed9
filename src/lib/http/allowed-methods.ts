/**
 * 405 Method Not Allowed for the API (every change of state needs POST, PUT, PATCH or DELETE) and
 * the probes (/healthz, /readyz). Astro would answer a method a route does not export with an
 * empty 404 (and a log warning); for these routes the middleware answers `405` instead, before the
 * route runs, with an `Allow` header listing the methods the route module does export (HEAD with
 * GET), in the usual JSON envelope.
 */
import { AppError, errorResponse } from './envelope.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// Every API route module and the probes, loaded on demand (only when a request used a method it lacks).
const routes = import.meta.glob(['../../pages/api/**/*.ts', '../../pages/healthz.ts', '../../pages/readyz.ts']);

/** The probes' route patterns: endpoints outside /api that answer GET and HEAD only. */
const PROBES = new Set(['/healthz', '/readyz']);

const known = new Map<string, string[] | null>();

/**
 * The methods the API route (or probe) with this pattern ("/api/customer/orders/[id]") exports, in the
 * order GET, HEAD, POST, PUT, PATCH, DELETE; null when there is no such route module.
 */
export async function routeMethods(routePattern: string): Promise<string[] | null> {
  if (known.has(routePattern)) return known.get(routePattern)!;
  const load = routes[`../../pages${routePattern}.ts`] ?? routes[`../../pages${routePattern}/index.ts`];
  let allowed: string[] | null = null;
  if (load) {
    const mod = (await load()) as Record<string, unknown>;
    allowed = [];
    for (const method of METHODS) {
      if (typeof mod[method] !== 'function' && typeof mod.ALL !== 'function') continue;
      allowed.push(method);
      if (method === 'GET') allowed.push('HEAD');
    }
  }
  known.set(routePattern, allowed);
  return allowed;
}

/**
 * A 405 envelope with `Allow` when `request` uses a method the /api route or probe `routePattern`
 * does not export; null otherwise (neither an API route nor a probe, or the method is handled).
 */
export async function methodNotAllowed(request: Request, routePattern: string | undefined): Promise<Response | null> {
  if (!routePattern || !(routePattern.startsWith('/api/') || PROBES.has(routePattern))) return null;
  const allowed = await routeMethods(routePattern);
  if (!allowed || allowed.includes(request.method)) return null;
  const res = errorResponse(
    new AppError(
      'method_not_allowed',
      `${request.method} is not allowed here; use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}.`,
    ),
  );
  res.headers.set('allow', allowed.join(', '));
  return res;
}
