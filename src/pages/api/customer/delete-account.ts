/**
 * GET (as the spec calls it) or DELETE /api/customer/delete-account: revokes every session,
 * removes the personal data (orders stay, anonymised) and clears the cookies; "Account deleted
 * successfully!". A GET that changes state is a cross-site request forgery risk, so a GET that
 * a browser made from another site or as a page navigation is refused (403).
 */
import type { APIContext } from 'astro';
import { api, AppError, ok } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { deleteAccount } from '../../../lib/server/services/account.ts';
import { clearSessionCookie, requireCustomer } from '../../../lib/server/session.ts';
import { ACCOUNT_MESSAGES } from '../../../lib/account-rules.ts';
import { NO_STORE } from '../../../lib/server/cache-control.ts';

async function remove(ctx: APIContext): Promise<Response> {
  const customer = await requireCustomer(ctx);
  await deleteAccount(await getDb(), customer.id);
  clearSessionCookie(ctx.cookies, ctx.url);
  return ok({}, { message: ACCOUNT_MESSAGES.accountDeleted, headers: NO_STORE });
}

export const GET = api(async (ctx) => {
  const site = ctx.request.headers.get('sec-fetch-site');
  const mode = ctx.request.headers.get('sec-fetch-mode');
  if ((site && site !== 'same-origin' && site !== 'none') || mode === 'navigate') {
    throw new AppError('forbidden', 'Please delete your account from the My Account page.');
  }
  return remove(ctx);
});

export const DELETE = api(remove);
