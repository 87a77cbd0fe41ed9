/**
 * What every back-office page does first (`adminPage`): no caching and no indexing headers, then
 * the staff session and the page's permission. Without a staff session (a customer's counts for
 * nothing) the page redirects to /admin/login with the way back; without the permission it
 * renders a 403 ("Not for your role") and records the refusal in the audit log.
 */
import type { AstroGlobal } from 'astro';
import { AppError } from '#lib/http/envelope.ts';
import type { Permission } from '#lib/http/permissions.ts';
import { safeNextPath } from '#lib/http/safe-next.ts';
import type { SessionStaff } from '#lib/http/staff-session.ts';
import { getStaff, requireStaffPermission } from './session.ts';

/** The headers of every admin page: never stored by any cache, never indexed. */
export const ADMIN_PAGE_HEADERS = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' } as const;

/** An admin page's outcome: render for `staff`, redirect, or refuse (403). */
export type AdminPage = { staff: SessionStaff } | { redirect: string } | { forbidden: SessionStaff; message: string };

/** A redirect from an admin page, with the admin headers. */
export function adminRedirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location, ...ADMIN_PAGE_HEADERS } });
}

/** Sets the admin headers on `Astro.response`. */
export function setAdminHeaders(astro: Pick<AstroGlobal, 'response'>): void {
  for (const [name, value] of Object.entries(ADMIN_PAGE_HEADERS)) astro.response.headers.set(name, value);
}

/** Where to go after the staff sign-in: a back-office path from `next`, else the board. */
export function adminNext(value: unknown): string {
  const path = safeNextPath(value);
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin?') ? path : '/admin';
}

/** The login page's address that comes back to this page. */
export function loginRedirect(url: URL): string {
  return `/admin/login?next=${encodeURIComponent(adminNext(url.pathname + url.search))}`;
}

/** Checks the staff session and `permission` for an admin page (see the module comment). */
export async function adminPage(astro: AstroGlobal, permission: Permission): Promise<AdminPage> {
  setAdminHeaders(astro);
  if (!(await getStaff(astro))) return { redirect: loginRedirect(astro.url) };
  try {
    return { staff: await requireStaffPermission(astro, permission) };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'forbidden') throw err;
    astro.response.status = 403;
    return { forbidden: (await getStaff(astro))!, message: err.message };
  }
}
