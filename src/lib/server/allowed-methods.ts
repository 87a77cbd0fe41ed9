/**
 * 405 Method Not Allowed for the API (issue 11: every change of state needs POST, PUT, PATCH or
 * DELETE). Astro answers a method a route does not export with an empty 404; for /api routes the
 * middleware turns that into `405` with an `Allow` header listing the methods the route module
 * does export (HEAD with GET), in the usual JSON envelope.
 */
import { AppError, errorResponse } from './http.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// Every API route module, loaded on demand (only when a request used a method it lacks).
const routes = import.meta.glob('../../pages/api/**/*.ts');

/**
 * The methods the API route with this pattern ("/api/customer/orders/[id]") exports, in the
 * order GET, HEAD, POST, PUT, PATCH, DELETE; null when there is no such route module.
 */
export async function routeMethods(routePattern: string): Promise<string[] | null> {
  const load = routes[`../../pages${routePattern}.ts`] ?? routes[`../../pages${routePattern}/index.ts`];
  if (!load) return null;
  const mod = (await load()) as Record<string, unknown>;
  const allowed: string[] = [];
  for (const method of METHODS) {
    if (typeof mod[method] !== 'function' && typeof mod.ALL !== 'function') continue;
    allowed.push(method);
    if (method === 'GET') allowed.push('HEAD');
  }
  return allowed;
}

/**
 * `response` unchanged, unless it is Astro's bodiless 404 for a method an /api route does not
 * handle: then a 405 envelope with `Allow`.
 */
export async function methodNotAllowed(request: Request, routePattern: string | undefined, response: Response): Promise<Response> {
  if (response.status !== 404 || response.body !== null || !routePattern?.startsWith('/api/')) return response;
  const allowed = await routeMethods(routePattern);
  if (!allowed || allowed.includes(request.method)) return response;
  const res = errorResponse(new AppError('method_not_allowed', `${request.method} is not allowed here; use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}.`));
  res.headers.set('allow', allowed.join(', '));
  return res;
}
